import { Outlet } from "react-router";

/** Back-office shell; issue #5 adds the session and admin-role guard here and in every loader. */
export default function AdminLayout() {
  return <Outlet />;
}

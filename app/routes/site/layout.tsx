import { Outlet } from "react-router";

/** Public pages: header, page, footer (issue #3 fills the header and footer). */
export default function SiteLayout() {
  return (
    <>
      <Outlet />
    </>
  );
}

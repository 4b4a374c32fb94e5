import type { Route } from "./+types/not-found";
import { requireAdmin } from "~/server/accounts/authz.server";
import { throwError } from "~/lib/error-payload";

/**
 * Any other /admin/… address: signed out, the sign-in screen (as every admin screen); signed in,
 * a 404 answered by the admin layout's error screen, inside the shell with its navigation and
 * 'Back to Dashboard'.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throwError(404, { message: "There is no back-office screen at this address." }, { statusText: "Not found" });
}

export default function AdminNotFound() {
  return null;
}

import type { Route } from "./+types/auth-api";
import { auth } from "~/server/accounts/auth.server";
import { isSameOrigin } from "~/server/http/security.server";

/** Every /api/auth/* request goes to better-auth (sessions, verification links, password reset). */
async function handle(request: Request) {
  const response = await (await auth()).handler(request);
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "private, no-store");
  return response;
}

export async function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export async function action({ request }: Route.ActionArgs) {
  // Browsers send Origin with every POST: a write from another site (login CSRF) is refused.
  if (request.headers.get("origin") !== null && !isSameOrigin(request)) {
    return Response.json({ message: "This request did not come from this site." }, { status: 403 });
  }
  return handle(request);
}

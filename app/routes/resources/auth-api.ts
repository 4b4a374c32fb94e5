import type { Route } from "./+types/auth-api";
import { auth } from "~/server/auth.server";

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
  return handle(request);
}

import type { Route } from "./+types/event-api";
import { collectEvent, MAX_BODY_BYTES } from "~/server/analytics/collect.server";
import { clientAddress } from "~/server/leads/lead-intake.server";

/**
 * The beacon's collect endpoint through React Router (the dev server; the production server
 * answers it earlier, in server/main.js, with the same `collectEvent`). No cookie, no body.
 */
function answer(status: number) {
  return new Response(null, { status, headers: { "Cache-Control": "no-store", ...(status === 405 ? { Allow: "POST" } : {}) } });
}

export function loader() {
  return answer(405);
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return answer(405);
  const body = await request.text();
  if (body.length > MAX_BODY_BYTES) return answer(413);
  return answer(await collectEvent({ headers: request.headers, ip: clientAddress(request), host: new URL(request.url).host, body }));
}

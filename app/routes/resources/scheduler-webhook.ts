import type { Route } from "./+types/scheduler-webhook";
import { receiveSchedulerDelivery } from "~/server/scheduler/webhook.server";

/** POST /api/webhooks/scheduler: the scheduler's signed booking events (app/server/scheduler/webhook.server.ts). */
export function loader() {
  return Response.json({ ok: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  return receiveSchedulerDelivery(request);
}

import { config } from "~/server/core/env.server";
import { log } from "~/server/core/log.server";
import { errorText } from "~/server/http/errors.server";
import { BODY_LIMITS } from "~/server/http/request-limits.server";
import { BOOKING_REF_KEY } from "~/lib/booking-url";
import { applySchedulerEvent } from "./booking-events.server";
import { parseDelivery } from "./payload.server";
import { SCHEDULER_SIGNATURE_HEADER, verifySchedulerSignature } from "./signature.server";

/**
 * POST /api/webhooks/scheduler (docs/decisions/0052): the scheduler's signed booking events.
 * 404 while SCHEDULER_WEBHOOK_SECRET is not set (nothing to verify with: the endpoint does not
 * exist); 413 past 64 KB (a booking is a few KB; the request boundary refuses it first on the
 * server, this counts again for the dev server); 401 for a missing or wrong signature, before
 * anything is parsed; 400 for a signed body that is no event; 200 for an event acted on, a replay
 * and an event type the site ignores; 503 when the database failed (the scheduler retries).
 */
export const SCHEDULER_WEBHOOK_PATH = "/api/webhooks/scheduler";
export const SCHEDULER_BODY_LIMIT = BODY_LIMITS.public;

function answer(status: number, body: Record<string, unknown>, headers?: HeadersInit) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** The body's bytes, or null as soon as they pass `limit`. */
async function readWithin(request: Request, limit: number): Promise<Uint8Array | null> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

export async function receiveSchedulerDelivery(request: Request): Promise<Response> {
  if (request.method !== "POST") return answer(405, { ok: false, message: "Method not allowed" }, { Allow: "POST" });
  const secret = config().schedulerWebhookSecret;
  if (!secret) return answer(404, { ok: false, message: "The scheduler's webhook is not configured (SCHEDULER_WEBHOOK_SECRET)." });
  const raw = await readWithin(request, SCHEDULER_BODY_LIMIT);
  if (!raw) return answer(413, { ok: false, message: "The request is too large (64 KB at most)." });
  if (!verifySchedulerSignature(secret, raw, request.headers.get(SCHEDULER_SIGNATURE_HEADER))) {
    log.warn("scheduler webhook refused: missing or wrong signature");
    return answer(401, { ok: false, message: "Missing or wrong signature." });
  }
  const delivery = parseDelivery(Buffer.from(raw).toString("utf8"), BOOKING_REF_KEY);
  if (delivery.kind === "invalid") return answer(400, { ok: false, message: delivery.message });
  if (delivery.kind === "ignored") return answer(200, { ok: true, outcome: "ignored" });
  try {
    const result = await applySchedulerEvent(delivery.event);
    return answer(200, { ok: true, outcome: result.outcome });
  } catch (error) {
    log.error("scheduler webhook failed", { event: delivery.event.type, error: errorText(error) });
    return answer(503, { ok: false, message: "The event could not be stored. Please try again." }, { "Retry-After": "30" });
  }
}

import crypto from "node:crypto";

/**
 * The scheduler's signature (Cal.com): `X-Cal-Signature-256` is the hex HMAC-SHA256 of the raw
 * request body with the webhook's secret (SCHEDULER_WEBHOOK_SECRET). Checked on the bytes as they
 * arrived, before the body is parsed, and compared in constant time.
 */
export const SCHEDULER_SIGNATURE_HEADER = "X-Cal-Signature-256";

export function schedulerSignature(secret: string, rawBody: string | Uint8Array) {
  return crypto.createHmac("sha256", secret).update(rawBody).digest("hex");
}

/** Whether `header` is the signature of `rawBody`; false for a missing, malformed or wrong one. */
export function verifySchedulerSignature(secret: string, rawBody: string | Uint8Array, header: string | null | undefined): boolean {
  if (!header) return false;
  // Some senders prefix the algorithm ("sha256=…"); the hex is what is compared.
  const given = header.trim().replace(/^sha256=/i, "");
  if (!/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = Buffer.from(schedulerSignature(secret, rawBody), "hex");
  return crypto.timingSafeEqual(expected, Buffer.from(given, "hex"));
}

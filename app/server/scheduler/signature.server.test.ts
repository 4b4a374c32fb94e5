import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { schedulerSignature, verifySchedulerSignature } from "./signature.server";

const secret = "a-scheduler-secret";
const body = '{"triggerEvent":"BOOKING_CREATED","payload":{"uid":"x"}}';
const good = crypto.createHmac("sha256", secret).update(body).digest("hex");

describe("the scheduler's signature", () => {
  it("is the hex HMAC-SHA256 of the raw body with the secret", () => {
    expect(schedulerSignature(secret, body)).toBe(good);
    expect(schedulerSignature(secret, new TextEncoder().encode(body))).toBe(good);
  });

  it("accepts the right signature, in either case and with a sha256= prefix", () => {
    expect(verifySchedulerSignature(secret, body, good)).toBe(true);
    expect(verifySchedulerSignature(secret, body, good.toUpperCase())).toBe(true);
    expect(verifySchedulerSignature(secret, body, `sha256=${good}`)).toBe(true);
  });

  it("refuses a missing, malformed or wrong signature, another secret's, and a body changed by one byte", () => {
    expect(verifySchedulerSignature(secret, body, null)).toBe(false);
    expect(verifySchedulerSignature(secret, body, "")).toBe(false);
    expect(verifySchedulerSignature(secret, body, good.slice(0, 63))).toBe(false);
    expect(verifySchedulerSignature(secret, body, `${good.slice(0, 63)}z`)).toBe(false);
    expect(verifySchedulerSignature(secret, body, schedulerSignature("another-secret", body))).toBe(false);
    expect(verifySchedulerSignature(secret, `${body} `, good)).toBe(false);
  });
});

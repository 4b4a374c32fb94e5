import crypto from "node:crypto";
import type { LeadAttribution } from "~/lib/lead";
import { isAnswerEngine } from "~/lib/answer-engines";

/**
 * The opaque reference the booking frame hands the scheduler (`metadata[ref]` of the booking URL),
 * which comes back in the webhook's payload (docs/decisions/0052). Two kinds, neither a personal
 * identifier nor a lead's id:
 * - a lead's: `l_` and 128 random bits, kept on the lead (leads.booking_ref);
 * - a visit's (a booking from 'Work with Us', no lead yet): `v1.` the visit's attribution (with its answer engine) as compact
 *   JSON in base64url, `.` and its HMAC-SHA256 (cut to 128 bits) with AUTH_SECRET. Nothing is stored
 *   for it and nothing is set in the browser; it is valid for VISIT_REF_DAYS.
 */

export const VISIT_REF_DAYS = 7;
/** Cal.com keeps a metadata value of up to 500 characters: a visit's reference stays under it. */
export const MAX_REF_LENGTH = 480;

const LEAD_REF = /^l_[A-Za-z0-9_-]{22}$/;

/** A new lead's reference. */
export function newLeadRef() {
  return `l_${crypto.randomBytes(16).toString("base64url")}`;
}

/**
 * The attribution's fields in the order a reference holds them. One issued before last touch was kept
 * holds the first seven (FIRST_TOUCH), one issued before the answer engine the first six; their last
 * touch is read as their first (the only touch they knew).
 */
const FIELDS = [
  "landingPage",
  "convertedOn",
  "referrer",
  "utmSource",
  "utmMedium",
  "utmCampaign",
  "answerEngine",
  "lastReferrer",
  "lastUtmSource",
  "lastUtmMedium",
  "lastUtmCampaign",
  "lastAnswerEngine",
] as const satisfies readonly (keyof LeadAttribution)[];
const FIRST_TOUCH = 7;
const KNOWN_LENGTHS = [FIELDS.length, FIRST_TOUCH, FIRST_TOUCH - 1];

function sign(secret: string, payload: string) {
  return crypto.createHmac("sha256", secret).update(`booking-ref.${payload}`).digest().subarray(0, 16).toString("base64url");
}

function encode(values: (string | null)[], issuedAt: number) {
  return Buffer.from(JSON.stringify([issuedAt, ...values])).toString("base64url");
}

/**
 * A visit's reference carrying its attribution. Past MAX_REF_LENGTH the longest field is cut
 * (a campaign name or path of hundreds of characters) until it fits.
 */
export function visitRef(secret: string, attribution: LeadAttribution, now = new Date()) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const values = FIELDS.map((field) => attribution[field] ?? null);
  let payload = encode(values, issuedAt);
  while (`v1.${payload}.`.length + 22 > MAX_REF_LENGTH) {
    const longest = values.reduce((at, value, i) => ((value?.length ?? 0) > (values[at]?.length ?? 0) ? i : at), 0);
    const value = values[longest]!;
    values[longest] = value.slice(0, Math.floor(value.length * 0.8));
    payload = encode(values, issuedAt);
  }
  return `v1.${payload}.${sign(secret, payload)}`;
}

export type BookingRef = { kind: "lead"; ref: string } | { kind: "visit"; attribution: LeadAttribution };

function textOrNull(value: unknown) {
  return typeof value === "string" && value !== "" ? value.slice(0, 300) : null;
}

/** What a reference from the webhook stands for; null for none, a forged or altered one, or an expired visit's. */
export function readBookingRef(secret: string, value: unknown, now = new Date()): BookingRef | null {
  if (typeof value !== "string" || value.length > MAX_REF_LENGTH) return null;
  if (LEAD_REF.test(value)) return { kind: "lead", ref: value };
  const [version, payload, signature, ...rest] = value.split(".");
  if (version !== "v1" || !payload || !signature || rest.length) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(decoded) || !KNOWN_LENGTHS.includes(decoded.length - 1) || typeof decoded[0] !== "number") return null;
  const ageSeconds = now.getTime() / 1000 - decoded[0];
  if (ageSeconds < -300 || ageSeconds > VISIT_REF_DAYS * 24 * 3600) return null;
  const read = Object.fromEntries(FIELDS.map((field, i) => [field, textOrNull(decoded[i + 1])])) as LeadAttribution;
  const attribution =
    decoded.length - 1 === FIELDS.length
      ? read
      : {
          ...read,
          lastReferrer: read.referrer,
          lastUtmSource: read.utmSource,
          lastUtmMedium: read.utmMedium,
          lastUtmCampaign: read.utmCampaign,
          lastAnswerEngine: read.answerEngine,
        };
  // Only a key this version knows is taken for an engine (the reference is signed, but may be older or newer).
  const engine = (key: string | null) => (isAnswerEngine(key) ? key : null);
  return {
    kind: "visit",
    attribution: { ...attribution, answerEngine: engine(attribution.answerEngine), lastAnswerEngine: engine(attribution.lastAnswerEngine) },
  };
}

import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { MAX_REF_LENGTH, VISIT_REF_DAYS, newLeadRef, readBookingRef, visitRef } from "./reference.server";
import { bookingUrl } from "~/lib/booking-url";

const secret = "an-auth-secret-of-at-least-32-characters";
const attribution = {
  landingPage: "/blog/x",
  convertedOn: "/",
  referrer: "perplexity.ai",
  utmSource: "li",
  utmMedium: "social",
  utmCampaign: "q4",
  answerEngine: "perplexity",
  lastReferrer: "chatgpt.com",
  lastUtmSource: "newsletter",
  lastUtmMedium: "email",
  lastUtmCampaign: "dec",
  lastAnswerEngine: "chatgpt",
};
const now = new Date("2026-11-28T10:00:00Z");

describe("booking references", () => {
  it("a lead's is random and opaque, and read back as the lead's", () => {
    const a = newLeadRef();
    expect(a).toMatch(/^l_[\w-]{22}$/);
    expect(newLeadRef()).not.toBe(a);
    expect(readBookingRef(secret, a)).toEqual({ kind: "lead", ref: a });
  });

  it("a visit's carries its attribution, signed, and is read back while it is valid", () => {
    const ref = visitRef(secret, attribution, now);
    expect(readBookingRef(secret, ref, now)).toEqual({ kind: "visit", attribution });
    expect(readBookingRef(secret, ref, new Date(now.getTime() + (VISIT_REF_DAYS - 1) * 86_400_000))).not.toBeNull();
    expect(readBookingRef(secret, ref, new Date(now.getTime() + (VISIT_REF_DAYS + 1) * 86_400_000))).toBeNull();
  });

  it("refuses a visit's reference signed with another secret, altered, or malformed", () => {
    const ref = visitRef(secret, attribution, now);
    expect(readBookingRef("another-secret-of-at-least-32-chars!!", ref, now)).toBeNull();
    const [v, payload, signature] = ref.split(".");
    const altered = Buffer.from(Buffer.from(payload!, "base64url").toString().replace("perplexity.ai", "example.com")).toString("base64url");
    expect(readBookingRef(secret, `${v}.${altered}.${signature}`, now)).toBeNull();
    for (const bad of [undefined, 42, "", "v1.", "v2.abc.def", `${ref}.x`, "l_short", "x".repeat(MAX_REF_LENGTH + 1)]) {
      expect(readBookingRef(secret, bad, now)).toBeNull();
    }
  });

  /** A reference signed as the module signs one, holding `values` as given (an older or another version's). */
  function signedRef(values: unknown[]) {
    const payload = Buffer.from(JSON.stringify([Math.floor(now.getTime() / 1000), ...values])).toString("base64url");
    const signature = crypto.createHmac("sha256", secret).update(`booking-ref.${payload}`).digest().subarray(0, 16).toString("base64url");
    return `v1.${payload}.${signature}`;
  }

  it("reads a visit's reference issued before the answer engine was carried, with no engine, its one touch as the last", () => {
    const old = signedRef(["/blog/x", "/", "chatgpt.com", null, null, null]);
    expect(readBookingRef(secret, old, now)).toEqual({
      kind: "visit",
      attribution: {
        landingPage: "/blog/x",
        convertedOn: "/",
        referrer: "chatgpt.com",
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        answerEngine: null,
        lastReferrer: "chatgpt.com",
        lastUtmSource: null,
        lastUtmMedium: null,
        lastUtmCampaign: null,
        lastAnswerEngine: null,
      },
    });
  });

  it("reads a visit's reference issued before last touch was carried: its first touch is its last", () => {
    const old = signedRef(["/blog/x", "/", "perplexity.ai", "li", "social", "q4", "perplexity"]);
    const read = readBookingRef(secret, old, now);
    expect(read).toEqual({
      kind: "visit",
      attribution: {
        ...attribution,
        lastReferrer: "perplexity.ai",
        lastUtmSource: "li",
        lastUtmMedium: "social",
        lastUtmCampaign: "q4",
        lastAnswerEngine: "perplexity",
      },
    });
  });

  it("takes only an answer engine it knows from a reference, first or last touch", () => {
    const read = readBookingRef(secret, signedRef(["/", null, null, null, null, null, "ask-jeeves"]), now);
    expect(read?.kind === "visit" && read.attribution.answerEngine).toBeNull();
    const both = readBookingRef(secret, signedRef(["/", null, null, null, null, null, "ask-jeeves", null, null, null, null, "ask-jeeves"]), now);
    expect(both?.kind === "visit" && [both.attribution.answerEngine, both.attribution.lastAnswerEngine]).toEqual([null, null]);
    expect(readBookingRef(secret, signedRef(["/", null, null, null, null, null, null, "extra"]), now)).toBeNull();
  });

  it("a visit's stays within what the scheduler keeps in a metadata value, cutting the longest fields", () => {
    const long = { ...attribution, landingPage: `/blog/${"a".repeat(300)}`, utmCampaign: "c".repeat(100) };
    const ref = visitRef(secret, long, now);
    expect(ref.length).toBeLessThanOrEqual(MAX_REF_LENGTH);
    const read = readBookingRef(secret, ref, now);
    expect(read?.kind === "visit" && read.attribution.landingPage?.startsWith("/blog/aaa")).toBe(true);
    expect(read?.kind === "visit" && read.attribution.referrer).toBe("perplexity.ai");
  });

  it("rides in the booking address as metadata, with the lead's name and e-mail to prefill", () => {
    const url = new URL(bookingUrl("https://cal.com/studio/discovery?theme=dark", "l_abc", { name: "Ada L", email: "ada@x.example" }));
    expect(url.searchParams.get("metadata[ref]")).toBe("l_abc");
    expect(url.searchParams.get("name")).toBe("Ada L");
    expect(url.searchParams.get("email")).toBe("ada@x.example");
    expect(url.searchParams.get("theme")).toBe("dark");
    expect(bookingUrl("https://cal.com/studio/discovery", null)).toBe("https://cal.com/studio/discovery");
  });
});

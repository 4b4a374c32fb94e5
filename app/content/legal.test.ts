import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { privacyPolicy, termsAndConditions } from "./legal";

/**
 * Each legal document's text, fingerprinted, by the month it carries as 'Last updated'. Changing
 * a text without its date fails here: set `lastUpdated` to the month of the change, then add that
 * month's fingerprint below (the failure message prints it). Older months stay as the record.
 */
const FINGERPRINTS: Record<"privacy" | "terms", Record<string, string>> = {
  privacy: {
    "2025-01": "52b77b6dabd4bfb9",
    // 'Visit Statistics' (the cookieless analytics) added on 2026-11-23; daily totals kept 25 months (2026-11-27).
    "2026-11": "7f08572d7f5e1d10",
  },
  terms: {
    "2025-01": "805179932447b09e",
  },
};

type LegalDocument = typeof privacyPolicy | typeof termsAndConditions;

/** Everything the page shows from the document except its date, with the brand left as a placeholder. */
function fingerprint(document: LegalDocument) {
  const { lastUpdated: _date, intro, ...rest } = document;
  const text = JSON.stringify({ ...rest, intro: intro("{brand}") });
  return crypto.createHash("sha256").update(text).digest("hex").slice(0, 16);
}

describe("legal pages' 'Last updated'", () => {
  for (const [name, document] of [
    ["privacy", privacyPolicy],
    ["terms", termsAndConditions],
  ] as const) {
    it(`the ${name} text is the one recorded for its date (${document.lastUpdated})`, () => {
      const months = Object.keys(FINGERPRINTS[name]).sort();
      // The date shown is the newest change on record, never an older one.
      expect(document.lastUpdated, `${name}: lastUpdated must be the newest month recorded here`).toBe(months.at(-1));
      expect(fingerprint(document), `${name}: its text changed without its date. Set lastUpdated to this month and record the fingerprint for it.`).toBe(
        FINGERPRINTS[name][document.lastUpdated],
      );
    });
  }
});

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type * as DbClient from "~/server/db/client.server";
import type { DbHandle } from "~/server/db/client.server";
import { leads } from "~/server/db/schema.server";
import { startSmtp } from "../support/smtp";
import { freshTestDatabase } from "../support/test-db";

/** A lead carries where its visitor came from (the first page view) and where it converted. */

let handle: DbHandle;
// A lead's mail goes to a real SMTP server (never a developer's SMTP_URL from .env).
const smtp = await startSmtp();
process.env.SMTP_URL = smtp.url;

vi.mock("~/server/db/client.server", async (original) => ({
  ...(await original<typeof DbClient>()),
  db: () => Promise.resolve(handle.db),
}));

beforeAll(async () => {
  handle = await freshTestDatabase();
});
afterAll(async () => {
  await handle.close();
  await smtp.close();
});

const { action: postLead } = await import("~/routes/resources/leads-api");
const { BROWSER, ORIGIN, beacon } = await import("../support/analytics-beacon");

describe("lead attribution", () => {
  function lead(email: string, ip: string, headers: Record<string, string> = {}) {
    const body = new URLSearchParams({ name: "Grace Hopper", email, company: "Navy", message: "Our compiler reports by hand" });
    const request = new Request(`${ORIGIN}/api/leads`, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "user-agent": BROWSER, "x-client-ip": ip, ...headers },
    });
    return postLead({ request, params: {}, context: {} } as never);
  }
  const stored = async (email: string) => (await handle.db.select().from(leads).where(eq(leads.email, email)))[0]!;

  it("carries the first page view's landing page, referrer and UTM and the last page's path into the lead", async () => {
    const ip = "10.5.0.1";
    await beacon(
      {
        type: "pageview",
        path: "/",
        landing: "/",
        referrer: "https://social.example/p/1",
        utm_source: "linkedin",
        utm_medium: "social",
        utm_campaign: "autumn",
      },
      { ip },
    );
    await beacon({ type: "pageview", path: "/blog/some-post", landing: "/" }, { ip });
    await beacon({ type: "audit_open", path: "/blog/some-post", landing: "/" }, { ip });
    // Not flushed by the test: the lead intake flushes the batch itself.
    expect((await lead("grace@example.com", ip)).status).toBe(200);
    expect(await stored("grace@example.com")).toMatchObject({
      landingPage: "/",
      convertedOn: "/blog/some-post",
      referrer: "social.example",
      utmSource: "linkedin",
      utmMedium: "social",
      utmCampaign: "autumn",
      answerEngine: null,
      // No later page view came from elsewhere: the last touch is the first.
      lastReferrer: "social.example",
      lastUtmSource: "linkedin",
      lastUtmMedium: "social",
      lastUtmCampaign: "autumn",
      lastAnswerEngine: null,
    });
  });

  it("carries the last page view that came from elsewhere as the last touch; clicks inside the site after it change nothing", async () => {
    const ip = "10.5.0.8";
    await beacon(
      { type: "pageview", path: "/", landing: "/", referrer: "https://www.google.com/", utm_source: "google", utm_medium: "cpc", utm_campaign: "q4" },
      { ip },
    );
    await beacon({ type: "pageview", path: "/blog/some-post", landing: "/" }, { ip });
    // Came back later from an answer in ChatGPT, then read on inside the site.
    await beacon({ type: "pageview", path: "/blog/other-post", landing: "/blog/other-post", referrer: "https://chatgpt.com/" }, { ip });
    await beacon({ type: "pageview", path: "/case-studies", landing: "/blog/other-post" }, { ip });
    expect((await lead("ada@example.com", ip)).status).toBe(200);
    expect(await stored("ada@example.com")).toMatchObject({
      landingPage: "/",
      convertedOn: "/case-studies",
      referrer: "google.com",
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "q4",
      answerEngine: null,
      lastReferrer: "chatgpt.com",
      lastUtmSource: null,
      lastUtmMedium: null,
      lastUtmCampaign: null,
      lastAnswerEngine: "chatgpt",
    });
  });

  it("a visit that came direct and came back from a campaign has no first-touch source and the campaign as its last", async () => {
    const ip = "10.5.0.9";
    await beacon({ type: "pageview", path: "/", landing: "/" }, { ip });
    await beacon({ type: "pageview", path: "/blog/some-post", utm_source: "newsletter", utm_medium: "email", utm_campaign: "dec" }, { ip });
    expect((await lead("direct@example.com", ip)).status).toBe(200);
    expect(await stored("direct@example.com")).toMatchObject({
      referrer: null,
      utmSource: null,
      lastReferrer: null,
      lastUtmSource: "newsletter",
      lastUtmMedium: "email",
      lastUtmCampaign: "dec",
    });
  });

  it("carries the answer engine of the visit's first page view: a ChatGPT referrer, or ChatGPT's utm_source with none", async () => {
    await beacon({ type: "pageview", path: "/blog/some-post", referrer: "https://chatgpt.com/" }, { ip: "10.5.0.4" });
    await beacon({ type: "pageview", path: "/pricing", landing: "/blog/some-post" }, { ip: "10.5.0.4" });
    await beacon({ type: "pageview", path: "/", utm_source: "chatgpt.com" }, { ip: "10.5.0.5" });
    await beacon({ type: "pageview", path: "/", referrer: "https://www.bing.com/chat?q=automation" }, { ip: "10.5.0.6" });
    await beacon({ type: "pageview", path: "/", referrer: "https://www.bing.com/search?q=automation" }, { ip: "10.5.0.7" });
    for (const [email, ip] of [
      ["chat@example.com", "10.5.0.4"],
      ["tagged@example.com", "10.5.0.5"],
      ["copilot@example.com", "10.5.0.6"],
      ["bing@example.com", "10.5.0.7"],
    ] as const) {
      expect((await lead(email, ip)).status).toBe(200);
    }
    expect(await stored("chat@example.com")).toMatchObject({ landingPage: "/blog/some-post", referrer: "chatgpt.com", answerEngine: "chatgpt" });
    expect(await stored("tagged@example.com")).toMatchObject({ referrer: null, utmSource: "chatgpt.com", answerEngine: "chatgpt" });
    expect(await stored("copilot@example.com")).toMatchObject({ referrer: "bing.com", answerEngine: "copilot" });
    expect(await stored("bing@example.com")).toMatchObject({ referrer: "bing.com", answerEngine: null });
  });

  it("leaves the columns empty for a visitor who opted out or has no page view", async () => {
    const ip = "10.5.0.2";
    await beacon({ type: "pageview", path: "/", utm_source: "linkedin" }, { ip });
    expect((await lead("optout@example.com", ip, { "sec-gpc": "1" })).status).toBe(200);
    expect((await lead("unknown@example.com", "10.5.0.3")).status).toBe(200);
    for (const email of ["optout@example.com", "unknown@example.com"]) {
      expect(await stored(email)).toMatchObject({
        landingPage: null,
        convertedOn: null,
        referrer: null,
        utmSource: null,
        utmMedium: null,
        utmCampaign: null,
        answerEngine: null,
        lastReferrer: null,
        lastUtmSource: null,
        lastAnswerEngine: null,
      });
    }
  });
});

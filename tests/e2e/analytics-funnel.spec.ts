import { expect, test, type Page, type Request } from "@playwright/test";
import { hydrated } from "./support/admin";
import { ownServerForSpec } from "./support/own-server";
import { fillAuditRequest } from "./support/site";

/**
 * The whole funnel on a server of its own (a fresh database, so the figures are this visit's
 * alone): a visit from a UTM link, a call-to-action click, the audit dialog, a lead and a booking
 * message, each counted once on /admin/analytics, and the visit's attribution carried into the lead;
 * a visit sent with Sec-GPC and one from a crawler are not counted at all.
 */
const ADMIN = { email: "funnel-admin@studio.test", password: "funnel-admin-password" };
const SCHEDULING_ORIGIN = "https://cal.com";

const server = ownServerForSpec("funnel", ADMIN, { env: { LEADS_RATE_LIMIT: "1000" } });

test.describe.configure({ mode: "serial", timeout: 150_000 });

const isBeacon = (type: string) => (request: Request) =>
  request.method() === "POST" &&
  new URL(request.url()).pathname === "/api/event" &&
  (JSON.parse(request.postData() ?? "{}") as { type?: string }).type === type;

/** Runs `action` and waits until the beacon's event of `type` has been answered by the server. */
async function sends(page: Page, type: string, action: () => Promise<unknown>) {
  const request = page.waitForRequest(isBeacon(type));
  await action();
  const answer = await (await request).response();
  expect(answer?.status()).toBe(204);
}

function step(page: Page, label: string) {
  return page.getByRole("region", { name: "Funnel" }).getByRole("listitem").filter({ hasText: label });
}

test("a visit, its call-to-action, the audit dialog, the lead and the booking are each counted once, and the lead carries the visit's attribution", async ({
  browser,
}) => {
  const visitor = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  const page = await visitor.newPage();
  await sends(page, "pageview", () => page.goto("/?utm_source=funnel-news&utm_medium=email&utm_campaign=funnel-autumn"));
  await hydrated(page);
  await sends(page, "audit_open", () => page.getByRole("button", { name: "Book Your Automation Audit" }).first().click());

  const dialog = await fillAuditRequest(page, {
    name: "Funnel Visitor",
    email: "funnel.visitor@example.com",
    company: "Funnel Ltd",
    message: "Our weekly pipeline report",
  });
  await sends(page, "audit_sent", () => dialog.getByRole("button", { name: "Send request" }).click());
  // The dialog says what happens next; 'Done' closes it.
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  // The scheduling frame's success message, delivered as the browser would deliver Cal.com's (a
  // page cannot post with another origin itself); Cal.com sends two events for one booking.
  await sends(page, "booking", () =>
    page.evaluate((origin) => {
      for (const type of ["bookingSuccessful", "bookingSuccessfulV2"])
        window.dispatchEvent(new MessageEvent("message", { origin, data: { originator: "CAL", type, namespace: "", fullType: `CAL::${type}`, data: {} } }));
    }, SCHEDULING_ORIGIN),
  );
  await visitor.close();

  // A visitor whose browser asks not to be tracked (Sec-GPC) and a crawler: the server records neither.
  const optedOut = await browser.newContext({ baseURL: server.url, extraHTTPHeaders: { "Sec-GPC": "1" } });
  const privatePage = await optedOut.newPage();
  await sends(privatePage, "pageview", () => privatePage.goto("/?utm_campaign=funnel-private"));
  await optedOut.close();
  const crawler = await browser.newContext({ baseURL: server.url, userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
  const crawlerPage = await crawler.newPage();
  await sends(crawlerPage, "pageview", () => crawlerPage.goto("/?utm_campaign=funnel-crawler"));
  await crawler.close();

  const { context: admin, page: adminPage } = await server.signedIn(browser);

  await adminPage.goto("/admin/analytics?period=7d");
  await expect(adminPage.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  for (const label of ["Visited", "Opened audit dialog", "Sent audit request", "Started booking"]) {
    await expect(step(adminPage, label)).toContainText(/\D1 visitor(?!s)/);
  }
  // The frame's message alone is not a booked call: only the scheduler's signed webhook confirms one.
  await expect(step(adminPage, "Booked a call")).toContainText(/\D0 visitors/);
  const campaigns = adminPage.getByRole("region", { name: "Top campaigns" });
  await expect(campaigns).toContainText("funnel-autumn");
  await expect(campaigns).not.toContainText("funnel-private");
  await expect(campaigns).not.toContainText("funnel-crawler");

  await adminPage.goto("/admin/leads?q=Funnel%20Ltd");
  await adminPage.getByRole("grid", { name: "Leads" }).getByRole("link", { name: "Funnel Visitor", exact: true }).click();
  const lead = adminPage.getByRole("article", { name: "Funnel Visitor, Funnel Ltd" });
  // Only the attribution that was recorded is listed.
  await expect(lead.getByRole("region", { name: "Attribution" })).toBeVisible();
  await expect(lead).toContainText("funnel-news");
  await expect(lead).toContainText("email");
  await expect(lead).toContainText("funnel-autumn");
  await admin.close();
});

import { expect, test, type Page } from "@playwright/test";
import { toastText, unique } from "./support/admin";
import { axeViolations } from "./support/axe";
import { leadsAdmin, openFromList, openLeads, statusButton } from "./support/leads";
import { E2E_SCHEDULER_SECRET } from "./support/webhook-receiver";
import { calSignature, schedulerDelivery } from "../support/scheduler-fixtures";

/**
 * The loop closed in the browser: a visit from a campaign reads a post and sends an audit request,
 * the scheduler's signed webhook confirms the call, 'Won' gives its value, and /admin/analytics
 * credits that value to the post and the campaign; the dashboard counts this month's calls and value.
 */

const word = (prefix: string) => unique(prefix).replace(" ", "-");
/** All the amounts a text holds ("$7,777.00 and €500.00"), added up: the figure's currency may have been changed by another spec. */
const amounts = (text: string) => [...text.matchAll(/\d[\d,]*\.\d\d/g)].reduce((sum, [m]) => sum + Number(m.replace(/,/g, "")), 0);

async function firstPost(page: Page) {
  await page.goto("/blog");
  const link = page.getByRole("main").locator('a[href^="/blog/"]').first();
  const path = (await link.getAttribute("href"))!;
  await page.goto(path);
  return { path, title: (await page.getByRole("heading", { level: 1 }).textContent())!.trim() };
}

test("a won deal is credited to the post and campaign it came from, and the dashboard counts the month's call and value @phone", async ({
  browser,
  request,
  baseURL,
}) => {
  const campaign = word("revenue");
  const company = word("Revenueco");
  const name = unique("Rae Revenue");
  // A visitor of its own (its own browser), so no other spec's request is attributed to this visit.
  const visitor = { "User-Agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36 ${campaign}` };
  const { context, page } = await leadsAdmin(browser);
  const post = await firstPost(page);

  const beacon = await request.post("/api/event", {
    headers: { Origin: baseURL!, "Content-Type": "text/plain;charset=UTF-8", ...visitor },
    data: JSON.stringify({ type: "pageview", path: post.path, utm_source: "e2e", utm_medium: "email", utm_campaign: campaign }),
  });
  expect(beacon.status()).toBe(204);
  const sent = await request.post("/api/leads", {
    headers: { Origin: baseURL!, Accept: "application/json", ...visitor },
    form: { name, company, email: "lead@pipeline.test", message: "Automate our monthly reporting" },
  });
  const { bookingRef } = (await sent.json()) as { bookingRef: string };
  const body = schedulerDelivery("BOOKING_CREATED", { uid: unique("revenue-booking"), start: "2030-03-04T15:30:00Z", ref: bookingRef });
  const booked = await request.post("/api/webhooks/scheduler", {
    headers: { "Content-Type": "application/json", "X-Cal-Signature-256": calSignature(E2E_SCHEDULER_SECRET, body) },
    data: body,
  });
  expect(await booked.json()).toEqual({ ok: true, outcome: "applied" });

  await openLeads(page, company);
  const lead = await openFromList(page, name, company);
  await statusButton(lead, name, "Won").click();
  const value = lead.getByRole("textbox", { name: /^Deal value \([A-Z]{3}\)$/ });
  // The settings' currency (another spec may have changed it), as the field's label names it.
  const label = await value.evaluate((el: HTMLInputElement) => el.labels?.[0]?.textContent ?? "");
  const currency = /\(([A-Z]{3})\)/.exec(label)![1]!;
  await value.fill("7,777");
  await lead.getByRole("button", { name: "Mark as won" }).click();
  await expect(toastText(page, "Status updated")).toBeVisible();
  const won = new Intl.NumberFormat("en", { style: "currency", currency, maximumFractionDigits: 2 }).format(7777);

  await page.goto("/admin/analytics?period=7d");
  const campaigns = page.getByRole("region", { name: "Revenue by campaign" });
  await expect(campaigns.getByRole("row", { name: `e2e / email / ${campaign}` }).getByRole("cell")).toHaveText(["1", won]);
  // The post it landed on and sent the request from (other specs' deals may add to it).
  const postRow = page
    .getByRole("region", { name: "Revenue by post" })
    .getByRole("row", { name: new RegExp(`^${post.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
  await expect(postRow).toBeVisible();
  const [landedWon, sentWon] = await postRow.getByRole("cell").allTextContents();
  expect(amounts(landedWon!)).toBeGreaterThanOrEqual(7777);
  expect(amounts(sentWon!)).toBeGreaterThanOrEqual(7777);
  await expect(page.getByRole("region", { name: "Funnel" }).getByRole("listitem").filter({ hasText: "Started booking" })).toBeVisible();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `/admin/analytics at ${width}`).toEqual([]);
  }

  await page.goto("/admin/dashboard");
  const figures = page.getByRole("list", { name: "Figures" });
  const calls = await figures.getByRole("link", { name: /Calls booked this month$/ }).textContent();
  expect(Number(/\d+/.exec(calls ?? "")?.[0])).toBeGreaterThanOrEqual(1);
  expect(amounts((await figures.getByRole("link", { name: /Won this month$/ }).textContent()) ?? "")).toBeGreaterThanOrEqual(7777);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `/admin/dashboard at ${width}`).toEqual([]);
  }
  await context.close();
});

import { expect, test } from "@playwright/test";
import { hydrated, toastText, unique } from "./support/admin";
import { axeViolations } from "./support/axe";
import { leadsAdmin, openFromList, openLeads, statusButton, timeline } from "./support/leads";
import { amounts, confirmBooking, firstPost, isPageview, literally, markWon, schedulerEvent, word } from "./support/revenue";
import { fillAuditRequest } from "./support/site";

/**
 * The loop closed in the browser: a visitor arrives on a post from a newsletter's link (a referrer
 * and UTM parameters), sends an audit request from the post's call to action, the scheduler's
 * signed webhook confirms the call and then reports the meeting held, 'Won' gives its value, and /admin/analytics credits that value to
 * the post, the source and the campaign; the dashboard counts this month's calls and value.
 */

test("a won deal is credited to the post, source and campaign it came from, and the dashboard counts the month's call and value (axe at 390 and 1440 px)", async ({
  browser,
  request,
}) => {
  // A whole funnel: a visit, a request, a signed booking and meeting, 'Won', then two screens checked at two widths.
  test.setTimeout(120_000);
  const campaign = word("revenue");
  const company = word("Revenueco");
  const name = unique("Rae Revenue");
  // The newsletter's site: a referrer domain of this run's own, so its row on /admin/analytics is this visit's alone.
  const source = `${campaign.toLowerCase()}.example`;
  const { context, page } = await leadsAdmin(browser);
  const post = await firstPost(page);

  // A visitor of its own (its own browser and user agent: the daily visitor hash is address and agent).
  const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36 ${campaign}`;
  const visitor = await browser.newContext({ userAgent });
  const visit = await visitor.newPage();
  const viewed = visit.waitForResponse((r) => isPageview(r.request()));
  await visit.goto(`${post.path}?utm_source=e2e&utm_medium=email&utm_campaign=${campaign}`, { referer: `https://${source}/issue-12` });
  const beacon = await viewed;
  expect(JSON.parse(beacon.request().postData()!)).toMatchObject({ path: post.path, utm_campaign: campaign, referrer: `https://${source}/issue-12` });
  expect(beacon.status()).toBe(204);
  // The request, through the post's closing call to action and the audit dialog.
  await hydrated(visit);
  await visit.getByRole("complementary", { name: "Ready to Transform Your Business?" }).getByRole("button", { name: "Book Your Automation Audit" }).click();
  const dialog = await fillAuditRequest(visit, { name, email: "lead@pipeline.test", company, message: "Automate our monthly reporting" });
  const sent = visit.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/leads");
  await dialog.getByRole("button", { name: "Send request" }).click();
  expect((await sent).status()).toBe(200);
  // The reference the dialog hands the scheduling frame, which the scheduler's webhook sends back.
  const { bookingRef } = (await (await sent).json()) as { bookingRef: string };
  await visitor.close();
  const booking = await confirmBooking(request, bookingRef);

  // While the call is open, the lead's expected value is the pipeline's, credited like the call (first and last touch).
  await openLeads(page, company);
  const open = await openFromList(page, name, company);
  const expected = open.getByRole("textbox", { name: /^Expected value \([A-Z]{3}\)$/ });
  const currency = /\(([A-Z]{3})\)/.exec((await expected.evaluate((el: HTMLInputElement) => el.labels?.[0]?.textContent)) ?? "")![1]!;
  await expected.fill("5,000");
  await open.getByRole("button", { name: "Save expected value" }).click();
  await expect(toastText(page, "Expected value saved")).toBeVisible();
  await expect(expected).toHaveValue("5000.00");
  // 'Won' starts from it.
  await statusButton(open, name, "Won").click();
  await expect(open.getByRole("textbox", { name: /^Deal value/ })).toHaveValue("5000.00");
  await open.getByRole("button", { name: "Cancel" }).click();
  const money = (value: number) => new Intl.NumberFormat("en", { style: "currency", currency, maximumFractionDigits: 2 }).format(value);
  await page.goto("/admin/analytics?period=7d");
  const campaigns = page.getByRole("region", { name: "Revenue by campaign" });
  const pipeline = `1 (1 open, ${money(5000)} expected) · —`;
  await expect(campaigns.getByRole("row", { name: `e2e / email / ${campaign}` }).getByRole("cell")).toHaveText([pipeline, pipeline]);

  // The meeting took place: the scheduler says so, and the lead shows it.
  await schedulerEvent(request, "MEETING_ENDED", booking);
  await openLeads(page, company);
  const held = await openFromList(page, name, company);
  await expect(statusButton(held, name, "Call held")).toHaveAttribute("aria-pressed", "true");
  await expect(timeline(held).filter({ hasText: "Call held" })).toHaveCount(1);

  const { won } = await markWon(page, { name, company }, 7777);
  await page.goto("/admin/analytics?period=7d");
  // One visit, so its first touch is its last.
  await expect(campaigns.getByRole("row", { name: `e2e / email / ${campaign}` }).getByRole("cell")).toHaveText([`1 · ${won}`, `1 · ${won}`]);
  // The newsletter's site, with the median time from the request to the call beside it.
  const sources = page.getByRole("region", { name: "Revenue by source" });
  await expect(sources.getByRole("row", { name: source }).getByRole("cell")).toHaveText([`1 · ${won}`, `1 · ${won}`, /^\d+ min$/]);
  // The post it landed on and sent the request from (other specs' deals may add to it).
  const postRow = page.getByRole("region", { name: "Revenue by post and case study" }).getByRole("row", { name: new RegExp(`^${literally(post.title)}`) });
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

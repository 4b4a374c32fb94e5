import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { adminState, hydrated } from "./support/admin";

// Figures depend on what the specs beside this one do (leads, page views), so this spec checks
// the screen's structure and behaviour; tests/integration/analytics-report-*.test.ts check the numbers.

let statePath = "";
test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});

const periods = (page: Page) => page.getByRole("navigation", { name: "Period" });

test("the Analytics screen shows the figures, the chart with its data table, the funnel and the top lists @phone", async ({ browser }, info) => {
  const context = await browser.newContext({
    storageState: statePath,
    viewport: info.project.use.viewport ?? { width: 1440, height: 900 },
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await page.goto("/admin/analytics");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  // Last 30 days is the default period.
  await expect(periods(page).getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  for (const figure of ["Visitors", "Page views", "Audit requests", "Conversion rate"]) {
    await expect(page.getByRole("term").filter({ hasText: new RegExp(`^${figure}$`) })).toBeVisible();
  }
  await expect(page.getByRole("img", { name: /^Visitors per day, .+ in total/ })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Audit requests per day, .+ in total/ })).toBeVisible();
  const funnel = page.getByRole("region", { name: "Funnel" });
  // The frame's message is 'Started booking'; 'Booked a call' is a booking the scheduler's webhook confirmed.
  for (const step of ["Visited", "Opened audit dialog", "Sent audit request", "Started booking", "Booked a call"]) {
    await expect(funnel.getByRole("listitem").filter({ hasText: step })).toBeVisible();
  }
  for (const list of [
    "Top pages",
    "Top posts",
    "Top sources",
    "Top campaigns",
    "Calls and revenue",
    "Revenue by post and case study",
    "Revenue by source",
    "Revenue by campaign",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: list })).toBeVisible();
  }

  // The chart's numbers as a table: one row per day of the period.
  const table = page.getByRole("table", { name: "Visitors and audit requests per day" });
  await expect(table).toBeHidden();
  await page.getByText("Show data table").click();
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText(["Day", "Visitors", "Audit requests"]);
  await expect(table.getByRole("rowheader")).toHaveCount(30);

  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});

test("switching the period changes the address, the current period and the chart's buckets @phone", async ({ browser }, info) => {
  const context = await browser.newContext({ storageState: statePath, viewport: info.project.use.viewport ?? { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto("/admin/analytics");
  await hydrated(page);

  await periods(page).getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\?period=7d$/);
  await expect(periods(page).getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
  await expect(periods(page).getByRole("link", { name: "Last 30 days" })).not.toHaveAttribute("aria-current");
  await page.getByText("Show data table").click();
  await expect(page.getByRole("table", { name: "Visitors and audit requests per day" }).getByRole("rowheader")).toHaveCount(7);

  await periods(page).getByRole("link", { name: "Last 12 months" }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\?period=12m$/);
  await expect(periods(page).getByRole("link", { name: "Last 12 months" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("img", { name: /^Visitors per month, / })).toBeVisible();
  const months = page.getByRole("table", { name: "Visitors and audit requests per month" });
  if (!(await months.isVisible())) await page.getByText("Show data table").click();
  await expect(months.getByRole("columnheader").first()).toHaveText("Month");
  await expect(months.getByRole("rowheader")).toHaveCount(12);

  // An unknown period falls back to the default.
  await page.goto("/admin/analytics?period=forever");
  await expect(periods(page).getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  await context.close();
});

test("a beacon event with a NUL in its path is refused, and the valid events sent after it show on the Analytics screen", async ({
  browser,
  request,
  baseURL,
}) => {
  const campaign = `poison-${randomUUID().slice(0, 8)}`;
  const send = (path: string) =>
    request.post("/api/event", {
      headers: {
        Origin: baseURL!,
        "Content-Type": "text/plain;charset=UTF-8",
        "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36",
      },
      data: JSON.stringify({ type: "pageview", path, utm_source: "e2e", utm_medium: "beacon", utm_campaign: campaign }),
    });
  expect((await send("/blog/\u0000poisoned")).status()).toBe(400);
  for (let i = 0; i < 3; i++) expect((await send("/")).status()).toBe(204);

  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  await page.goto("/admin/analytics?period=7d");
  const row = page.getByRole("region", { name: "Top campaigns" }).getByRole("row", { name: `e2e / beacon / ${campaign}` });
  await expect(row.getByRole("cell")).toHaveText(["3", "0"]);
  await context.close();
});

// The landing page's featured case studies (decision 0055): a row of server HTML under the
// comparison's frame, inside its section, with no script of its own.
import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";

// The demo case studies (app/content/demo-case-studies.ts): the venture fund is featured, the B2B sales team is published but not.
const FUND = { slug: "venture-fund-deal-intake", title: "Deal intake from 22 hours a week to 3" };
const SAAS = { title: "A sales team that stopped typing into the CRM" };

const comparison = (page: Page) => page.getByRole("region", { name: "See The Transformation" });
const featuredRow = (page: Page) => comparison(page).getByRole("list", { name: "Results from firms like yours" });

test("the comparison section lists the featured published case studies under its frame, then 'All case studies' @phone", async ({ browser }, info) => {
  const context = await browser.newContext({ viewport: info.project.use.viewport ?? { width: 1440, height: 900 }, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/", { waitUntil: "networkidle" });
  const row = featuredRow(page);
  await row.scrollIntoViewIfNeeded();
  const card = row.getByRole("listitem").filter({ has: page.getByRole("link", { name: FUND.title }) });
  await expect(card.getByRole("link", { name: FUND.title })).toHaveAttribute("href", `/case-studies/${FUND.slug}`);
  await expect(card).toContainText("A 12-person early-stage venture fund");
  await expect(card).toContainText("Venture capital");
  await expect(card).toContainText("Data processing time: 22 h to 3 h a week");
  // Not featured: not in the row (it may still be the comparison's closest result above it).
  await expect(row.getByRole("link", { name: SAAS.title })).toHaveCount(0);
  expect(await row.getByRole("listitem").count()).toBeLessThanOrEqual(3);
  await expect(comparison(page).getByRole("link", { name: "All case studies" })).toHaveAttribute("href", "/case-studies");
  // After the frame and its closest-case line, outside the island: server HTML only.
  expect(await row.evaluate((el) => el.closest("flow-island") === null && el.closest("section")?.getAttribute("aria-labelledby"))).toBe("comparison-title");
  expect(
    await page.evaluate(() => {
      const frame = document.querySelector("[data-testid=comparison]")!;
      const list = document.querySelector("[aria-labelledby=featured-case-studies-title]")!;
      return Boolean(frame.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING);
    }),
  ).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  const width = page.viewportSize()?.width ?? 1440;
  await comparison(page).screenshot({ path: info.outputPath(`featured-case-studies-${width}.png`), animations: "disabled" });
  await context.close();
});

test("without JavaScript the featured case studies are there and their links lead to the case study", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await featuredRow(page).getByRole("link", { name: FUND.title }).click();
  await expect(page).toHaveURL(new RegExp(`/case-studies/${FUND.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: FUND.title })).toBeVisible();
  await context.close();
});

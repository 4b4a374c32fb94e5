// The landing page's comparison links the published case study closest to the typed Before
// figures (decision 0051, amended 2026-11-28), and the audit request records the one shown.
import { expect, test, type Page } from "@playwright/test";
import { hydrated, unique } from "./support/admin";
import { axeViolations } from "./support/axe";
import { leadsAdmin, openFromList, openLeads } from "./support/leads";
import { waitForMail } from "./support/mail-server";

// The demo case studies (app/content/demo-case-studies.ts): before figures 22 h, 9 %, $1,400 and 38 h, 12 %, $2,300.
const FUND = { slug: "venture-fund-deal-intake", title: "Deal intake from 22 hours a week to 3" };
const SAAS = { slug: "b2b-saas-crm-autopilot", title: "A sales team that stopped typing into the CRM" };

const closest = (page: Page) => page.getByTestId("comparison-case-study");
const caseLink = (page: Page, title: string) => closest(page).getByRole("link", { name: `Read the case study: ${title}` });

/** Types one Before figure of the comparison (its button opens an input; Enter closes it). */
async function typeBefore(page: Page, label: RegExp, name: string, value: string) {
  await page.getByTestId("comparison").getByRole("button", { name: label }).click();
  await page.getByRole("textbox", { name }).fill(value);
  await page.keyboard.press("Enter");
}

async function typeFigures(page: Page, [time, errorRate, cost]: [string, string, string]) {
  await typeBefore(page, /Data processing time/, "Before Data processing time (hours)", time);
  await typeBefore(page, /Error rate/, "Before Error rate (%)", errorRate);
  await typeBefore(page, /Manual labor cost/, "Before Manual labor cost ($)", cost);
}

test("without JavaScript the comparison already links the case study closest to its default figures", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  // 17 h, 8 %, $1,200: the venture fund's 22 h, 9 %, $1,400 are the nearest.
  await expect(closest(page)).toContainText("A firm like yours went from 22 h to 3 h a week.");
  await expect(caseLink(page, FUND.title)).toHaveAttribute("href", `/case-studies/${FUND.slug}`);
  await context.close();
});

test("the linked case study follows the typed figures, and the audit request records the one shown @phone", async ({ page, browser }) => {
  await page.goto("/");
  // Typing is not replayed like clicks and keys: it needs the island live.
  await hydrated(page);
  await page.getByTestId("comparison").scrollIntoViewIfNeeded();
  await expect(caseLink(page, FUND.title)).toBeVisible();

  await typeFigures(page, ["38", "12", "2300"]);
  await expect(closest(page)).toContainText("A firm like yours went from 38 h to 5 h a week.");
  await expect(caseLink(page, SAAS.title)).toHaveAttribute("href", `/case-studies/${SAAS.slug}`);
  await expect(caseLink(page, FUND.title)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  const company = unique("Closestco").replace(" ", "-");
  const name = unique("Cleo Closest");
  const since = Date.now();
  await page.locator("#contact").getByRole("button", { name: "Book An Automation Audit" }).click();
  const dialog = page.getByRole("dialog", { name: "Book Your Automation Audit" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Work email").fill("cleo@closest.test");
  await dialog.getByLabel("Company").fill(company);
  await dialog.getByLabel("What would you like to automate?").fill("Our CRM data entry, every week");
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(dialog.getByRole("heading", { name: "What happens next" })).toBeFocused();

  const admin = await leadsAdmin(browser);
  await openLeads(admin.page, company);
  const lead = await openFromList(admin.page, name, company);
  await expect(lead.getByText("Shown case study:")).toContainText(`Shown case study: ${SAAS.title}`);
  await expect(lead.getByRole("link", { name: SAAS.title })).toHaveAttribute("href", /\/admin\/case-studies\/edit\//);
  expect(await axeViolations(admin.page)).toEqual([]);
  await admin.context.close();
  // The studio's mail names it too.
  const mail = await waitForMail("leads@studio.test", { since, pattern: new RegExp(company) });
  expect(mail.body).toContain(`Shown case study: ${SAAS.title}`);
});

test("typed back to another case study's figures, the link moves to it; a visit to it opens that case study", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByTestId("comparison").scrollIntoViewIfNeeded();
  await typeFigures(page, ["38", "12", "2300"]);
  await expect(caseLink(page, SAAS.title)).toBeVisible();
  await typeFigures(page, ["22", "9", "1400"]);
  await expect(caseLink(page, FUND.title)).toBeVisible();
  await caseLink(page, FUND.title).click();
  await expect(page).toHaveURL(new RegExp(`/case-studies/${FUND.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: FUND.title })).toBeVisible();
});

// A lead's journey: sent from the landing page by a visitor, found in /admin/leads by the admin.
import { expect, test } from "@playwright/test";
import { adminState, unique } from "./support/admin";

let statePath = "";
test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});
test("a lead sent from the landing page appears in /admin/leads and can be marked contacted in one click", async ({ browser }) => {
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  const name = unique("Lena Lead");
  await page.goto("/");
  await page.getByRole("button", { name: "Book Your Automation Audit" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Work email").fill("lena@lead.test");
  await dialog.getByLabel("Company").fill("Lead Co");
  await dialog.getByLabel("What would you like to automate?").fill("Invoice matching");
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Request received")).toBeVisible();
  await visitor.close();

  const context = await browser.newContext({ storageState: statePath });
  const admin = await context.newPage();
  await admin.goto("/admin/leads");
  const row = admin
    .getByRole("grid", { name: "Leads" })
    .getByRole("row")
    .filter({ has: admin.getByRole("link", { name, exact: true }) });
  await expect(row.getByRole("gridcell", { name: "New", exact: true })).toBeVisible();
  await row.getByRole("link", { name, exact: true }).click();
  const lead = admin.getByRole("article", { name: `${name}, Lead Co` });
  await expect(lead).toContainText("Invoice matching");
  const status = lead.getByRole("group", { name: `Status of ${name}` });
  await expect(status.getByRole("button", { name: "New", exact: true })).toHaveAttribute("aria-pressed", "true");
  await status.getByRole("button", { name: "Contacted", exact: true }).click();
  await expect(status.getByRole("button", { name: "Contacted", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(row.getByRole("gridcell", { name: "Contacted", exact: true })).toBeVisible();
  await context.close();
});

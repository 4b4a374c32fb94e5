// A lead's journey: sent from the landing page by a visitor, found in /admin/leads by the admin.
import { expect, test } from "@playwright/test";
import { adminState, unique } from "./support/admin";

let statePath = "";
test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});
test("a lead sent from the landing page appears in /admin/leads and can be marked handled", async ({ browser }) => {
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
  const lead = admin.getByRole("article", { name: `${name}, Lead Co` });
  await expect(lead).toContainText("Invoice matching");
  await expect(lead.getByText("Status: New")).toBeVisible();
  await lead.getByRole("button", { name: `Mark as handled: ${name}` }).click();
  await expect(lead.getByText("Status: Contacted")).toBeVisible();
  await context.close();
});

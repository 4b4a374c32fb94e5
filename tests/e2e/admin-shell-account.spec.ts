// Signing in and out through the back-office shell: the account menu shows who is signed in and
// signs out, and a failed sign-in says why inside the sign-in card.
import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminNav, adminState, hydrated, isPhone } from "./support/admin";
test("the account menu shows the signed-in address and signs out @phone", async ({ browser, viewport }) => {
  // A session of its own: signing out ends only this one.
  const context = await browser.newContext({ viewport: viewport ?? undefined });
  const page = await context.newPage();
  await adminState(browser);
  await page.goto("/admin/auth");
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await hydrated(page);

  if (isPhone(page)) {
    await adminNav(page);
    const menu = page.locator("#admin-menu");
    await expect(menu.getByText(`Signed in as ${ADMIN_EMAIL}`)).toBeVisible();
    await menu.getByRole("button", { name: "Sign Out" }).click();
  } else {
    const account = page.getByRole("button", { name: new RegExp(`Account.*${ADMIN_EMAIL.replace(/[.]/g, "\\.")}`) });
    await expect(account).toHaveAttribute("aria-expanded", "false");
    await account.click();
    await expect(account).toHaveAttribute("aria-expanded", "true");
    const panel = page.locator(`#${await account.getAttribute("aria-controls")}`);
    await expect(panel.getByText(ADMIN_EMAIL)).toBeVisible();
    // Escape closes it and gives focus back.
    await page.keyboard.press("Escape");
    await expect(account).toHaveAttribute("aria-expanded", "false");
    await expect(account).toBeFocused();
    await account.click();
    await panel.getByRole("button", { name: "Sign Out" }).click();
  }
  await expect(page).toHaveURL(/\/admin\/auth$/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/auth$/);
  await context.close();
});

test("a failed sign-in says why inside the sign-in card @phone", async ({ browser, viewport }) => {
  const context = await browser.newContext({ viewport: viewport ?? undefined });
  const page = await context.newPage();
  await page.goto("/admin/auth");
  await hydrated(page);
  await page.getByLabel("Email").fill("nobody-here@studio.test");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const inCard = page.getByRole("main").getByRole("alert");
  await expect(inCard).toContainText("Invalid email or password");
  // It sits in the card, between the heading and the form.
  const card = page
    .getByRole("main")
    .locator("div")
    .filter({ has: page.getByRole("heading", { name: "Admin Sign In" }) })
    .last();
  await expect(card.getByRole("alert")).toBeVisible();
  await context.close();
});

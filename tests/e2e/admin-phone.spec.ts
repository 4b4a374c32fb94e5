import { expect, test, type Page } from "@playwright/test";
import { adminState } from "./support/admin";

async function fitsWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

test("the auth screen and the back-office fit a phone screen @phone", async ({ browser, viewport }) => {
  const anonymous = await browser.newContext({ viewport: viewport ?? undefined });
  const page = await anonymous.newPage();
  await page.goto("/admin/auth");
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
  await anonymous.close();

  const context = await browser.newContext({ storageState: await adminState(browser), viewport: viewport ?? undefined });
  const admin = await context.newPage();
  for (const path of ["/admin/dashboard", "/admin/blog", "/admin/blog/new", "/admin/team", "/admin/testimonials/new", "/admin/users", "/admin/leads"]) {
    await admin.goto(path);
    await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await fitsWidth(admin), path).toBe(true);
  }
  await admin.goto("/admin/blog");
  // The navigation buttons work by keyboard like buttons.
  await admin.getByRole("button", { name: "New Post" }).focus();
  await admin.keyboard.press("Space");
  await expect(admin.getByRole("heading", { level: 1, name: "New Post" })).toBeVisible();
  await context.close();
});

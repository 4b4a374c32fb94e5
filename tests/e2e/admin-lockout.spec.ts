import { expect, test, type Page } from "@playwright/test";
import { ADMIN_EMAIL, adminState, hydrated, linkIn, signUpAndConfirm, toastText, unique } from "./support/admin";
import { waitForMail } from "./support/mail-server";

/**
 * Account lockout: 5 wrong passwords lock an account (the right one is refused too, in the card),
 * the owner gets a mail, and an admin's 'Unlock' on /admin/users lets the owner in again.
 */
const PASSWORD = "lockout-e2e-password-7";
const LOCKED = /^This account is locked after too many failed sign-ins\. Try again in 1[45] minutes or reset your password\.$/;

test.beforeAll(async ({ browser }) => {
  await adminState(browser);
});

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

test("five wrong passwords lock the account, the owner is mailed, and an admin's Unlock lets them in", async ({ browser }) => {
  test.setTimeout(120_000);
  const email = `${unique("locked").replace(" ", "-")}@studio.test`;
  const owner = await browser.newContext();
  await signUpAndConfirm(await owner.newPage(), email, PASSWORD);
  await owner.close();

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto("/admin/auth");
  await hydrated(page);
  const card = page.getByRole("main");
  const since = Date.now();
  for (let i = 1; i <= 4; i++) {
    await signIn(page, email, `wrong-password-${i}`);
    await expect(card.getByRole("alert")).toHaveText("Invalid email or password");
  }
  await signIn(page, email, "wrong-password-5");
  await expect(card.getByRole("alert")).toHaveText(LOCKED);

  // The right password is refused as well while the lock lasts.
  await signIn(page, email, PASSWORD);
  await expect(card.getByRole("alert")).toHaveText(LOCKED);
  await expect(page).toHaveURL(/\/admin\/auth/);

  const mail = await waitForMail(email, { since, pattern: /locked/ });
  expect(mail.body).toMatch(/Subject: Your .* account is locked/);
  expect(mail.body).toMatch(/unlocks by itself/);
  expect(linkIn(mail.body, "/admin/auth")).toMatch(/\/admin\/auth\?mode=forgot$/);

  const admin = await browser.newContext({ storageState: await adminState(browser), viewport: { width: 1440, height: 900 } });
  const adminPage = await admin.newPage();
  await adminPage.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await hydrated(adminPage);
  const row = adminPage.getByRole("row").filter({ hasText: email });
  await expect(row.getByText(/^Locked until/)).toBeVisible();
  await row.getByRole("button", { name: `Unlock ${email}` }).click();
  await expect(toastText(adminPage, "Account unlocked")).toBeVisible();
  await expect(row.getByText(/^Locked until/)).toHaveCount(0);
  await expect(row.getByRole("button", { name: `Unlock ${email}` })).toHaveCount(0);

  // Both are in the audit log: the lock under the locked address, the unlock by the admin.
  await adminPage.goto(`/admin/audit-log?person=${encodeURIComponent(email)}&type=auth.lockout`);
  const locked = adminPage.locator("table tbody tr").filter({ hasText: "Account locked" });
  await expect(locked).toHaveCount(1);
  await expect(locked).toContainText("Locked after 5 failed sign-ins");
  await adminPage.goto(`/admin/audit-log?person=${encodeURIComponent(ADMIN_EMAIL)}&type=user.unlock`);
  await expect(adminPage.locator("table tbody tr").filter({ hasText: `Unlocked ${email}` })).toHaveCount(1);
  await admin.close();

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/admin\/blog/);
  await expect(page.getByRole("heading", { name: "Waiting for access" })).toBeVisible();
  await visitor.close();
});

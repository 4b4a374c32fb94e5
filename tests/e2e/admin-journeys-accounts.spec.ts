// Accounts, through the browser: the first account becomes the admin, a second one waits until the
// admin grants access, and a wrong password and the forgot-password flow. (The other journeys:
// admin-journeys-content, -leads and -errors.spec.ts.)
import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL, adminState, confirmDialog, errorToast, hydrated, signUpAndConfirm, toastText, unique } from "./support/admin";
import { waitForMail } from "./support/mail-server";

test.describe.configure({ mode: "serial" });

let statePath = "";

test("the first account signs up, confirms by the mailed link and lands on /admin/blog as admin", async ({ browser }) => {
  statePath = await adminState(browser);
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  const response = await page.goto("/admin/blog");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  // A session on load of /admin/auth goes to /admin/blog.
  await page.goto("/admin/auth");
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await context.close();
});

test("a second account only sees the waiting screen until the admin grants access, then signs out", async ({ browser }) => {
  const email = `${unique("waiting").replace(" ", "-")}@studio.test`;
  const user = await browser.newContext();
  const userPage = await user.newPage();
  await signUpAndConfirm(userPage, email, "second-password");
  await expect(userPage.getByRole("heading", { name: "Waiting for access" })).toBeVisible();
  for (const path of ["/admin/dashboard", "/admin/team", "/admin/users", "/admin/blog/new"]) {
    const response = await userPage.goto(path);
    expect(response?.status()).toBe(403);
    await expect(userPage.getByRole("heading", { name: "Waiting for access" })).toBeVisible();
    await expect(userPage.getByRole("button", { name: "New Post" })).toHaveCount(0);
  }

  const admin = await browser.newContext({ storageState: statePath });
  const adminPage = await admin.newPage();
  // Other suites sign accounts up meanwhile: the account is reached by searching for it.
  await adminPage.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await hydrated(adminPage);
  await adminPage.getByRole("button", { name: `Grant admin for ${email}` }).click();
  await confirmDialog(adminPage, "Grant admin access?", email, "Grant admin");
  await expect(toastText(adminPage, "Access granted")).toBeVisible();
  await expect(adminPage.getByRole("button", { name: `Revoke admin for ${email}` })).toBeVisible();
  // The admin cannot change their own account.
  await adminPage.goto(`/admin/users?q=${encodeURIComponent(ADMIN_EMAIL)}`);
  await expect(adminPage.getByRole("row").filter({ hasText: ADMIN_EMAIL })).toContainText("(you)");
  await expect(adminPage.getByRole("button", { name: `Revoke admin for ${ADMIN_EMAIL}` })).toHaveCount(0);

  await userPage.goto("/admin/dashboard");
  await expect(userPage.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await userPage.getByRole("button", { name: "Sign Out" }).click();
  await expect(userPage).toHaveURL(/\/admin\/auth$/);
  await userPage.goto("/admin/blog");
  await expect(userPage).toHaveURL(/\/admin\/auth$/);

  // Clean up: delete the account.
  await adminPage.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await hydrated(adminPage);
  await adminPage.getByRole("button", { name: `Delete ${email}` }).click();
  await confirmDialog(adminPage, "Are you sure you want to delete this account?", email);
  await expect(toastText(adminPage, "Account deleted")).toBeVisible();
  await admin.close();
  await user.close();
});

test("sign-in errors and the forgot-password flow", async ({ browser }) => {
  // A separate account: a password reset ends that account's sessions.
  const email = `${unique("reset").replace(" ", "-")}@studio.test`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpAndConfirm(page, email, "original-password");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/admin\/auth$/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(errorToast(page, "Authentication error")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Authentication error" })).toContainText("Invalid email or password");

  const since = Date.now();
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(toastText(page, "Check your email")).toBeVisible();
  const mail = await waitForMail(email, { since, pattern: /reset-password/ });
  const link = /https?:\/\/[^\s"<>]+reset-password[^\s"<>]*/.exec(mail.body)![0].replace(/&amp;/g, "&");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password").fill("a-new-password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(toastText(page, "Password updated")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a-new-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("heading", { name: "Waiting for access" })).toBeVisible();
  await context.close();
});

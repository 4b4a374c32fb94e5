import { expect, test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { errorToast, hydrated, toastText } from "./support/admin";
import { ownServerForSpec, submitSignIn } from "./support/own-server";

/**
 * Two-factor sign-in and sessions, on a server of its own: 'Require two-factor sign-in for admins'
 * is a site-wide switch every other spec's admin would trip over. One admin, in order: the required
 * redirect, the setup (QR key, code, recovery codes), sign-in with a code and with a recovery code,
 * then a session signed out from another browser.
 */
const ADMIN = { email: "two-factor-admin@studio.test", password: "two-factor-admin-password" };
const server = ownServerForSpec("two-factor", ADMIN, { startTimeout: 300_000 });
/** The authenticator key the setup showed (base32), and the recovery codes. */
let secret = "";
let recoveryCodes: string[] = [];

test.describe.configure({ mode: "serial", timeout: 300_000 });

/** The code an authenticator app shows now for the key (otpauth library). */
function appCode() {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
}

async function newPage(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 }, ...options });
  return { context, page: await context.newPage() };
}

async function signInWithCode(page: Page) {
  await submitSignIn(page, ADMIN);
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
  await page.getByLabel("Authentication code").fill(appCode());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: `Account ${ADMIN.email}` }).click();
  await page.getByRole("complementary").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/admin\/auth$/);
}

test("'Require two-factor sign-in for admins' sends an admin without it to the setup; set up, it signs in with a code, then with a recovery code", async ({
  browser,
}) => {
  const { context, page } = await newPage(browser);
  await submitSignIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/blog$/);

  await page.goto("/admin/settings");
  await hydrated(page);
  await page.getByRole("switch", { name: "Require two-factor sign-in for admins" }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  // From now on every admin page leads to the setup, with the reason.
  await expect(page).toHaveURL(/\/admin\/account$/);
  for (const path of ["/admin/dashboard", "/admin/blog", "/admin/settings"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/account$/);
  }
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  await expect(page.getByRole("alert").getByText("This site requires two-factor sign-in for admins.")).toBeVisible();

  // Setup: password, then the QR code and its key, then a code from the app.
  await hydrated(page);
  const twoFactor = page.getByRole("region", { name: "Two-factor sign-in" });
  await twoFactor.getByLabel("Password").fill("not-my-password-at-all");
  await twoFactor.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(errorToast(page, "Account error")).toBeVisible();
  await expect(twoFactor.getByText("The password is not right.")).toBeVisible();
  await twoFactor.getByLabel("Password").fill(ADMIN.password);
  await twoFactor.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(twoFactor.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const code = twoFactor.getByLabel("6-digit code");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await code.fill(appCode());
  await code.press("Enter");
  await expect(toastText(page, "Two-factor sign-in is on")).toBeVisible();
  const list = twoFactor.getByRole("list", { name: "Recovery codes" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  recoveryCodes = await list.getByRole("listitem").allInnerTexts();
  await expect(twoFactor.getByRole("link", { name: "Download codes" })).toHaveAttribute("download", "recovery-codes.txt");
  // Shown once only.
  await page.reload();
  await expect(twoFactor.getByText("Two-factor sign-in is on.")).toBeVisible();
  await expect(twoFactor.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Signing in now asks for a code after the password; a wrong one is refused in the card.
  await signOut(page);
  await submitSignIn(page, ADMIN);
  await expect(page).toHaveURL(/two-factor=code/);
  await expect(page.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
  const wrong = appCode() === "000000" ? "111111" : "000000";
  await page.getByLabel("Authentication code").fill(wrong);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("main").getByRole("alert").getByText("That code is not right.", { exact: false })).toBeVisible();
  await expect(errorToast(page, "Authentication error")).toBeVisible();
  await page.getByLabel("Authentication code").fill(appCode());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);

  // A recovery code instead, once.
  const withRecoveryCode = async () => {
    await signOut(page);
    await submitSignIn(page, ADMIN);
    await page.getByRole("link", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
  };
  await withRecoveryCode();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await withRecoveryCode();
  await expect(page.getByRole("main").getByRole("alert").getByText("That recovery code is not right, or it was already used.")).toBeVisible();

  // The audit log holds the switch, the setup (not a sign-in), and each second step: by code, by recovery code, refused.
  await page.getByRole("link", { name: "Use your authenticator app instead" }).click();
  await page.getByLabel("Authentication code").fill(appCode());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  const entries = page.locator("table tbody tr");
  await page.goto("/admin/audit-log?type=auth.two-factor-enable");
  await expect(entries.filter({ hasText: "Turned on two-factor sign-in" })).toHaveCount(1);
  await page.goto("/admin/audit-log?type=settings.update");
  await expect(entries.filter({ hasText: "Settings changed" })).toHaveCount(1);
  await page.goto("/admin/audit-log?type=auth.sign-in");
  await expect(entries.filter({ hasText: "Signed in with an authenticator code" })).toHaveCount(2);
  await expect(entries.filter({ hasText: "Signed in with a recovery code" })).toHaveCount(1);
  await page.goto("/admin/audit-log?type=auth.sign-in-failed");
  await expect(entries.filter({ hasText: "with a recovery code" })).toHaveCount(1);
  await context.close();
});

test("a session signed out from another browser is signed out on its next request", async ({ browser }) => {
  test.skip(!secret, "needs the setup of the test before");
  const laptop = await newPage(browser, { userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36" });
  await signInWithCode(laptop.page);
  const other = await newPage(browser, { userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0" });
  await signInWithCode(other.page);

  await laptop.page.getByRole("button", { name: `Account ${ADMIN.email}` }).click();
  await laptop.page.getByRole("link", { name: "Account and security" }).click();
  await expect(laptop.page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  const sessions = laptop.page.getByRole("region", { name: "Sessions" });
  await expect(sessions.getByRole("listitem").filter({ hasText: "This device" })).toContainText("Chrome on Linux");
  await expect(sessions.getByRole("listitem").filter({ hasText: "Firefox on Windows" })).toContainText(/IP address: (127\.0\.0\.1|::ffff:127\.0\.0\.1|::1)/);
  await sessions.getByRole("button", { name: /^Sign out Firefox on Windows/ }).click();
  await expect(toastText(laptop.page, "Session signed out")).toBeVisible();
  await expect(sessions.getByText("Firefox on Windows")).toHaveCount(0);

  await other.page.goto("/admin/dashboard");
  await expect(other.page).toHaveURL(/\/admin\/auth$/);
  await laptop.page.goto("/admin/dashboard");
  await expect(laptop.page).toHaveURL(/\/admin\/dashboard$/);
  await laptop.context.close();
  await other.context.close();
});

// Two-factor set-up on the phone that will hold the authenticator app: its QR code cannot be
// scanned by the phone showing it, so the key is offered to copy and the otpauth:// link opens the app.
import { expect, test } from "@playwright/test";
import { hydrated } from "./support/admin";
import { axeViolations } from "./support/axe";
import { ownServerForSpec, submitSignIn } from "./support/own-server";

/** A server of its own, like admin-2fa.spec.ts: a set-up left half done must not reach other specs' admin. */
const ADMIN = { email: "two-factor-phone@studio.test", password: "two-factor-phone-password" };
const server = ownServerForSpec("two-factor-phone", ADMIN, { startTimeout: 300_000 });

test.describe.configure({ timeout: 300_000 });

test("on a phone the two-factor set-up offers its key grouped in fours to copy, and a link that opens the authenticator app", async ({ browser }) => {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    permissions: ["clipboard-read", "clipboard-write"],
  });
  const page = await context.newPage();
  await submitSignIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await page.goto("/admin/account");
  await hydrated(page);
  const twoFactor = page.getByRole("region", { name: "Two-factor sign-in" });
  await twoFactor.getByLabel("Password").fill(ADMIN.password);
  await twoFactor.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(twoFactor.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();

  // The key, in groups of four to read and type, selectable whole.
  const key = twoFactor.getByTestId("totp-secret");
  await expect(key).toBeVisible();
  const shown = await key.innerText();
  expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  await expect(key).toHaveCSS("user-select", "all");
  const secret = shown.replace(/\s+/g, "");

  // The link hands the whole set-up (key, issuer, account) to the app the phone has for otpauth:.
  const open = twoFactor.getByRole("link", { name: "Open in authenticator app" });
  await expect(open).toBeVisible();
  const href = (await open.getAttribute("href"))!;
  expect(href).toMatch(/^otpauth:\/\/totp\//);
  expect(new URL(href).searchParams.get("secret")).toBe(secret);

  // 'Copy key' puts the key, without its spaces, on the clipboard, and says so.
  await twoFactor.getByRole("button", { name: "Copy key" }).click();
  await expect(twoFactor.getByRole("status")).toHaveText("Key copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  // Nothing of the set-up is wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(open).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});

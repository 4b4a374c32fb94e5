import { expect, test } from "@playwright/test";
import { errorToast, hydrated, toastText } from "./support/admin";
import { axeViolations } from "./support/axe";
import { ownServerForSpec } from "./support/own-server";

/**
 * /admin/settings on a server of its own: turning 'Allow sign-up' off changes what every other
 * spec's sign-up relies on. Off, /admin/auth offers no sign-up and refuses one posted anyway, in the card.
 */
const ADMIN = { email: "settings-admin@studio.test", password: "settings-admin-password" };
const server = ownServerForSpec("settings", ADMIN);

test.describe.configure({ mode: "serial", timeout: 150_000 });

test("'Allow sign-up' off closes sign-up at /admin/auth, and on opens it again", async ({ browser }) => {
  const { context, page } = await server.signedIn(browser);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const allow = page.getByRole("switch", { name: "Allow sign-up" });
  await expect(allow).toBeChecked();
  await expect(page.getByRole("switch", { name: "Require two-factor sign-in for admins" })).not.toBeChecked();
  await allow.uncheck();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(toastText(page, "Settings saved")).toBeVisible();
  await expect(page.getByRole("status").getByText("Allow sign-up: off")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Allow sign-up" })).not.toBeChecked();

  const visitor = await browser.newContext({ baseURL: server.url });
  const auth = await visitor.newPage();
  await auth.goto("/admin/auth");
  await hydrated(auth);
  await expect(auth.getByRole("heading", { name: "Admin Sign In" })).toBeVisible();
  await expect(auth.getByRole("button", { name: "Don't have an account? Sign Up" })).toHaveCount(0);
  // An old link to the sign-up form still opens it, and the server says why it refuses.
  await auth.goto("/admin/auth?mode=signup");
  await hydrated(auth);
  await auth.getByLabel("Email").fill("closed-door@studio.test");
  await auth.getByLabel("Password").fill("a-long-unusual-password-42");
  await auth.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(auth.getByRole("main").getByRole("alert").getByText("Sign-up is closed. Ask an administrator for an invitation.")).toBeVisible();
  await expect(errorToast(auth, "Authentication error")).toBeVisible();

  await page.getByRole("switch", { name: "Allow sign-up" }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").getByText("Allow sign-up: on")).toBeVisible();
  await auth.goto("/admin/auth");
  await hydrated(auth);
  await expect(auth.getByRole("button", { name: "Don't have an account? Sign Up" })).toBeVisible();
  await visitor.close();

  // The currency 'Won' asks deal values in.
  const currency = page.getByRole("combobox", { name: "Currency of deal values" });
  await expect(currency).toHaveValue("USD");
  await currency.selectOption("EUR");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").getByText("Currency of deal values: EUR")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Currency of deal values" })).toHaveValue("EUR");

  // The booking reminder: 24 hours by default, Off kept; a value the screen does not offer is refused, naming the choices.
  const reminder = page.getByRole("combobox", { name: "Booking reminder" });
  await expect(reminder).toHaveValue("24");
  await reminder.selectOption({ label: "Off" });
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").getByText("Booking reminder: Off")).toBeVisible();
  await page.reload();
  await expect(reminder).toHaveValue("off");
  // Hydrated first: React would otherwise put back the select's own options over the one added here.
  await hydrated(page);
  await reminder.evaluate((select: HTMLSelectElement) => select.add(new Option("5 hours", "5", true, true)));
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(reminder).toHaveAccessibleDescription(/Choose when to send the booking reminder: Off, or 1, 2, 4, 8, 12, 24, 48, 72 hours/);
  await expect(errorToast(page, "Error saving settings")).toBeVisible();
  await reminder.selectOption({ label: "2 hours after a request" });
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status").getByText("Booking reminder: 2 hours after a request")).toBeVisible();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `settings at ${width}`).toEqual([]);
  }
  await context.close();
});

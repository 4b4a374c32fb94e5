import { expect, test } from "@playwright/test";
import { adminState, errorToast, hydrated, signUpAndConfirm, unique } from "./support/admin";

/** An address of its own per test: sign-ups of other specs run at the same time. */
const freshEmail = (prefix: string) => `${unique(prefix).replace(" ", "-")}@studio.test`;

// The first account of the database becomes the admin: that must be the suite's admin, not one of these.
test.beforeAll(async ({ browser }) => {
  await adminState(browser);
});

test("Sign Up refuses a common password and says so in the card, the toast and under the field @phone", async ({ browser, viewport }) => {
  const context = await browser.newContext({ viewport: viewport ?? undefined });
  const page = await context.newPage();
  const email = freshEmail("common");
  await page.goto("/admin/auth?mode=signup");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Admin Sign Up" })).toBeVisible();
  await expect(page.getByText("At least 12 characters, not a common password.")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("Password1234");
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();

  const card = page
    .getByRole("main")
    .locator("div")
    .filter({ has: page.getByRole("heading", { name: "Admin Sign Up" }) })
    .last();
  await expect(card.getByRole("alert")).toHaveText("This password is too common. Choose another.");
  await expect(errorToast(page, "Authentication error")).toBeVisible();
  await expect(page.getByRole("alert").getByText("This password is too common. Choose another.")).toHaveCount(2);
  const password = page.getByLabel("Password");
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription(/This password is too common\. Choose another\./);
  // Still on the Sign Up form with the address kept, and no confirmation mail promised.
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByText("Check your email")).toHaveCount(0);
  await context.close();
});

test("Sign Up stops a password under 12 characters in the browser, in the same words", async ({ page }) => {
  await page.goto("/admin/auth?mode=signup");
  await hydrated(page);
  await page.getByLabel("Email").fill(freshEmail("short"));
  const password = page.getByLabel("Password");
  await password.fill("eleven-char");
  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST") posted = true;
  });
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  expect(await password.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe("Use at least 12 characters.");
  await password.fill("twelve-chars");
  expect(await password.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true);
  expect(posted).toBe(false);
});

test("the server refuses a short password even when the browser does not check it", async ({ request, baseURL }) => {
  const response = await request.post("/admin/auth", {
    headers: { Origin: baseURL! },
    form: { intent: "sign-up", email: freshEmail("nocheck"), password: "eleven-char" },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("Use at least 12 characters.");
});

test("a good password signs up", async ({ page }) => {
  // The toast 'Check your email', then the mailed link signs in (asserted by the helper).
  await signUpAndConfirm(page, freshEmail("good"), "a lantern by the quiet canal");
});

// The back-office by keyboard: 'Skip to content' is the first tab stop and lands in the page;
// after going to another screen focus is on its heading (not on the first load, not while a search
// is typed into a list's box); after a refused sign-in focus is on the message saying why.
import { expect, test } from "@playwright/test";
import { adminNav, adminState, hydrated, unique } from "./support/admin";
import { axeViolations } from "./support/axe";

let statePath = "";
test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});

test("'Skip to content' is the first tab stop, shown when focused, and moves focus into the page @phone", async ({ browser, viewport }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/admin/blog");
  await hydrated(page);
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  // The next stop is the page's own first control, past the navigation.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("main").getByRole("button", { name: "Dashboard", exact: true })).toBeFocused();
  await context.close();
});

test("after choosing a screen in the navigation, focus is on its heading; not on the first load @phone", async ({ browser, viewport }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined });
  const page = await context.newPage();
  await page.goto("/admin/dashboard");
  await hydrated(page);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

  await (await adminNav(page)).getByRole("link", { name: "Team", exact: true }).click();
  const heading = page.getByRole("heading", { level: 1, name: "Team Members" });
  await expect(heading).toBeFocused();
  // Tab goes on from the page: the header's first control.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("main").getByRole("button", { name: "Dashboard", exact: true })).toBeFocused();

  // A button of the page's header leads to a screen whose heading takes focus too.
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeFocused();
  await context.close();
});

test("typing a search or choosing a tab of the same list keeps focus where it is", async ({ browser }) => {
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  await page.goto("/admin/blog");
  await hydrated(page);
  const search = page.getByRole("searchbox", { name: "Search posts" });
  await search.click();
  await search.pressSequentially("automation");
  await expect(page).toHaveURL(/\?q=automation$/);
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).not.toBeFocused();
  await expect(search).toBeFocused();
  const drafts = page.getByRole("navigation", { name: "Posts by status" }).getByRole("link", { name: /^Drafts/ });
  await drafts.click();
  await expect(page).toHaveURL(/status=drafts/);
  await expect(drafts).toBeFocused();
  await context.close();
});

test("after a refused sign-in, focus is on the message saying why, each time @phone", async ({ browser, viewport }) => {
  const context = await browser.newContext({ viewport: viewport ?? undefined, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/admin/auth");
  await hydrated(page);
  await page.getByLabel("Email").fill(`${unique("nobody").replace(" ", "-")}@studio.test`);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const message = page.getByRole("main").getByRole("alert");
  await expect(message).toContainText("Invalid email or password");
  await expect(message).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  // Typed again and refused again: focus goes back to the message.
  await page.getByLabel("Password").fill("another-wrong-password");
  await page.getByLabel("Password").press("Enter");
  await expect(message).toBeFocused();
  // The next Tab goes to the form's first field.
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Email")).toBeFocused();
  await context.close();
});

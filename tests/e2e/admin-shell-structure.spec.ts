// The back-office shell's structure: the navigation in three labelled groups under 'Dashboard',
// and an unknown back-office address answered inside the shell (404).
import { expect, test } from "@playwright/test";
import { adminNav, adminState, hydrated, isPhone } from "./support/admin";
import { axeViolations } from "./support/axe";

let statePath = "";
test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});

test("the navigation groups its sections: Content, Growth and Admin, under 'Dashboard' @phone", async ({ browser, viewport }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined });
  const page = await context.newPage();
  await page.goto("/admin/dashboard");
  await hydrated(page);
  const nav = await adminNav(page);
  const groups = [
    ["Content", ["Landing page", "Posts", "Case studies", "Tags", "Team", "Testimonials", "Trash", "Redirects"]],
    ["Growth", [/^Leads/, "Analytics"]],
    ["Admin", [/^Users/, "Settings", "Audit log"]],
  ] as const;
  for (const [group, items] of groups) {
    await expect(nav.getByRole("list", { name: group, exact: true }).getByRole("link")).toHaveText([...items]);
  }
  await expect(nav.getByRole("list", { name: "Content", exact: true }).getByRole("link", { name: "Tags" })).toHaveAttribute("href", "/admin/tags");
  // 'Dashboard' is first, in none of the groups.
  await expect(nav.getByRole("link").first()).toHaveText("Dashboard");
  for (const [group] of groups) await expect(nav.getByRole("list", { name: group, exact: true }).getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});

test("an unknown back-office address is a 404 inside the shell with a way back; signed out, the sign-in screen @phone", async ({ browser, viewport }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined, reducedMotion: "reduce" });
  const page = await context.newPage();
  const response = await page.goto("/admin/no-such-screen");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  await hydrated(page);
  // The shell is there: its navigation, none of the section marked as current.
  const nav = await adminNav(page);
  await expect(nav.getByRole("link", { name: "Posts", exact: true })).toBeVisible();
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(0);
  if (isPhone(page)) await page.keyboard.press("Escape");
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("main").getByRole("button", { name: "Back to Dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  // A deeper unknown address under a known screen is one too.
  expect((await page.goto("/admin/blog/no/such/thing"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  await context.close();

  const anonymous = await browser.newContext({ viewport: viewport ?? undefined });
  const visitor = await anonymous.newPage();
  await visitor.goto("/admin/no-such-screen");
  await expect(visitor).toHaveURL(/\/admin\/auth(\?|$)/);
  await expect(visitor.getByRole("heading", { level: 1, name: "Admin Sign In" })).toBeVisible();
  await anonymous.close();
});

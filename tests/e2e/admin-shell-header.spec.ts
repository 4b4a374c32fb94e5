// One header pattern on every back-office screen: a back link small above the title, then the
// title, the screen's SPEC-named controls and its one primary action on a single line, at 390 px
// as at 1440 px (compared by their boxes). On a phone the secondary controls are icons named by
// SPEC's text; the post list's first row starts high, its tabs keep to one line, and its bulk bar
// shows only while rows are selected.
import { expect, test, type Locator } from "@playwright/test";
import { adminState, hydrated, isPhone } from "./support/admin";
import { axeViolations } from "./support/axe";

let statePath = "";
test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});

type Control = { role: "button" | "link"; name: string; secondary?: boolean };
const dashboard: Control = { role: "button", name: "Dashboard", secondary: true };
const signOut: Control = { role: "button", name: "Sign Out", secondary: true };

const SCREENS: { path: string; title: string; back?: string; line: Control[] }[] = [
  { path: "/admin/dashboard", title: "Admin Dashboard", line: [signOut] },
  { path: "/admin/blog", title: "Blog Posts", line: [dashboard, { role: "button", name: "New Post" }, signOut] },
  { path: "/admin/team", title: "Team Members", line: [dashboard, { role: "button", name: "New Member" }, signOut] },
  { path: "/admin/testimonials", title: "Testimonials", back: "Back to Dashboard", line: [{ role: "button", name: "New Testimonial" }] },
  { path: "/admin/leads", title: "Leads", back: "Back to Dashboard", line: [{ role: "link", name: "Export CSV", secondary: true }] },
  { path: "/admin/trash", title: "Trash", back: "Back to Dashboard", line: [] },
  { path: "/admin/redirects", title: "Redirects", back: "Back to Dashboard", line: [] },
  { path: "/admin/analytics", title: "Analytics", back: "Back to Dashboard", line: [] },
  { path: "/admin/users", title: "Users", back: "Back to Dashboard", line: [] },
  { path: "/admin/settings", title: "Settings", back: "Back to Dashboard", line: [] },
  { path: "/admin/audit-log", title: "Audit log", back: "Back to Dashboard", line: [] },
  { path: "/admin/account", title: "Account", line: [] },
  { path: "/admin/blog/new", title: "New Post", back: "Back to Posts", line: [] },
  { path: "/admin/team/new", title: "New Team Member", back: "Back to Team", line: [] },
  { path: "/admin/testimonials/new", title: "New Testimonial", back: "Back to Testimonials", line: [] },
];

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator.toString()} has no box`);
  return found;
}

test("every screen's title and controls take one line, the title whole, the back link above it @phone", async ({ browser, viewport }) => {
  // Fifteen screens, each loaded and measured.
  test.setTimeout(120_000);
  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined });
  const page = await context.newPage();
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    const heading = page.getByRole("heading", { level: 1, name: screen.title, exact: true });
    await expect(heading).toBeVisible();
    const title = await box(heading);
    // Nothing of the title is cut off.
    expect(await heading.evaluate((h) => h.scrollWidth <= h.clientWidth), `${screen.path}: the title is whole`).toBe(true);
    const main = page.getByRole("main");
    for (const control of screen.line) {
      const found = main.getByRole(control.role, { name: control.name, exact: true });
      await expect(found, `${screen.path}: ${control.name}`).toBeVisible();
      const at = await box(found);
      // On the title's line: their boxes overlap vertically (a wrapped control would sit a whole line lower).
      expect(at.y, `${screen.path}: ${control.name} on the title's line`).toBeLessThan(title.y + title.height);
      expect(at.y + at.height, `${screen.path}: ${control.name} on the title's line`).toBeGreaterThan(title.y);
      expect(at.x, `${screen.path}: ${control.name} after the title`).toBeGreaterThanOrEqual(title.x + title.width);
      // Secondary controls: a square icon on a phone, labelled on a wide screen; the name is SPEC's text either way.
      if (control.secondary) {
        if (isPhone(page)) expect(at.width, `${screen.path}: ${control.name} is an icon`).toBe(at.height);
        else expect(at.width, `${screen.path}: ${control.name} is labelled`).toBeGreaterThan(at.height * 2);
      }
    }
    if (screen.back) {
      const back = await box(main.getByRole("button", { name: screen.back, exact: true }));
      expect(back.y + back.height, `${screen.path}: ${screen.back} above the title`).toBeLessThanOrEqual(title.y + 1);
    }
  }
  await context.close();
});

test("the header's controls work: Dashboard, New Post, Back to Posts, Back to Dashboard, Export CSV @phone", async ({ browser, viewport }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined });
  const page = await context.newPage();
  await page.goto("/admin/blog");
  await hydrated(page);
  await page.getByRole("main").getByRole("button", { name: "New Post", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New Post" })).toBeVisible();
  await page.getByRole("button", { name: "Back to Posts", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: "Dashboard", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto("/admin/testimonials");
  await hydrated(page);
  await page.getByRole("button", { name: "Back to Dashboard", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await page.goto("/admin/leads");
  await expect(page.getByRole("link", { name: "Export CSV", exact: true })).toHaveAttribute("download", "");
  await expect(page.getByRole("link", { name: "Export CSV", exact: true })).toHaveAttribute("href", /^\/admin\/leads\/export\.csv/);
  await context.close();
});

test("on a phone the post list's first row starts in the upper half of the screen, its tabs on one line @phone", async ({ browser }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/admin/blog");
  const firstRow = page.getByRole("table").getByRole("row").nth(1);
  await expect(firstRow).toBeVisible();
  // It was 647 px down: three header buttons, two lines of tabs and a bulk bar with nothing selected.
  expect((await box(firstRow.first())).y).toBeLessThan(400);
  const tabs = page.getByRole("navigation", { name: "Posts by status" }).getByRole("link");
  const tops = new Set<number>();
  for (const tab of await tabs.all()) tops.add(Math.round((await tab.boundingBox())!.y));
  expect(tops.size).toBe(1);
  await context.close();
});

test("the post list's bulk bar shows only while rows are selected, says how many, and follows the list by keyboard @phone", async ({ browser, viewport }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/admin/blog");
  await hydrated(page);
  const bar = page.getByRole("group", { name: "With the selected posts" });
  const publish = page.getByRole("button", { name: "Publish", exact: true });
  await expect(bar).toBeHidden();
  await expect(publish).toBeHidden();

  const rows = page.getByRole("table").getByRole("row");
  const firstBox = rows.nth(1).getByRole("checkbox");
  await firstBox.focus();
  await page.keyboard.press("Space");
  await expect(bar).toBeVisible();
  await expect(page.getByText("1 selected", { exact: true })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "1 post selected" })).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);

  // After the last row's buttons, the next tab stop is the bar.
  await rows
    .last()
    .getByRole("button", { name: /^Delete / })
    .focus();
  await page.keyboard.press("Tab");
  await expect(publish).toBeFocused();

  await firstBox.focus();
  await page.keyboard.press("Space");
  await expect(bar).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "selected" })).toHaveCount(0);
  await context.close();
});

// The back-office shell's navigation: every section reachable and marked as current (sidebar, or
// the menu on phones), none on the sign-in and waiting screens, and links to the public site that
// load it as a page of its own.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { adminNav, adminState, hydrated, isPhone, nonAdminState, unique } from "./support/admin";

let statePath = "";
test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});
const SECTIONS = [
  { label: "Dashboard", path: "/admin/dashboard", heading: "Admin Dashboard" },
  { label: "Posts", path: "/admin/blog", heading: "Blog Posts" },
  { label: "Team", path: "/admin/team", heading: "Team Members" },
  { label: "Testimonials", path: "/admin/testimonials", heading: "Testimonials" },
  { label: /^Leads/, path: "/admin/leads", heading: "Leads" },
  { label: /^Users/, path: "/admin/users", heading: "Users" },
  { label: "Trash", path: "/admin/trash", heading: "Trash" },
  { label: "Redirects", path: "/admin/redirects", heading: "Redirects" },
  { label: "Analytics", path: "/admin/analytics", heading: "Analytics" },
  { label: "Settings", path: "/admin/settings", heading: "Settings" },
  { label: "Audit log", path: "/admin/audit-log", heading: "Audit log" },
] as const;

test("every navigation item is reachable, and the current section is marked, sub-pages included @phone", async ({ browser, viewport }) => {
  // Eleven sections, each a navigation and a check: more than the default 45 s on a busy machine.
  test.setTimeout(90_000);
  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined });
  const page = await context.newPage();
  await page.goto("/admin/dashboard");
  await hydrated(page);
  for (const section of SECTIONS) {
    const nav = await adminNav(page);
    await nav.getByRole("link", { name: section.label }).click();
    await expect(page).toHaveURL(new RegExp(`${section.path}$`));
    await expect(page.getByRole("heading", { level: 1, name: section.heading })).toBeVisible();
    // The phone menu closes once an item is chosen.
    if (isPhone(page)) await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
    const current = (await adminNav(page)).locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAttribute("href", section.path);
    if (isPhone(page)) await page.getByRole("button", { name: "Menu" }).click();
  }
  await expect((await adminNav(page)).getByRole("link", { name: "View site" })).toHaveAttribute("href", "/");

  // A sub-page marks its section.
  for (const [path, label] of [
    ["/admin/blog/new", "Posts"],
    ["/admin/team/new", "Team"],
    ["/admin/testimonials/new", "Testimonials"],
  ] as const) {
    await page.goto(path);
    await expect((await adminNav(page)).getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
  }
  // Escape closes the phone menu and gives focus back to its button.
  if (isPhone(page)) {
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("button", { name: "Menu" })).toBeFocused();
  }

  // 'View site' leaves the back-office.
  await (await adminNav(page)).getByRole("link", { name: "View site" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
  await context.close();
});

test("the sign-in screen and the waiting screen have no admin navigation", async ({ browser }) => {
  const anonymous = await browser.newContext();
  const page = await anonymous.newPage();
  await page.goto("/admin/auth");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Sign In" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
  await anonymous.close();

  const waiting = await browser.newContext({ storageState: await nonAdminState(browser, `${unique("shell-waiting").replace(" ", "-")}@studio.test`) });
  const user = await waiting.newPage();
  await user.goto("/admin/dashboard");
  await expect(user.getByRole("heading", { level: 1, name: "Waiting for access" })).toBeVisible();
  await expect(user.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
  await waiting.close();
});

/**
 * Follows the link named `name` on a page of the React app (marked first) and expects the public
 * page it leads to as a document of its own: the mark is gone, and it is an island page without
 * React Router's client runtime.
 */
async function followToSite(page: Page, link: Locator, path: RegExp) {
  await hydrated(page);
  await page.evaluate(() => Object.assign(window, { backOfficeMark: true }));
  await link.click();
  await expect(page).toHaveURL(path);
  await expect(page.locator("html")).toHaveAttribute("data-islands", "");
  expect(await page.evaluate(() => ({ mark: "backOfficeMark" in window, router: "__reactRouterContext" in window }))).toEqual({ mark: false, router: false });
}

test("the back-office's links to the site load it as a page of its own, never inside the React app @phone", async ({ browser, viewport }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined });
  const page = await context.newPage();
  await page.goto("/admin/dashboard");
  await hydrated(page);
  await followToSite(page, (await adminNav(page)).getByRole("link", { name: "View site" }), /\/$/);

  // An unknown back-office address is answered inside the shell (admin-shell-structure.spec.ts): its 'View site' too.
  await page.goto("/admin/no-such-screen");
  await followToSite(page, (await adminNav(page)).getByRole("link", { name: "View site" }), /\/$/);
  await context.close();

  // 'Back to site' on the sign-in screen.
  const anonymous = await browser.newContext({ viewport: viewport ?? undefined });
  const signIn = await anonymous.newPage();
  await signIn.goto("/admin/auth");
  await followToSite(signIn, signIn.getByRole("link", { name: "Back to site" }), /\/$/);
  await anonymous.close();
});

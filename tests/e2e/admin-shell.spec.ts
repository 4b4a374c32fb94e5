import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminState, hydrated, nonAdminState, toastText, unique } from "./support/admin";

let statePath = "";
test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1440) < 1024;

/** The admin navigation that is on screen: the sidebar, or the phone menu (opened first). */
async function adminNav(page: Page) {
  if (isPhone(page)) {
    const menu = page.getByRole("button", { name: "Menu" });
    if ((await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
  }
  return page.getByRole("navigation", { name: "Admin" });
}

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

  // The not-found screen the React app shows for an unknown back-office address.
  await page.goto("/admin/no-such-screen");
  await followToSite(page, page.getByRole("main").getByRole("link", { name: "Blog" }), /\/blog$/);
  await context.close();

  // 'Back to site' on the sign-in screen.
  const anonymous = await browser.newContext({ viewport: viewport ?? undefined });
  const signIn = await anonymous.newPage();
  await signIn.goto("/admin/auth");
  await followToSite(signIn, signIn.getByRole("link", { name: "Back to site" }), /\/$/);
  await anonymous.close();
});

/** The number in a navigation item's name ("Leads, 3 new"), 0 when it shows none. */
async function navCount(page: Page, label: "Leads" | "Users") {
  const link = (await adminNav(page)).getByRole("link", { name: new RegExp(`^${label}`) });
  const name = (await link.getAttribute("aria-label")) ?? (await link.textContent()) ?? "";
  return Number(/\d+/.exec(name)?.[0] ?? "0");
}

async function sendLead(request: APIRequestContext, baseURL: string, name: string) {
  const response = await request.post("/api/leads", {
    headers: { Origin: baseURL },
    form: { name, email: "shell-lead@client.test", company: "Shell Co", message: "Please audit our back-office processes." },
  });
  expect(response.status()).toBeLessThan(300);
}

test("'Leads' counts new leads and 'Users' the accounts waiting for access, with accessible names @phone", async ({ browser, viewport, baseURL }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined });
  const page = await context.newPage();
  await page.goto("/admin/dashboard");
  const leadsBefore = await navCount(page, "Leads");
  const usersBefore = await navCount(page, "Users");

  await sendLead(page.request, baseURL!, unique("Shell lead"));
  await nonAdminState(browser, `${unique("shell-count").replace(" ", "-")}@studio.test`);
  await page.reload();
  const leads = await navCount(page, "Leads");
  const users = await navCount(page, "Users");
  // Other journeys may add leads and accounts meanwhile: at least ours are counted.
  expect(leads).toBeGreaterThanOrEqual(leadsBefore + 1);
  expect(users).toBeGreaterThanOrEqual(usersBefore + 1);
  const nav = await adminNav(page);
  await expect(nav.getByRole("link", { name: `Leads, ${leads} new`, exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: `Users, ${users} waiting`, exact: true })).toBeVisible();
  await context.close();
});

test("the account menu shows the signed-in address and signs out @phone", async ({ browser, viewport }) => {
  // A session of its own: signing out ends only this one.
  const context = await browser.newContext({ viewport: viewport ?? undefined });
  const page = await context.newPage();
  await adminState(browser);
  await page.goto("/admin/auth");
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await hydrated(page);

  if (isPhone(page)) {
    await adminNav(page);
    const menu = page.locator("#admin-menu");
    await expect(menu.getByText(`Signed in as ${ADMIN_EMAIL}`)).toBeVisible();
    await menu.getByRole("button", { name: "Sign Out" }).click();
  } else {
    const account = page.getByRole("button", { name: new RegExp(`Account.*${ADMIN_EMAIL.replace(/[.]/g, "\\.")}`) });
    await expect(account).toHaveAttribute("aria-expanded", "false");
    await account.click();
    await expect(account).toHaveAttribute("aria-expanded", "true");
    const panel = page.locator(`#${await account.getAttribute("aria-controls")}`);
    await expect(panel.getByText(ADMIN_EMAIL)).toBeVisible();
    // Escape closes it and gives focus back.
    await page.keyboard.press("Escape");
    await expect(account).toHaveAttribute("aria-expanded", "false");
    await expect(account).toBeFocused();
    await account.click();
    await panel.getByRole("button", { name: "Sign Out" }).click();
  }
  await expect(page).toHaveURL(/\/admin\/auth$/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/auth$/);
  await context.close();
});

/** A dashboard figure's number, by its label. */
async function figure(page: Page, label: string) {
  const text =
    (await page
      .getByRole("list", { name: "Figures" })
      .getByRole("link", { name: new RegExp(`${label}$`) })
      .textContent()) ?? "";
  return Number(/\d+/.exec(text)?.[0]);
}

test("the dashboard shows figures above SPEC's three cards, and the newest posts and leads as links @phone", async ({ browser, viewport, baseURL }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined });
  const page = await context.newPage();
  await page.goto("/admin/dashboard");
  for (const card of ["Blog Management", "Team Management", "Testimonials"]) {
    await expect(page.getByRole("main").getByRole("link", { name: new RegExp(`^${card}`) })).toBeVisible();
  }
  await expect(page.getByRole("main").getByRole("button", { name: "Sign Out" })).toBeVisible();
  const before = {
    drafts: await figure(page, "Drafts"),
    leads: await figure(page, "Leads in the last 7 days"),
    waiting: await figure(page, "Accounts waiting"),
  };
  for (const label of ["Published posts", "Scheduled"]) expect(await figure(page, label)).toBeGreaterThanOrEqual(0);
  // The seeded site has published posts.
  expect(await figure(page, "Published posts")).toBeGreaterThan(0);
  // The figure agrees with the navigation's count.
  expect(before.waiting).toBe(await navCount(page, "Users"));
  if (isPhone(page)) await page.keyboard.press("Escape");

  const title = unique("Shell draft");
  const created = await page.request.post("/admin/blog/new", {
    headers: { Origin: baseURL! },
    form: { intent: "save", title, slug: title.toLowerCase().replace(/\s+/g, "-"), category: "Automation", content: "Body text.", excerpt: "" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const leadName = unique("Shell dashboard lead");
  await sendLead(page.request, baseURL!, leadName);

  await page.reload();
  // Journeys beside this one may add drafts and leads too: ours are counted at least.
  expect(await figure(page, "Drafts")).toBeGreaterThanOrEqual(before.drafts + 1);
  expect(await figure(page, "Leads in the last 7 days")).toBeGreaterThanOrEqual(before.leads + 1);

  const recentPosts = page.getByRole("list", { name: "Recent posts" });
  const post = recentPosts.getByRole("listitem").filter({ hasText: title });
  await expect(post.getByText("Draft", { exact: true })).toBeVisible();
  await expect(recentPosts.getByRole("listitem")).toHaveCount(5);
  const lead = page.getByRole("list", { name: "Recent leads" }).getByRole("link", { name: new RegExp(leadName) });
  await expect(lead).toHaveAttribute("href", /^\/admin\/leads#lead-[0-9a-f-]{36}$/);

  await post.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

  await page.goto("/admin/dashboard");
  await lead.click();
  await expect(page).toHaveURL(/\/admin\/leads#lead-/);
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await context.close();
});

test("a failed sign-in says why inside the sign-in card @phone", async ({ browser, viewport }) => {
  const context = await browser.newContext({ viewport: viewport ?? undefined });
  const page = await context.newPage();
  await page.goto("/admin/auth");
  await hydrated(page);
  await page.getByLabel("Email").fill("nobody-here@studio.test");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  const inCard = page.getByRole("main").getByRole("alert");
  await expect(inCard).toContainText("Invalid email or password");
  // It sits in the card, between the heading and the form.
  const card = page
    .getByRole("main")
    .locator("div")
    .filter({ has: page.getByRole("heading", { name: "Admin Sign In" }) })
    .last();
  await expect(card.getByRole("alert")).toBeVisible();
  await context.close();
});

async function createMember(request: APIRequestContext, baseURL: string, name: string, displayOrder: number) {
  const response = await request.post("/admin/team/new", {
    headers: { Origin: baseURL },
    form: { name, position: "Reorder tester", displayOrder: String(displayOrder), active: "on" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/** Moves the named members (or testimonials) to the trash; their edit links give their ids. */
async function removeMembers(request: APIRequestContext, baseURL: string, names: string[], kind: "team" | "testimonials" = "team") {
  const html = await (await request.get(`/admin/${kind}`)).text();
  for (const name of names) {
    const id = new RegExp(`aria-label="Edit ${name}"[^>]*href="/admin/${kind}/edit/([0-9a-f-]{36})"`).exec(html)?.[1];
    expect(id).toBeTruthy();
    expect((await request.post(`/admin/${kind}`, { headers: { Origin: baseURL }, form: { intent: "delete", id: id! } })).status()).toBe(200);
  }
}

/** The order of `names` among the rows of an admin list. */
async function adminOrder(page: Page, list: string, names: string[]) {
  const headings = await page.getByRole("list", { name: list }).getByRole("heading", { level: 2 }).allTextContents();
  return headings.filter((h) => names.includes(h));
}

async function publicTeamOrder(request: APIRequestContext, names: string[]) {
  const html = await (await request.get("/team")).text();
  return [...names].sort((a, b) => html.indexOf(`>${a}<`) - html.indexOf(`>${b}<`));
}

test("team members move up and down by keyboard; the admin list and the public /team follow @phone", async ({ browser, viewport, baseURL }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined });
  const page = await context.newPage();
  const first = unique("Order first");
  const second = unique("Order second");
  // Far below the others, next to each other (a number of their own: earlier runs left members behind).
  const base = 10_000 + Math.floor(Math.random() * 400_000) * 2;
  await createMember(page.request, baseURL!, first, base);
  await createMember(page.request, baseURL!, second, base + 1);
  await page.goto("/admin/team");
  await hydrated(page);
  expect(await adminOrder(page, "Team members", [first, second])).toEqual([first, second]);
  expect(await publicTeamOrder(page.request, [first, second])).toEqual([first, second]);

  const up = page.getByRole("button", { name: `Move ${second} up` });
  await up.focus();
  await page.keyboard.press("Enter");
  await expect(toastText(page, "Order saved")).toBeVisible();
  await expect.poll(() => adminOrder(page, "Team members", [first, second])).toEqual([second, first]);
  // The focus stays on the button that moved the row.
  await expect(up).toBeFocused();
  if (isPhone(page)) {
    // On phones the toast sits at the top, clear of a bottom action bar.
    const box = await toastText(page, "Order saved").boundingBox();
    expect(box!.y).toBeLessThan(page.viewportSize()!.height / 2);
  }
  expect(await publicTeamOrder(page.request, [first, second])).toEqual([second, first]);
  await page.reload();
  expect(await adminOrder(page, "Team members", [first, second])).toEqual([second, first]);

  // The two swapped their numbers; the Display Order field shows the saved one.
  await page.goto(`/admin/team`);
  await page.getByRole("button", { name: `Edit ${second}` }).click();
  await expect(page.getByLabel("Display Order")).toHaveValue(String(base));

  await page.goto("/admin/team");
  await hydrated(page);
  await page.getByRole("button", { name: `Move ${second} down` }).focus();
  await page.keyboard.press("Space");
  await expect.poll(() => adminOrder(page, "Team members", [first, second])).toEqual([first, second]);
  await expect.poll(() => publicTeamOrder(page.request, [first, second])).toEqual([first, second]);
  await removeMembers(page.request, baseURL!, [first, second]);
  await context.close();
});

test("testimonials and team members reorder by dragging the handle", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  const a = unique("Drag A");
  const b = unique("Drag B");
  const base = 10_000 + Math.floor(Math.random() * 400_000) * 2;
  for (const [name, order] of [
    [a, base],
    [b, base + 1],
  ] as const) {
    const response = await page.request.post("/admin/testimonials/new", {
      headers: { Origin: baseURL! },
      form: { name, company: "Drag Co", quote: "They reorder nicely.", displayOrder: String(order), active: "on" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
  }
  await page.goto("/admin/testimonials");
  await hydrated(page);
  expect(await adminOrder(page, "Testimonials", [a, b])).toEqual([a, b]);
  await dragAbove(page, `Drag ${b} to reorder`, `Drag ${a} to reorder`);
  await expect(toastText(page, "Order saved")).toBeVisible();
  await expect.poll(() => adminOrder(page, "Testimonials", [a, b])).toEqual([b, a]);
  await page.reload();
  expect(await adminOrder(page, "Testimonials", [a, b])).toEqual([b, a]);
  await removeMembers(page.request, baseURL!, [a, b], "testimonials");

  const c = unique("Drag member C");
  const d = unique("Drag member D");
  await createMember(page.request, baseURL!, c, base);
  await createMember(page.request, baseURL!, d, base + 1);
  await page.goto("/admin/team");
  await hydrated(page);
  await dragAbove(page, `Drag ${d} to reorder`, `Drag ${c} to reorder`);
  await expect.poll(() => adminOrder(page, "Team members", [c, d])).toEqual([d, c]);
  await expect.poll(() => publicTeamOrder(page.request, [c, d])).toEqual([d, c]);
  await removeMembers(page.request, baseURL!, [c, d]);
  await context.close();
});

/** Drags the row of handle `from` by the mouse onto the row of handle `to`. */
async function dragAbove(page: Page, from: string, to: string) {
  const source = page.getByRole("button", { name: from });
  const target = page.getByRole("button", { name: to });
  await source.scrollIntoViewIfNeeded();
  const start = (await source.boundingBox())!;
  const end = (await target.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 - 10, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2 - 5, { steps: 15 });
  await page.mouse.up();
}

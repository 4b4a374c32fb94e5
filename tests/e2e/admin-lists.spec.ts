import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { adminState, confirmDialog, hydrated, toastText, unique } from "./support/admin";

/*
 * The back-office lists: /admin/blog's tabs, search and pages of 25 living in the URL (reload,
 * Back, no JavaScript), its rows (the title opens the editor), the phone layout, and /admin/users'
 * search, tabs and confirmation dialogs. Other suites add posts and accounts at the same time: every
 * check here goes through this run's own records, found by their unique prefix.
 */

test.describe.configure({ mode: "serial" });

const TOTAL = 28;
/** Post n (1…28): every fourth a draft, number 13 scheduled, the rest published long ago (off the public blog's first page). */
const kindOf = (n: number) => (n === 13 ? "scheduled" : n % 4 === 0 ? "draft" : "published");
const num = (n: number) => String(n).padStart(2, "0");
const CATEGORIES = ["Automation", "AI Agents", "Case Studies"];
const categoryOf = (n: number) => CATEGORIES[n % 3]!;
/** `text` matched literally inside a RegExp. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** How URLSearchParams writes `text` in an address (spaces as '+'), as a RegExp source. */
const inUrl = (text: string) => literal(new URLSearchParams({ q: text }).toString().slice(2));

let statePath = "";
let prefix = "";
const titleOf = (n: number) => `${prefix} post ${num(n)}`;

async function createPost(request: APIRequestContext, base: string, n: number) {
  const title = titleOf(n);
  const kind = kindOf(n);
  const form: Record<string, string> = {
    intent: "save",
    title,
    slug: title.toLowerCase().replace(/\s+/g, "-"),
    category: categoryOf(n),
    content: "Body text.",
    excerpt: `Excerpt of number ${num(n)}.`,
    imageUrl: "",
    timeZone: "UTC",
  };
  if (kind !== "draft") {
    form.published = "on";
    form.publishedAt = kind === "scheduled" ? "2099-05-01T09:30" : `2020-01-${num(n)}T10:00`;
  }
  const response = await request.post("/admin/blog/new", { headers: { Origin: base }, form, maxRedirects: 0 });
  expect(response.status()).toBe(302);
}

test.beforeAll(async ({ browser, playwright, baseURL }, testInfo) => {
  testInfo.setTimeout(180_000);
  statePath = await adminState(browser);
  prefix = unique("Lists");
  const admin = await playwright.request.newContext({ baseURL, storageState: statePath });
  for (let n = 1; n <= TOTAL; n++) await createPost(admin, baseURL!, n);
  await admin.dispose();
});

// What this suite made goes to the trash (found by its prefix), so later suites do not meet it.
test.afterAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL, storageState: statePath });
  const ids = new Set<string>();
  for (const page of [1, 2]) {
    const html = await (await admin.get(`/admin/blog?q=${encodeURIComponent(prefix)}&page=${page}`)).text();
    for (const m of html.matchAll(/href="\/admin\/blog\/edit\/([0-9a-f-]{36})"/g)) ids.add(m[1]!);
  }
  if (ids.size) {
    const body = new URLSearchParams([["intent", "trash"], ...[...ids].map((id) => ["ids", id])]);
    const response = await admin.post("/admin/blog", {
      headers: { Origin: baseURL!, "content-type": "application/x-www-form-urlencoded" },
      data: body.toString(),
    });
    expect(response.status()).toBe(200);
  }
  await admin.dispose();
});

const rows = (page: Page) => page.locator("table tbody tr");
const tab = (page: Page, name: string) => page.getByRole("navigation", { name: "Posts by status" }).getByRole("link", { name: new RegExp(`^${name} `) });
const searchBox = (page: Page, name = "Search posts") => page.getByRole("searchbox", { name });

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

test("tabs, search and pages of 25 are in the URL: reload and Back bring the same list", async ({ browser }) => {
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  const q = inUrl(prefix);
  await open(page, `/admin/blog?q=${encodeURIComponent(prefix)}`);
  await expect(searchBox(page)).toHaveValue(prefix);
  await expect(rows(page)).toHaveCount(25);
  await expect(page.getByText(`Showing 1–25 of ${TOTAL}`)).toBeVisible();
  await expect(
    rows(page)
      .first()
      .getByRole("link", { name: titleOf(28) }),
  ).toBeVisible();
  // The tabs count this search's posts in each state; 'All' is current.
  await expect(tab(page, "All")).toHaveText(/^All\s*28$/);
  await expect(tab(page, "All")).toHaveAttribute("aria-current", "page");
  await expect(tab(page, "Published")).toHaveText(/^Published\s*20$/);
  await expect(tab(page, "Drafts")).toHaveText(/^Drafts\s*7$/);
  await expect(tab(page, "Scheduled")).toHaveText(/^Scheduled\s*1$/);

  // Page 2 holds the three oldest.
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${q}&page=2$`));
  await expect(page.getByText(`Showing 26–28 of ${TOTAL}`)).toBeVisible();
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).getByRole("link", { name: new RegExp(`^${prefix} post`) })).toHaveText([titleOf(3), titleOf(2), titleOf(1)]);

  // A tab keeps the search and starts at page 1.
  await tab(page, "Drafts").click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${q}&status=drafts$`));
  await expect(tab(page, "Drafts")).toHaveAttribute("aria-current", "page");
  await expect(tab(page, "All")).not.toHaveAttribute("aria-current");
  await expect(rows(page)).toHaveCount(7);
  for (const row of await rows(page).all()) await expect(row).toContainText("Draft");
  await expect(page.getByText("Showing 1–7 of 7")).toBeVisible();

  await page.reload();
  await hydrated(page);
  await expect(rows(page)).toHaveCount(7);
  await expect(tab(page, "Drafts")).toHaveAttribute("aria-current", "page");
  await expect(searchBox(page)).toHaveValue(prefix);

  // The scheduled post shows its state and date.
  await tab(page, "Scheduled").click();
  await expect(page).toHaveURL(/status=scheduled/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(titleOf(13));
  await expect(rows(page).first()).toContainText(/Scheduled\s*for May 1, 2099/);

  await page.goBack();
  await expect(page).toHaveURL(/status=drafts$/);
  await expect(rows(page)).toHaveCount(7);
  await page.goBack();
  await expect(page).toHaveURL(/page=2$/);
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByText(`Showing 26–28 of ${TOTAL}`)).toBeVisible();
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${q}$`));
  await expect(rows(page)).toHaveCount(25);
  await context.close();
});

test("typing in the search box filters the list, and a post's title opens its editor @phone", async ({ browser, viewport }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined });
  const page = await context.newPage();
  await open(page, "/admin/blog?status=published");
  await searchBox(page).pressSequentially(`${prefix} post 17`);
  await expect(page).toHaveURL(new RegExp(`status=published&q=${inUrl(`${prefix} post 17`)}$`));
  await expect(rows(page)).toHaveCount(1);
  await expect(searchBox(page)).toBeFocused();
  await expect(tab(page, "Published")).toHaveAttribute("aria-current", "page");

  await rows(page)
    .getByRole("link", { name: titleOf(17) })
    .click();
  await expect(page).toHaveURL(/\/admin\/blog\/edit\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(titleOf(17));

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`q=${inUrl(`${prefix} post 17`)}$`));
  await expect(searchBox(page)).toHaveValue(`${prefix} post 17`);
  await expect(rows(page)).toHaveCount(1);

  // A search that finds nothing keeps the box, says so, and is undone by clearing it.
  await searchBox(page).fill(`${prefix} nothing`);
  await expect(page.getByText(`No published posts match “${prefix} nothing”`)).toBeVisible();
  await searchBox(page).fill("");
  await expect(page).toHaveURL(/\/admin\/blog\?status=published$/);
  await context.close();
});

test("without JavaScript the search is a form that keeps the tab, and the pager is links", async ({ browser }) => {
  const context = await browser.newContext({ storageState: statePath, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/admin/blog?status=drafts");
  await searchBox(page).fill(prefix);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/blog\\?status=drafts&q=${inUrl(prefix)}$`));
  await expect(rows(page)).toHaveCount(7);
  await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);

  await tab(page, "All").click();
  await expect(page).toHaveURL(new RegExp(`/admin/blog\\?q=${inUrl(prefix)}$`));
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2$/);
  await expect(page.getByText(`Showing 26–28 of ${TOTAL}`)).toBeVisible();
  await context.close();
});

test("on a phone the rows stay readable: title, state, category and date, nothing wider than the screen @phone", async ({ browser }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await open(page, `/admin/blog?q=${encodeURIComponent(prefix)}&status=scheduled`);
  const row = rows(page).first();
  await expect(row.getByRole("link", { name: titleOf(13) })).toBeVisible();
  await expect(row.getByText("Scheduled", { exact: true })).toBeVisible();
  await expect(row.getByText(categoryOf(13), { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(row.getByText(/^for May 1, 2099/)).toBeVisible();
  await expect(row.getByRole("button", { name: `Edit ${titleOf(13)}` })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Date" })).toBeHidden();
  for (const name of ["All", "Published", "Drafts", "Scheduled"]) await expect(tab(page, name)).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

/** Signs an account up through the auth API (not confirmed: it only has to exist). */
async function signUp(request: APIRequestContext, base: string, email: string) {
  const response = await request.post("/api/auth/sign-up/email", {
    headers: { Origin: base },
    data: { email, password: "lists-password-1", name: email.split("@")[0] },
  });
  expect(response.status()).toBe(200);
}

test("users: search and tabs in the URL; granting, revoking and deleting ask first, naming the account @phone", async ({
  browser,
  playwright,
  baseURL,
  viewport,
}) => {
  const who = unique("lists").replace(" ", "-");
  const [first, second] = [`${who}-a@studio.test`, `${who}-b@studio.test`];
  const visitor = await playwright.request.newContext({ baseURL });
  for (const email of [first, second]) await signUp(visitor, baseURL!, email);
  await visitor.dispose();

  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined });
  const page = await context.newPage();
  await open(page, "/admin/users");
  await searchBox(page, "Search accounts").fill(who);
  await expect(page).toHaveURL(new RegExp(`/admin/users\\?q=${who}$`));
  await expect(page.getByText("Showing 1–2 of 2")).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "Accounts by access" });
  await expect(tabs.getByRole("link", { name: /^Waiting for access/ })).toHaveText(/2$/);
  await expect(tabs.getByRole("link", { name: /^Admins/ })).toHaveText(/0$/);

  // 'Grant admin' is a secondary button, and asks first: Cancel changes nothing.
  const grant = page.getByRole("button", { name: `Grant admin for ${first}` });
  await expect(grant).not.toHaveClass(/bg-primary/);
  await grant.click();
  const dialog = page.getByRole("dialog", { name: "Grant admin access?" });
  await expect(dialog).toContainText(first);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(grant).toBeFocused();
  await expect(tabs.getByRole("link", { name: /^Admins/ })).toHaveText(/0$/);

  await grant.click();
  await confirmDialog(page, "Grant admin access?", first, "Grant admin");
  await expect(toastText(page, "Access granted")).toBeVisible();
  await expect(tabs.getByRole("link", { name: /^Admins/ })).toHaveText(/1$/);

  // The tab keeps the search; only the account still waiting is in it.
  await tabs.getByRole("link", { name: /^Waiting for access/ }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${who}&status=waiting$`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText(second);
  await page.getByRole("button", { name: `Delete ${second}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this account?", second);
  await expect(toastText(page, "Account deleted")).toBeVisible();
  await expect(page.getByText(`No accounts waiting for access match “${who}”`)).toBeVisible();

  await tabs.getByRole("link", { name: /^Admins/ }).click();
  await page.getByRole("button", { name: `Revoke admin for ${first}` }).click();
  await confirmDialog(page, "Revoke admin access?", first, "Revoke admin");
  await expect(toastText(page, "Access revoked")).toBeVisible();
  await expect(page.getByText(`No admins match “${who}”`)).toBeVisible();
  await tabs.getByRole("link", { name: /^All/ }).click();
  await page.getByRole("button", { name: `Delete ${first}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this account?", first);
  await expect(toastText(page, "Account deleted")).toBeVisible();
  await context.close();
});

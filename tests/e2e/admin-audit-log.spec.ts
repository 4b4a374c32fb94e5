import { expect, test, type Page } from "@playwright/test";
import { ADMIN_EMAIL, adminState, hydrated, unique } from "./support/admin";

/*
 * /admin/audit-log: this run's own writes (a post created, then moved to the trash) and a failed
 * sign-in with a unique address are each found by filtering on person, type and today's date.
 * Other suites write at the same time: nothing here counts entries or trusts a row's position.
 */

test.describe.configure({ mode: "serial" });

let statePath = "";
let title = "";
let postId = "";
const today = () => new Date().toISOString().slice(0, 10);

test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});

/** Fills the filter form and submits it; the URL carries the filters. */
async function filter(page: Page, { person, type, from, to }: { person?: string; type?: string; from?: string; to?: string }) {
  const form = page.getByRole("search", { name: "Filter the audit log" });
  if (person !== undefined) await form.getByLabel("Person").fill(person);
  if (type !== undefined) await form.getByLabel("Type").selectOption({ label: type });
  if (from !== undefined) await form.getByLabel("From").fill(from);
  if (to !== undefined) await form.getByLabel("To").fill(to);
  await form.getByRole("button", { name: "Filter" }).click();
}

const row = (page: Page, text: string) => page.locator("table tbody tr").filter({ hasText: text });

test("the admin's post creation and trash move are found by person, type and date", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  title = unique("Audited");
  const created = await page.request.post("/admin/blog/new", {
    headers: { Origin: baseURL! },
    form: { intent: "save", title, slug: title.toLowerCase().replace(/\s+/g, "-"), category: "Automation", content: "Body text.", excerpt: "Audit." },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const list = await (await page.request.get(`/admin/blog?q=${encodeURIComponent(title)}`)).text();
  postId = /href="\/admin\/blog\/edit\/([0-9a-f-]{36})"/.exec(list)![1]!;
  const trashed = await page.request.post("/admin/blog", { headers: { Origin: baseURL! }, form: { intent: "delete", id: postId } });
  expect(trashed.status()).toBe(200);

  await page.goto("/admin/audit-log");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await filter(page, { person: ADMIN_EMAIL, type: "Post created", from: today(), to: today() });
  await expect(page).toHaveURL(/type=post\.create/);
  const createdRow = row(page, `Created "${title}"`);
  await expect(createdRow).toHaveCount(1);
  await expect(createdRow.getByText("Post created")).toBeVisible();
  await expect(createdRow.getByText(ADMIN_EMAIL).first()).toBeVisible();
  // The changed fields, behind 'Changes' (in the Summary column, the row's last cell at this width).
  const summary = createdRow.locator("td").last();
  await summary.getByText("Changes", { exact: true }).click();
  await expect(summary.locator("dd").getByText(title, { exact: true })).toBeVisible();

  // A whole group: the trash move is under 'All: Trash', not under 'Post created'.
  await expect(row(page, `Moved post "${title}" to the trash`)).toHaveCount(0);
  await filter(page, { type: "All: Trash" });
  await expect(row(page, `Moved post "${title}" to the trash`)).toHaveCount(1);

  // A date range that ended yesterday holds neither.
  const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await filter(page, { type: "Any type", from: "2020-01-01", to: yesterday });
  await expect(row(page, title)).toHaveCount(0);
  await context.close();
});

test("a failed sign-in is recorded with the address tried, and found by it @phone", async ({ browser, viewport }) => {
  const email = `${unique("nobody").replace(" ", "-")}@studio.test`;
  const anonymous = await browser.newContext({ viewport: viewport ?? undefined });
  const signIn = await anonymous.newPage();
  await signIn.goto("/admin/auth");
  await hydrated(signIn);
  await signIn.getByLabel("Email").fill(email);
  await signIn.getByLabel("Password").fill("not-the-password-123");
  await signIn.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(signIn.getByText(/invalid email or password/i).first()).toBeVisible();
  await anonymous.close();

  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined });
  const page = await context.newPage();
  await page.goto("/admin/audit-log");
  await hydrated(page);
  await filter(page, { person: email, type: "Failed sign-in" });
  const failed = row(page, email);
  await expect(failed).toHaveCount(1);
  await expect(failed.getByText("Failed sign-in").first()).toBeVisible();
  await expect(failed).not.toContainText("not-the-password-123");
  // Another person's filter does not show it.
  await filter(page, { person: ADMIN_EMAIL });
  await expect(row(page, email)).toHaveCount(0);
  await context.close();
});

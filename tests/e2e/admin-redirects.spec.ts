import { expect, test, type Page } from "@playwright/test";
import { adminState, errorToast, hydrated, toastText, unique } from "./support/admin";
import { slugOf } from "./support/post-form";

test.describe.configure({ mode: "serial" });

let statePath = "";
test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});

const redirectRow = (page: Page, from: string) => page.getByRole("list", { name: "Redirects" }).getByRole("listitem").filter({ hasText: from });

test("changing a published post's slug in the editor makes the old address answer 301 to the new one", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  const title = unique("Redirect post");
  const oldSlug = slugOf(title);
  const newSlug = `${oldSlug}-renamed`;
  const created = await page.request.post("/admin/blog/new", {
    headers: { Origin: baseURL! },
    form: { intent: "save", title, slug: oldSlug, category: "Automation", content: "Body text.", excerpt: "", published: "on" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  // The old address is a live page (and now in the page cache for anonymous visitors).
  const anonymous = await browser.newContext();
  expect((await anonymous.request.get(`/blog/${oldSlug}`)).status()).toBe(200);
  expect((await anonymous.request.get(`/blog/${oldSlug}`)).status()).toBe(200);

  await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
  await hydrated(page);
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  await expect(page.getByLabel("Slug")).toHaveValue(oldSlug);
  await page.getByLabel("Slug").fill(newSlug);
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(toastText(page, "Post updated")).toBeVisible();

  const moved = await anonymous.request.get(`/blog/${oldSlug}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/blog/${newSlug}`);
  expect(moved.headers()["cache-control"]).toBe("public, max-age=300, s-maxage=60");
  const visitor = await anonymous.newPage();
  await visitor.goto(`/blog/${oldSlug}`);
  await expect(visitor).toHaveURL(`${baseURL}/blog/${newSlug}`);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // The redirect is listed, with its hit.
  await page.goto("/admin/redirects");
  const row = redirectRow(page, `/blog/${oldSlug}`);
  await expect(row).toContainText(`/blog/${newSlug}`);
  await expect(row).toContainText("slug change");
  await anonymous.close();
  await context.close();
});

test("a missing path visited twice is listed with its count, becomes a redirect in one click, and the redirect can be removed", async ({ browser }) => {
  const missing = `/${slugOf(unique("gone page"))}`;
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  for (let i = 0; i < 2; i++) {
    const response = await visitor.goto(missing);
    expect(response?.status()).toBe(404);
  }
  // Built assets and probes are not counted.
  await visitor.request.get("/wp-login.php");

  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  await page.goto("/admin/dashboard");
  await page.getByRole("link", { name: /Redirects/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Redirects" })).toBeVisible();
  await hydrated(page);
  const entry = page
    .getByRole("list", { name: "Not-found paths" })
    .getByRole("listitem")
    .filter({ has: page.getByText(missing, { exact: true }) });
  await expect(entry.getByTestId("not-found-count")).toHaveText("2");
  await expect(page.getByRole("list", { name: "Not-found paths" })).not.toContainText("wp-login");

  await entry.getByRole("link", { name: `Redirect ${missing}` }).click();
  await expect(page.getByRole("textbox", { name: "From" })).toHaveValue(missing);
  await expect(page.getByRole("textbox", { name: "To" })).toHaveValue("/");
  await page.getByRole("textbox", { name: "To" }).fill("/audit");
  await page.getByRole("button", { name: "Add redirect" }).click();
  await expect(toastText(page, "Redirect added")).toBeVisible();
  await expect(redirectRow(page, missing)).toContainText("/audit");
  // No longer a missing page, and the form is empty again.
  await expect(page.getByRole("list", { name: "Not-found paths" }).getByText(missing, { exact: true })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "From" })).toHaveValue("");

  const moved = await visitor.request.get(missing, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe("/audit");

  // Refused: a live page as the source, with the message under the field.
  await page.getByRole("textbox", { name: "From" }).fill("/team");
  await page.getByRole("textbox", { name: "To" }).fill("/audit");
  await page.getByRole("button", { name: "Add redirect" }).click();
  await expect(errorToast(page, "Error adding redirect")).toBeVisible();
  await expect(page.locator("#field-from-error")).toContainText("/team is a live page");

  await redirectRow(page, missing)
    .getByRole("button", { name: `Remove redirect from ${missing}` })
    .click();
  await expect(toastText(page, "Redirect removed")).toBeVisible();
  await expect(redirectRow(page, missing)).toHaveCount(0);
  expect((await visitor.request.get(missing, { maxRedirects: 0 })).status()).toBe(404);
  await visitorContext.close();
  await context.close();
});

test("a redirect that would leave the site through a backslash or a scheme without slashes is refused, and no path answers with it", async ({ browser }) => {
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  await page.goto("/admin/redirects");
  await hydrated(page);
  for (const to of ["/\\evil.example", "https:evil.example"]) {
    const from = `/${slugOf(unique("sneaky"))}`;
    await page.getByRole("textbox", { name: "From" }).fill(from);
    await page.getByRole("textbox", { name: "To" }).fill(to);
    await page.getByRole("button", { name: "Add redirect" }).click();
    await expect(errorToast(page, "Error adding redirect")).toBeVisible();
    await expect(page.locator("#field-to-error")).toHaveText("To must be a path starting with / or an http(s) address.");
    await expect(redirectRow(page, from)).toHaveCount(0);
    expect((await page.request.get(from, { maxRedirects: 0 })).status()).toBe(404);
  }
  await context.close();
});

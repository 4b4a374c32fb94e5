import { expect, test, type Browser, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminState, toastText, unique } from "./support/admin";
import { slugOf } from "./support/post-form";

test.describe.configure({ mode: "serial" });

let statePath = "";
test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});

async function expectNoAxeViolations(page: Page, what: string) {
  expect(await axeViolations(page, { bestPractice: false }), what).toEqual([]);
}

/** Creates a draft through the New Post form and opens its edit form; returns the edit address. */
async function createDraft(page: Page, title: string, content: string) {
  await page.goto("/admin/blog/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Slug").fill(slugOf(title));
  await page.getByLabel("Category").fill("History");
  await page.getByLabel("Content (Markdown)").fill(content);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(toastText(page, "Post created")).toBeVisible();
  // Other suites add posts meanwhile: the list is paged, so the post is reached by searching for it.
  await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
  return new URL(page.url()).pathname;
}

async function saveEdit(page: Page, editPath: string, title: string, content: string) {
  await page.goto(editPath);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Content (Markdown)").fill(content);
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(toastText(page, "Post updated")).toBeVisible();
}

/** A second, separate admin session: signs in through the form in a fresh context. */
async function secondSession(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/admin/auth");
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  return { context, page };
}

test("History lists every save with its author, shows the diff and restores an old version as a new save", async ({ browser }) => {
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  const first = unique("History first");
  const editPath = await createDraft(page, first, "Intro line\nThe old middle\nClosing line");
  await saveEdit(page, editPath, `${first} second`, "Intro line\nThe new middle\nClosing line");
  await saveEdit(page, editPath, `${first} third`, "Intro line\nThe newest middle\nClosing line\nAn added line");

  await page.goto(editPath);
  await page.getByRole("button", { name: "History" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "History" })).toBeVisible();
  const versions = page.getByRole("list", { name: "Versions, newest first" }).getByRole("listitem");
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText(`${first} third`);
  await expect(versions.nth(2)).toContainText(first);
  for (let i = 0; i < 3; i++) await expect(versions.nth(i)).toContainText(ADMIN_EMAIL);

  await versions.nth(2).getByRole("link").click();
  await expect(versions.nth(2).getByRole("link")).toHaveAttribute("aria-current", "true");
  const diff = page.getByRole("region", { name: "Content differences" });
  // Removed and added lines are marked by a sign and <del>/<ins>, not by colour alone.
  await expect(diff.locator("del")).toHaveText(["Removed: − The old middle"]);
  await expect(diff.locator("ins")).toHaveText(["Added: + The newest middle", "Added: + An added line"]);
  await expect(page.getByRole("row", { name: /^Title/ })).toContainText(`${first} third`);
  await expectNoAxeViolations(page, "history with a version selected");

  await page.getByRole("button", { name: "Restore this version" }).click();
  await expect(page).toHaveURL(new RegExp(`${editPath}$`));
  await expect(toastText(page, "Version restored")).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(first);
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue("Intro line\nThe old middle\nClosing line");

  // The restore is itself the newest revision.
  await page.getByRole("button", { name: "History" }).click();
  await expect(versions).toHaveCount(4);
  await expect(versions.nth(0)).toContainText(first);
  await context.close();
});

test("two admins on the same post: the second save is refused with the message, keeps what was typed and links the other version", async ({ browser }) => {
  // Two editors, two saves and an axe pass: more than the default on a busy CI machine.
  test.setTimeout(90_000);
  const one = await browser.newContext({ storageState: statePath });
  const first = await one.newPage();
  const title = unique("Conflict post");
  const editPath = await createDraft(first, title, "Shared opening\nShared body");
  const two = await secondSession(browser);
  const second = two.page;
  await second.goto(editPath);
  await expect(second.getByLabel("Title", { exact: true })).toHaveValue(title);

  await saveEdit(first, editPath, `${title} by the first`, "Shared opening\nThe first editor's body");

  await second.getByLabel("Title", { exact: true }).fill(`${title} by the second`);
  await second.getByLabel("Content (Markdown)").fill("Shared opening\nThe second editor's body");
  await second.getByRole("button", { name: "Update Post" }).click();
  const notice = second.getByRole("alert").filter({ hasText: "Not saved: this post changed" });
  await expect(notice).toContainText(
    "This post was changed by someone else since you opened it. Your changes are kept below; open the other version to compare.",
  );
  await expect(second).toHaveURL(new RegExp(`${editPath}$`));
  await expect(second.getByLabel("Title", { exact: true })).toHaveValue(`${title} by the second`);
  await expect(second.getByLabel("Content (Markdown)")).toHaveValue("Shared opening\nThe second editor's body");
  // The typed form is autosaved a few seconds later: over the version it opened on, so that is
  // refused too, and the typing stays unsaved (only a click on the button saves over the newer one).
  const autosaved = await second.waitForResponse((r) => r.request().method() === "POST" && /autosave/.test(r.request().postData() ?? ""), {
    timeout: 20_000,
  });
  expect(autosaved.ok()).toBe(true);
  await expect(second.locator("[data-autosave-status]")).toHaveText("Unsaved changes");
  await notice.getByText("Compare the saved version with yours").click();
  await expect(notice.getByRole("region", { name: "Content differences" }).locator("del")).toHaveText(["Removed: − The first editor's body"]);
  await expectNoAxeViolations(second, "edit form with the conflict notice");

  // Nothing was overwritten: the first editor's save stands.
  await first.goto(editPath);
  await expect(first.getByLabel("Title", { exact: true })).toHaveValue(`${title} by the first`);

  // The other version opens in a new tab, so the typed form stays as it is.
  const [other] = await Promise.all([second.context().waitForEvent("page"), notice.getByRole("link", { name: /Open the other version/ }).click()]);
  await expect(other.getByRole("heading", { level: 1, name: "History" })).toBeVisible();
  await expect(other.locator('a[aria-current="true"]')).toContainText(`${title} by the first`);
  await expect(second.getByLabel("Title", { exact: true })).toHaveValue(`${title} by the second`);
  await one.close();
  await two.context.close();
});

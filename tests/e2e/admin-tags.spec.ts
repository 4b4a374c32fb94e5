import { expect, test, type Locator, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { errorToast, hydrated, toastText, unique } from "./support/admin";
import { editorSuite } from "./support/editor";
import { slugOf } from "./support/post-form";

/* /admin/tags: every tag with its number of posts; rename (a clash refused), merge, delete with a confirmation that counts the posts; by keyboard; axe with each dialog open. */

test.describe.configure({ mode: "serial" });

const { adminPage, createPost } = editorSuite();

/** This run's tags (unique: the demo tags stay as the blog suites expect them) and its posts. */
const alpha = unique("Alpha tag");
const beta = unique("Beta tag");
const renamed = unique("Renamed tag");
let taggedPost = "";

const tagRow = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("rowheader").getByText(name, { exact: true }) });
const postsOf = (row: Locator) => row.getByRole("cell").first();
const axe = async (page: Page, what: string) => expect(await axeViolations(page), what).toEqual([]);

/** Adds tags to the post form open on `page` with 'Add Tag' (each is selected once added). */
async function addTags(page: Page, names: string[]) {
  for (const name of names) {
    await page.getByLabel("New tag name").fill(name);
    await page.getByRole("button", { name: "Add Tag" }).click();
    await expect(page.getByRole("button", { name, pressed: true })).toBeVisible();
  }
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(toastText(page, "Post updated")).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await adminPage(browser);
  // One published post with both tags, one draft with the first only.
  taggedPost = unique("Tagged post");
  await createPost(page, taggedPost, "A post with two tags.", true);
  await addTags(page, [alpha, beta]);
  await createPost(page, unique("Alpha only post"), "A draft with one tag.", false);
  await page.getByRole("button", { name: alpha, pressed: false }).click();
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(toastText(page, "Post updated")).toBeVisible();
  await context.close();
});

test("each tag shows how many posts use it; a rename to another tag's name is refused at the field, a new name renames it on the site too @phone", async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser);
  // The post page is served (and kept) with the old name first.
  await page.goto(`/blog/${slugOf(taggedPost)}`);
  await expect(page.getByRole("link", { name: alpha })).toBeVisible();

  await page.goto("/admin/tags");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Tags" })).toBeVisible();
  await expect(postsOf(tagRow(page, alpha))).toHaveText("2");
  await expect(postsOf(tagRow(page, beta))).toHaveText("1");
  await expect(tagRow(page, alpha)).toContainText(slugOf(alpha));

  await page.getByRole("button", { name: `Rename ${alpha}` }).click();
  const dialog = page.getByRole("dialog", { name: `Rename “${alpha}”` });
  const field = dialog.getByLabel("New name");
  await expect(field).toBeFocused();
  await axe(page, "rename dialog");
  // The same name as another tag whatever the case: the tag picker's slug rule makes them one.
  await field.fill(beta.toUpperCase());
  await dialog.getByRole("button", { name: "Rename", exact: true }).click();
  const clash = `A tag named "${beta}" already exists. Merge into it instead.`;
  await expect(dialog.getByText(clash)).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(errorToast(page, "Error renaming tag")).toBeVisible();
  await expect(postsOf(tagRow(page, alpha))).toHaveText("2");

  await field.fill(renamed);
  await expect(dialog.getByText(`Address: ${slugOf(renamed)}`)).toBeVisible();
  await dialog.getByRole("button", { name: "Rename", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, "Tag renamed")).toBeVisible();
  await expect(postsOf(tagRow(page, renamed))).toHaveText("2");
  await expect(tagRow(page, alpha)).toHaveCount(0);
  // Focus is back on the row's button, now named after the new name.
  await expect(page.getByRole("button", { name: `Rename ${renamed}` })).toBeFocused();

  await page.goto(`/blog/${slugOf(taggedPost)}`);
  await expect(page.getByRole("link", { name: renamed })).toHaveAttribute("href", new RegExp(`tag=${slugOf(renamed)}`));
  await context.close();
});

test("merging a tag into another leaves each post one copy of the kept tag, and the merged tag disappears @phone", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/tags");
  await hydrated(page);
  await page.getByRole("button", { name: `Merge ${renamed}` }).click();
  const dialog = page.getByRole("dialog", { name: `Merge “${renamed}”` });
  await expect(dialog).toContainText("Its 2 posts get the other tag instead");
  await axe(page, "merge dialog");
  await dialog.getByRole("button", { name: "Merge", exact: true }).click();
  await expect(dialog.getByText("Choose the tag to merge into.")).toBeVisible();
  await dialog.getByLabel("Merge into").selectOption({ label: `${beta} (1 post)` });
  await dialog.getByRole("button", { name: "Merge", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, "Tags merged")).toBeVisible();
  await expect(page.getByRole("status").getByText(`"${renamed}" was merged into "${beta}": 1 post re-tagged.`)).toBeVisible();
  await expect(tagRow(page, renamed)).toHaveCount(0);
  // The post that had both keeps one: two posts in all.
  await expect(postsOf(tagRow(page, beta))).toHaveText("2");
  await expect(page.getByRole("heading", { name: /^All tags/ })).toBeFocused();

  await page.goto(`/blog/${slugOf(taggedPost)}`);
  await expect(page.getByRole("link", { name: beta })).toHaveCount(1);
  await expect(page.getByRole("link", { name: renamed })).toHaveCount(0);
  await context.close();
});

test("deleting a tag asks first, naming it and the posts that lose it; by keyboard; the posts stay @phone", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/tags");
  await hydrated(page);
  const remove = page.getByRole("button", { name: `Delete ${beta}` });
  await remove.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Delete the tag “${beta}”?` });
  await expect(dialog).toHaveAccessibleDescription("2 posts will lose it; the posts themselves stay. This cannot be undone.");
  // The safe choice first; Escape changes nothing and gives the focus back.
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await axe(page, "delete dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();

  await page.keyboard.press("Space");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Delete", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").getByText(`"${beta}" was removed from 2 posts. The posts stay.`)).toBeVisible();
  await expect(tagRow(page, beta)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /^All tags/ })).toBeFocused();

  const post = await page.goto(`/blog/${slugOf(taggedPost)}`);
  expect(post?.status()).toBe(200);
  await expect(page.getByRole("link", { name: beta })).toHaveCount(0);
  await context.close();
});

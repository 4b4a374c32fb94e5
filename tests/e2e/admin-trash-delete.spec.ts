import { expect, test } from "@playwright/test";
import { confirmDialog, toastText } from "./support/admin";
import { openList, postsMatching, row, trashSuite } from "./support/trash";

/* Deleting a post from the list: the confirmation dialog naming it, and 'Undo' in the toast. */

const { createPost, adminContext } = trashSuite();

test("deleting a post asks in a styled dialog naming it, and 'Undo' in the toast brings it back", async ({ browser, baseURL }) => {
  const context = await adminContext(browser);
  const page = await context.newPage();
  const { title, slug } = await createPost(page.request, baseURL!, { featured: true });
  /** Where visitors could meet the post: its page, the blog (featured card and list), search, sitemap, feed, llms.txt and its markdown copy. */
  const publicPlaces = async () => ({
    page: (await page.request.get(`/blog/${slug}`)).status(),
    blog: (await (await page.request.get("/blog")).text()).includes(title),
    search: (await (await page.request.get(`/blog?q=${encodeURIComponent(title.split(" ").pop()!)}`)).text()).includes(title),
    sitemap: (await (await page.request.get("/sitemap.xml")).text()).includes(slug),
    feed: (await (await page.request.get("/rss.xml")).text()).includes(slug),
    llms: (await (await page.request.get("/llms.txt")).text()).includes(slug),
    markdown: (await page.request.get(`/blog/${slug}.md`)).status(),
  });
  const everywhere = { page: 200, blog: true, search: true, sitemap: true, feed: true, llms: true, markdown: 200 };
  expect(await publicPlaces()).toEqual(everywhere);
  await openList(page, postsMatching(title));

  // Escape cancels, focus goes back to the delete button, and nothing is deleted.
  const deleteButton = page.getByRole("button", { name: `Delete ${title}` });
  await deleteButton.click();
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this post?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(title);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  // Focus stays inside the dialog.
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await expect(row(page, title)).toHaveCount(1);

  await deleteButton.click();
  await confirmDialog(page, "Are you sure you want to delete this post?", title);
  await expect(toastText(page, "Post deleted")).toBeVisible();
  await expect(row(page, title)).toHaveCount(0);
  expect(await publicPlaces()).toEqual({ page: 404, blog: false, search: false, sitemap: false, feed: false, llms: false, markdown: 404 });

  await page.getByRole("status").getByRole("button", { name: "Undo" }).click();
  await expect(toastText(page, "Post restored")).toBeVisible();
  await expect(row(page, title)).toHaveCount(1);
  expect(await publicPlaces()).toEqual(everywhere);
  await context.close();
});

test("the toast's 'Undo' is a keyboard button that stays while it has focus", async ({ browser, baseURL }) => {
  const context = await adminContext(browser);
  const page = await context.newPage();
  await page.clock.install();
  const { title } = await createPost(page.request, baseURL!);
  await openList(page, postsMatching(title));
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this post?", title);
  const undo = page.getByRole("status").getByRole("button", { name: "Undo" });
  await expect(undo).toBeVisible();
  await undo.focus();
  // A minute later it is still there while focused...
  await page.clock.fastForward(60_000);
  await expect(undo).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(toastText(page, "Post restored")).toBeVisible();
  await expect(row(page, title)).toHaveCount(1);

  // ...while an unattended one closes by itself.
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this post?", title);
  await expect(toastText(page, "Post deleted")).toBeVisible();
  await page.getByRole("heading", { level: 1, name: "Blog Posts" }).click();
  await page.clock.fastForward(60_000);
  await expect(toastText(page, "Post deleted")).toBeHidden();
  await context.close();
});

import { expect, test } from "@playwright/test";
import { confirmDialog, toastText } from "./support/admin";
import { openList, postsMatching, row, trashSuite } from "./support/trash";

/* Bulk actions on the post list: publish, unpublish and move to the trash the selected posts. */

const { createPost, adminContext } = trashSuite();

test("bulk: select two drafts and publish them; select posts and move them to the trash @phone", async ({ browser, baseURL, request }) => {
  const context = await adminContext(browser);
  const page = await context.newPage();
  const first = await createPost(page.request, baseURL!, { published: false });
  const second = await createPost(page.request, baseURL!, { published: false });
  await openList(page, postsMatching("Trash post"));
  for (const post of [first, second]) {
    await expect(row(page, post.title).getByText("Draft")).toBeVisible();
    // A visitor (no session: the admin's own request would get the draft's preview) finds nothing.
    expect((await request.get(`/blog/${post.slug}`)).status()).toBe(404);
    await page.getByRole("checkbox", { name: post.title, exact: true }).check();
  }
  await expect(page.getByText("2 selected", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(toastText(page, "2 posts published")).toBeVisible();
  for (const post of [first, second]) {
    await expect(row(page, post.title).getByText("Published")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: post.title, exact: true })).not.toBeChecked();
    expect((await page.request.get(`/blog/${post.slug}`)).status()).toBe(200);
  }
  expect(await (await page.request.get("/blog")).text()).toContain(first.title);

  // 'Select all' selects the page; moving to the trash asks, naming how many.
  const selectAll = page.getByRole("checkbox", { name: "Select all" });
  await selectAll.check();
  const total = await page.locator("table tbody").getByRole("checkbox").count();
  await expect(page.getByText(`${total} selected`, { exact: true })).toBeVisible();
  await selectAll.uncheck();
  for (const post of [first, second]) await page.getByRole("checkbox", { name: post.title, exact: true }).check();
  await page.getByRole("button", { name: "Move to trash", exact: true }).click();
  await confirmDialog(page, "Are you sure you want to move these 2 posts to the trash?", "2 posts", "Move to trash");
  await expect(toastText(page, "2 posts moved to the trash")).toBeVisible();
  for (const post of [first, second]) {
    await expect(row(page, post.title)).toHaveCount(0);
    expect((await page.request.get(`/blog/${post.slug}`)).status()).toBe(404);
  }
  await openList(page, "/admin/trash");
  for (const post of [first, second]) await expect(page.getByRole("region", { name: "Posts" }).getByText(post.title)).toBeVisible();
  await context.close();
});

test("bulk: select two published posts and unpublish them; they are drafts and gone from the public blog", async ({ browser, baseURL, request }) => {
  const context = await adminContext(browser);
  const page = await context.newPage();
  const first = await createPost(page.request, baseURL!);
  const second = await createPost(page.request, baseURL!);
  /** What a visitor (no session: the admin's own request would get the draft's preview) finds: the post's page, and the post in a blog search for it. */
  const publicView = async ({ title, slug }: { title: string; slug: string }) => ({
    page: (await request.get(`/blog/${slug}`)).status(),
    listed: (await (await request.get(`/blog?q=${encodeURIComponent(title.split(" ").pop()!)}`)).text()).includes(title),
  });
  await openList(page, postsMatching("Trash post"));
  for (const post of [first, second]) {
    await expect(row(page, post.title).getByText("Published")).toBeVisible();
    expect(await publicView(post)).toEqual({ page: 200, listed: true });
    await page.getByRole("checkbox", { name: post.title, exact: true }).check();
  }
  await expect(page.getByText("2 selected", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Unpublish", exact: true }).click();
  await expect(toastText(page, "2 posts unpublished")).toBeVisible();
  for (const post of [first, second]) {
    await expect(row(page, post.title).getByText("Draft")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: post.title, exact: true })).not.toBeChecked();
    expect(await publicView(post)).toEqual({ page: 404, listed: false });
  }
  const blog = await (await request.get("/blog")).text();
  for (const post of [first, second]) expect(blog).not.toContain(post.title);

  // Tidied away like the other tests' posts.
  for (const post of [first, second]) await page.getByRole("checkbox", { name: post.title, exact: true }).check();
  await page.getByRole("button", { name: "Move to trash", exact: true }).click();
  await confirmDialog(page, "Are you sure you want to move these 2 posts to the trash?", "2 posts", "Move to trash");
  await expect(toastText(page, "2 posts moved to the trash")).toBeVisible();
  await context.close();
});

import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { adminState, confirmDialog, hydrated, pngBytes, toastText, unique } from "./support/admin";

test.describe.configure({ mode: "serial" });

let statePath = "";
test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});

// Later suites expect the demo content on the public pages: what these tests left visible goes to the trash.
test.afterAll(async ({ playwright, baseURL }) => {
  const admin = await playwright.request.newContext({ baseURL, storageState: statePath });
  const headers = { Origin: baseURL! };
  for (const [list, prefix] of [
    ["/admin/blog", "Trash post"],
    ["/admin/team", "Trash member"],
    ["/admin/testimonials", "Trash client"],
  ] as const) {
    const html = await (await admin.get(`${list}?q=${encodeURIComponent(prefix)}`)).text();
    const ids = [...html.matchAll(new RegExp(`aria-label="Edit ${prefix} [0-9a-f]+"[^>]*href="${list}/edit/([0-9a-f-]{36})"`, "g"))].map((m) => m[1]!);
    for (const id of ids) expect((await admin.post(list, { headers, form: { intent: "delete", id } })).status()).toBe(200);
  }
  await admin.dispose();
});

const slugOf = (title: string) => title.toLowerCase().replace(/\s+/g, "-");

/** Creates a post through the admin form action; returns its title and slug. */
async function createPost(request: APIRequestContext, base: string, { published = true, imageUrl = "", featured = false } = {}) {
  const title = unique("Trash post");
  const form: Record<string, string> = { intent: "save", title, slug: slugOf(title), category: "Automation", content: "Body text.", excerpt: "", imageUrl };
  if (published) form.published = "on";
  if (featured) form.featured = "on";
  const response = await request.post("/admin/blog/new", { headers: { Origin: base }, form, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  return { title, slug: slugOf(title) };
}

const row = (page: Page, title: string) => page.getByRole("row").filter({ has: page.getByRole("link", { name: title, exact: true }) });

/** The post list showing `title`: other suites add posts meanwhile and the list is paged, so it is a search. */
const postsMatching = (title: string) => `/admin/blog?q=${encodeURIComponent(title)}`;

async function openList(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

test("deleting a post asks in a styled dialog naming it, and 'Undo' in the toast brings it back", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: statePath });
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
  const context = await browser.newContext({ storageState: statePath });
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

test("a deleted post waits in /admin/trash, grouped by type, and 'Restore' puts it back", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  const { title, slug } = await createPost(page.request, baseURL!);
  await openList(page, postsMatching(title));
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this post?", title);
  await expect(toastText(page, "Post deleted")).toBeVisible();

  await page.getByRole("button", { name: "Dashboard" }).click();
  await page.getByRole("link", { name: "Trash", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/trash$/);
  await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
  for (const group of ["Posts", "Team members", "Testimonials"]) await expect(page.getByRole("heading", { level: 2, name: group })).toBeVisible();
  const posts = page.getByRole("region", { name: "Posts" });
  const entry = posts.getByRole("listitem").filter({ hasText: title });
  await expect(entry.getByText(/^Deleted \w+ \d+, \d{4}/)).toBeVisible();
  await entry.getByRole("button", { name: `Restore ${title}` }).click();
  await expect(toastText(page, "Post restored")).toBeVisible();
  await expect(posts.getByText(title)).toHaveCount(0);
  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(200);
  await openList(page, postsMatching(title));
  await expect(row(page, title)).toHaveCount(1);
  await context.close();
});

test("'Delete forever' asks first, then removes the post and its uploaded cover; its slug was kept until then", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  const upload = await page.request.post("/api/admin/upload", {
    headers: { Origin: baseURL! },
    multipart: { file: { name: "cover.png", mimeType: "image/png", buffer: await pngBytes() }, folder: "" },
  });
  expect(upload.status()).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  const { title, slug } = await createPost(page.request, baseURL!, { imageUrl: url });
  await openList(page, postsMatching(title));
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this post?", title);
  await expect(toastText(page, "Post deleted")).toBeVisible();
  expect((await page.request.get(url)).status()).toBe(200);

  // While it is in the trash, its slug stays taken.
  const again = await page.request.post("/admin/blog/new", {
    headers: { Origin: baseURL! },
    form: { intent: "save", title, slug, category: "Automation", content: "Body" },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain("already used by a post in the trash");

  await openList(page, "/admin/trash");
  await page.getByRole("button", { name: `Delete forever: ${title}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this post forever?", title, "Delete forever");
  await expect(toastText(page, "Post deleted forever")).toBeVisible();
  await expect(page.getByRole("region", { name: "Posts" }).getByText(title)).toHaveCount(0);
  expect((await page.request.get(url)).status()).toBe(404);
  expect((await page.request.get(url.replace(/\.png$/, "-480.webp"))).status()).toBe(404);
  await context.close();
});

test("team members and testimonials go to the trash and come back, on /team and the landing page too", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  const name = unique("Trash member");
  const client = unique("Trash client");
  const quote = unique("They never lost a record");
  const origin = { Origin: baseURL! };
  expect(
    (
      await page.request.post("/admin/team/new", { headers: origin, form: { name, position: "Engineer", displayOrder: "8", active: "on" }, maxRedirects: 0 })
    ).status(),
  ).toBe(302);
  expect(
    (
      await page.request.post("/admin/testimonials/new", {
        headers: origin,
        form: { name: client, company: "Co", quote, displayOrder: "8", active: "on" },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(302);

  await openList(page, "/admin/team");
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this team member?", name);
  await expect(toastText(page, "Team member deleted")).toBeVisible();
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
  expect(await (await page.request.get("/team")).text()).not.toContain(name);

  await openList(page, "/admin/testimonials");
  await page.getByRole("button", { name: `Delete ${client}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this testimonial?", client);
  await expect(toastText(page, "Testimonial deleted")).toBeVisible();
  expect(await (await page.request.get("/")).text()).not.toContain(quote);

  await openList(page, "/admin/trash");
  await page
    .getByRole("region", { name: "Team members" })
    .getByRole("button", { name: `Restore ${name}` })
    .click();
  await expect(toastText(page, "Team member restored")).toBeVisible();
  await page
    .getByRole("region", { name: "Testimonials" })
    .getByRole("button", { name: `Restore ${client}` })
    .click();
  await expect(toastText(page, "Testimonial restored")).toBeVisible();
  expect(await (await page.request.get("/team")).text()).toContain(name);
  expect(await (await page.request.get("/")).text()).toContain(quote);
  await openList(page, "/admin/team");
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await context.close();
});

test("bulk: select two drafts and publish them; select posts and move them to the trash @phone", async ({ browser, baseURL, request }) => {
  const context = await browser.newContext({ storageState: statePath });
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
  await expect(page.getByText("(2 selected)")).toBeVisible();
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
  await expect(page.getByText(`(${total} selected)`)).toBeVisible();
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
  const context = await browser.newContext({ storageState: statePath });
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
  await expect(page.getByText("(2 selected)")).toBeVisible();
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

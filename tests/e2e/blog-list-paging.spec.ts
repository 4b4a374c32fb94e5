// How the public blog list loads: the loading texts while a filter or a post loads, a load that
// fails, paging links that keep the filters, and 'Load more' across two pages. (The page and its
// cards: blog-list-cards.spec.ts; search and filters: blog-list-search.spec.ts.)
import { expect, test, type Browser, type Page } from "@playwright/test";
import { adminState, confirmDialog, hydrated, toastText, unique } from "./support/admin";
import { articles, PIPELINE, spriteIcons } from "./support/blog-list";

test.describe("blog list", () => {
  test("shows 'Loading articles...' and 'Loading categories...' while a filter loads, and 'Loading article...' on the way to a post", async ({ page }) => {
    await page.goto("/blog");
    await hydrated(page);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The results of a filter are the list page's HTML, fetched and put in place.
    const filtered = /\/blog\?category=Automation$/;
    await page.route(filtered, async (route) => {
      await gate;
      await route.continue();
    });
    await page.getByRole("button", { name: "Automation", exact: true }).click();
    await expect(page.getByText("Loading articles...")).toBeVisible();
    await expect(page.getByText("Loading categories...")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: "Automation Articles" })).toBeVisible();
    await expect(page.getByText("Loading articles...")).toBeHidden();
    await expect(page.getByText("Loading categories...")).toHaveCount(0);
    await page.unroute(filtered);

    // A post is a page load of its own: the list says so until the post's page arrives. A held
    // page load closes the list page for this browser driver, so the test's own handler (after
    // the page's) cancels this one: the text the page's handler put up stays to be seen.
    await page.evaluate(() => window.addEventListener("click", (event) => event.preventDefault(), { once: true }));
    // A seeded post, not the newest one: the admin journeys publish and then remove their own
    // Automation posts on the same server while this runs.
    const readMore = articles(page).filter({ hasText: PIPELINE }).getByRole("link", { name: "Read More" });
    await readMore.click();
    await expect(page.getByRole("status").filter({ hasText: "Loading article..." })).toBeVisible();
    await readMore.click();
    await expect(page.getByRole("heading", { level: 1, name: PIPELINE })).toBeVisible();
    await expect(page.getByRole("button", { name: "Share Article" })).toBeVisible();
  });

  test("a failing load shows 'Error Loading Blog' with the message @phone", async ({ page }) => {
    const response = await page.goto("/blog?page=abc");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "Error Loading Blog" })).toBeVisible();
    await expect(page.getByText("The page number must be a whole number of 1 or more.")).toBeVisible();
    await page.goto("/blog?q=" + "x".repeat(201));
    await expect(page.getByRole("heading", { name: "Error Loading Blog" })).toBeVisible();
    await expect(page.getByText("The search text is too long (200 characters at most).")).toBeVisible();
  });

  test("paging links keep the filters", async ({ request }) => {
    // Page 12 shows pages 8 to 12 (five at most): 'Newer articles' leads to page 7.
    const html = await (await request.get("/blog?category=Automation&page=12")).text();
    expect(html).toContain('href="/blog?category=Automation&amp;page=7"');
    expect(html).toContain("Newer articles");
    const tooMany = await request.get("/blog?pages=6");
    expect(tooMany.status()).toBe(400);
    expect(await tooMany.text()).toContain("The number of pages must be a whole number from 1 to 5.");
  });
});

/** Publishes a post through the back-office; returns its slug. */
async function publishPost(page: Page, post: { title: string; category: string; excerpt: string; tag?: string }) {
  const slug = post.title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  await page.goto("/admin/blog/new");
  await page.getByLabel("Title", { exact: true }).fill(post.title);
  await page.getByLabel("Slug").fill(slug);
  await page.getByLabel("Category").fill(post.category);
  await page.getByLabel("Excerpt").fill(post.excerpt);
  await page.getByLabel("Content (Markdown)").fill("## A heading\n\nA paragraph written by the blog list journey.");
  if (post.tag) {
    await page.getByPlaceholder("New tag name").fill(post.tag);
    await page.getByRole("button", { name: "Add Tag" }).click();
    await expect(page.getByRole("button", { name: post.tag })).toHaveAttribute("aria-pressed", "true");
  }
  await page.getByRole("switch", { name: "Published" }).check();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  return slug;
}

async function deletePosts(browser: Browser, state: string, titles: string[]) {
  const context = await browser.newContext({ storageState: state });
  const page = await context.newPage();
  for (const title of titles) {
    await page.goto("/admin/blog");
    await hydrated(page);
    await page.getByRole("button", { name: `Delete ${title}` }).click();
    await confirmDialog(page, "Are you sure you want to delete this post?", title);
    await expect(toastText(page, "Post deleted")).toBeVisible();
  }
  await context.close();
}

test.describe("blog list with more than one page", () => {
  test("'Load more' puts the page in the URL, so a reload shows the same posts; a bold excerpt stays bold on its card @phone", async ({ browser }) => {
    test.setTimeout(120_000);
    const state = await adminState(browser);
    const admin = await browser.newContext({ storageState: state });
    const adminPage = await admin.newPage();
    // Two more posts make 13 in the grid (the featured post is not repeated): a second page.
    const bold = unique("Bold excerpt post");
    const plain = unique("Paging post");
    await publishPost(adminPage, { title: bold, category: "Paging Journey", excerpt: "A **strong claim** about paging, and the rest in plain words." });
    await publishPost(adminPage, { title: plain, category: "Paging Journey", excerpt: "Plain." });
    await admin.close();
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto("/blog");
      const card = articles(page).filter({ hasText: bold });
      await expect(card.locator("strong")).toHaveText("strong claim");
      expect(Number(await card.locator("strong").evaluate((el) => getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(600);
      await expect(card).not.toContainText("**");
      // One link per card holds the title (stretched over the card): no link inside another.
      await expect(page.locator("article a a")).toHaveCount(0);

      await expect(articles(page)).toHaveCount(12);
      // Live (before, the link is the plain ?page=2#page-2 link tested without JavaScript below).
      await hydrated(page);
      await page.getByRole("link", { name: "Load more" }).click();
      await expect(page).toHaveURL(/\/blog\?page=2$/);
      await expect.poll(() => articles(page).count()).toBeGreaterThan(12);
      const appended = await articles(page).nth(12).getByRole("heading").textContent();
      // The appended card's icons refer to the sprite of the page it joined.
      const appendedIcons = await spriteIcons(articles(page).nth(12));
      expect(appendedIcons).toHaveLength(3);
      for (const icon of appendedIcons) expect(icon.drawn).toBeGreaterThan(8);
      const shown = await articles(page).count();

      await page.reload();
      await expect(page).toHaveURL(/\/blog\?page=2$/);
      // Page 1 is still there, with this test's own posts on it. (Not compared by its first card: the same test at
      // the other screen size, and other journeys, publish and trash posts of their own meanwhile.)
      for (const title of [bold, plain]) await expect(articles(page).filter({ hasText: title })).toHaveCount(1);
      await expect(articles(page).filter({ hasText: appended! })).toHaveCount(1);
      expect(await articles(page).count()).toBeGreaterThanOrEqual(shown - 1);
      await expect(page.getByRole("link", { name: "Newer articles" })).toHaveCount(0);
      await context.close();

      // Without JavaScript the same link leads to ?page=2, which shows both pages.
      const noJs = await browser.newContext({ javaScriptEnabled: false });
      const plainPage = await noJs.newPage();
      await plainPage.goto("/blog");
      await plainPage.getByRole("link", { name: "Load more" }).click();
      await expect(plainPage).toHaveURL(/\/blog\?page=2#page-2$/);
      await expect(articles(plainPage).filter({ hasText: appended! })).toHaveCount(1);
      for (const title of [bold, plain]) await expect(articles(plainPage).filter({ hasText: title })).toHaveCount(1);
      await noJs.close();
    } finally {
      await deletePosts(browser, state, [bold, plain]);
    }
  });
});

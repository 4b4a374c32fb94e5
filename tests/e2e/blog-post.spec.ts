import { expect, test, type Page } from "@playwright/test";
import { spriteIcons } from "./support/blog-list";

const FEATURED = "Automating deal flow triage without losing the partner's judgment";
const FEATURED_PATH = "/blog/automating-deal-flow-triage";
const NOT_FOUND_TEXT = "The article you're looking for doesn't exist.";

/** Replaces the browser's share dialog / clipboard (the browser API boundary) and records calls. */
async function stubShare(page: Page, mode: "resolve" | "abort" | "fail" | "none") {
  await page.addInitScript((shareMode) => {
    const w = window as unknown as { shared: unknown[]; copied: string[] };
    w.shared = [];
    w.copied = [];
    if (shareMode === "none") {
      Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: (text: string) => Promise.resolve(void w.copied.push(text)) },
        configurable: true,
      });
      return;
    }
    Object.defineProperty(navigator, "share", {
      configurable: true,
      value: async (data: unknown) => {
        await Promise.resolve();
        w.shared.push(data);
        if (shareMode === "abort") throw new DOMException("Share canceled", "AbortError");
        if (shareMode === "fail") throw new DOMException("Permission denied", "NotAllowedError");
      },
    });
  }, mode);
}

test.describe("blog post", () => {
  test("shows category, title, author, date, read time, tags, hero image, markdown content and the call-out @phone", async ({ page }) => {
    const response = await page.goto(FEATURED_PATH);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("button", { name: "Back to Blog" })).toBeVisible();
    // The post itself; the related posts at the end are articles too.
    const article = page.getByRole("article").first();
    await expect(article.getByText("Venture Capital", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: FEATURED })).toBeVisible();
    await expect(article.getByText("Flowstate Team")).toBeVisible();
    await expect(article.getByText(/^\w+ \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(article.getByText(/^\d+ min read$/)).toBeVisible();
    await expect(page.getByRole("list", { name: "Tags" }).getByRole("listitem")).not.toHaveCount(0);
    await expect(page.getByRole("button", { name: "Share Article" })).toBeVisible();

    const hero = article.locator("img").first();
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("srcset", /-1600\.webp 1600w/);
    await expect(hero).toHaveAttribute("sizes", /.+/);

    // Markdown rendered on the server: headings, lists, bold, links.
    await expect(article.getByRole("heading", { level: 2, name: "The inbound problem" })).toBeVisible();
    await expect(article.locator("ol > li").first()).toBeVisible();
    await expect(article.locator("strong").first()).toBeVisible();
    await expect(article.getByRole("link", { name: "portfolio reporting" })).toHaveAttribute("href", /^\/blog\//);
    // The excerpt is rendered as markdown too.
    await expect(article.getByText(/Inbound decks pile up faster than associates/)).toBeVisible();

    const callout = page.getByRole("complementary", { name: "Ready to Transform Your Business?" });
    await expect(callout.getByText("Let's discuss how AI automation can drive similar results for your organization.")).toBeVisible();
    await callout.getByRole("button", { name: "Book Your Automation Audit" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("tags are links to the list filtered by them @phone", async ({ page }) => {
    await page.goto(FEATURED_PATH);
    const tags = page.getByRole("list", { name: "Tags" });
    await expect(tags.getByRole("link", { name: "CRM" })).toHaveAttribute("href", "/blog?tag=crm");
    await tags.getByRole("link", { name: "Deal Flow" }).click();
    await expect(page).toHaveURL(/\/blog\?tag=deal-flow$/);
    await expect(page.getByText('3 articles tagged "Deal Flow"')).toBeVisible();
    const results = page.getByRole("region", { name: "Latest Articles" }).getByRole("article");
    await expect(results).toHaveCount(3);
    await expect(results.filter({ hasText: FEATURED })).toHaveCount(1);
  });

  test("ends with three related posts: most shared tags, then the same category, then the newest; never itself @phone", async ({ page }) => {
    await page.goto(FEATURED_PATH);
    const related = page.getByRole("region", { name: "Related Articles" });
    const cards = related.getByRole("article");
    await expect(cards).toHaveCount(3);
    // Two shared tags (LLMs, Deal Flow); one shared tag in the same category; one shared tag, the newest.
    await expect(cards.nth(0)).toContainText("Building a research agent for investment memos");
    await expect(cards.nth(1)).toContainText("A portfolio reporting stack for emerging VC funds");
    await expect(cards.nth(2)).toContainText("How to audit your sales pipeline for automation opportunities");
    await expect(related.getByText(FEATURED)).toHaveCount(0);
    // The section closes the page, after the call-out.
    const after = await page.getByRole("complementary", { name: "Ready to Transform Your Business?" }).evaluate((callout) => {
      const section = document.querySelector('section[aria-labelledby="related-heading"]');
      return Boolean(section && callout.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(after).toBe(true);
    // The cards' icons and the post's own date and read time are drawn from the page's one sprite.
    await expect(page.locator("svg symbol")).toHaveCount(3);
    for (const scope of [page.getByRole("main").locator("header").first(), cards.nth(2)]) {
      const icons = await spriteIcons(scope);
      expect(icons.length).toBeGreaterThanOrEqual(2);
      for (const icon of icons) expect(icon).toMatchObject({ inPage: true, size: 16 });
      for (const icon of icons) expect(icon.drawn).toBeGreaterThan(8);
    }
    await cards
      .nth(0)
      .getByRole("link", { name: /Read More/ })
      .click();
    await expect(page).toHaveURL(/\/blog\/building-a-research-agent-for-investment-memos$/);
    await expect(page.getByRole("region", { name: "Related Articles" }).getByRole("heading", { name: FEATURED })).toBeVisible();
  });

  test("'Back to Blog' goes back in history, keeping the list's filters", async ({ page }) => {
    await page.goto("/blog?category=Automation");
    // A seeded post: the back-office suite adds and removes its own Automation posts meanwhile.
    await page.getByRole("article").filter({ hasText: "Make.com vs n8n" }).getByRole("link", { name: "Read More" }).click();
    await expect(page.getByRole("button", { name: "Share Article" })).toBeVisible();
    await page.getByRole("button", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog\?category=Automation$/);
    await expect(page.getByRole("heading", { name: "Automation Articles" })).toBeVisible();
  });

  test("'Back to Blog' opens the list when the post was opened directly", async ({ page }) => {
    await page.goto(FEATURED_PATH);
    await page.getByRole("button", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog\/?\??$/);
    await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
  });

  test("shares with the browser's share dialog", async ({ page }) => {
    await stubShare(page, "resolve");
    await page.goto(FEATURED_PATH);
    await page.getByRole("button", { name: "Share Article" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Shared successfully" })).toContainText("Thanks for sharing!");
    const shared = await page.evaluate(() => (window as unknown as { shared: { url: string; title: string }[] }).shared);
    expect(shared).toHaveLength(1);
    expect(shared[0]!.url).toBe(page.url());
    expect(shared[0]!.title).toBe(FEATURED);
  });

  test("stays silent when the visitor cancels the share dialog", async ({ page }) => {
    await stubShare(page, "abort");
    await page.goto(FEATURED_PATH);
    await page.getByRole("button", { name: "Share Article" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared.length)).toBe(1);
    await expect(page.getByText("Share failed")).toHaveCount(0);
    await expect(page.getByText("Shared successfully")).toHaveCount(0);
  });

  test("reports a failed share with a destructive toast", async ({ page }) => {
    await stubShare(page, "fail");
    await page.goto(FEATURED_PATH);
    await page.getByRole("button", { name: "Share Article" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Share failed" });
    await expect(alert).toContainText("Could not share the article. Please try again.");
  });

  test("copies the address when there is no share dialog @phone", async ({ page }) => {
    await stubShare(page, "none");
    await page.goto(FEATURED_PATH);
    await page.getByRole("button", { name: "Share Article" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toContainText("Article link copied to clipboard!");
    expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([page.url()]);
  });

  test("a missing post answers 404 with 'Article Not Found' and 'Go Back' @phone", async ({ page }) => {
    const response = await page.goto("/blog/no-such-article-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
    await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
    await expect(page.getByText("Oops! Page not found")).toHaveCount(0);
    await page.getByRole("button", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/blog\/?\??$/);
  });

  test("'Go Back' returns to the previous page in history", async ({ page }) => {
    await page.goto("/blog?category=Case%20Studies");
    // A full page load from this site (as a link inside an article does).
    await page.evaluate(() => (window.location.href = "/blog/missing-in-action"));
    await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
    await page.getByRole("button", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/category=Case\+Studies|category=Case%20Studies/);
  });

  test("an article without a slug fails with 'No article slug provided'", async ({ page }) => {
    const response = await page.goto("/blog/%20");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
    await expect(page.getByText("No article slug provided")).toBeVisible();
    await expect(page.getByRole("button", { name: "Go Back" })).toBeVisible();
  });

  test("drafts are not reachable by their address", async ({ request }) => {
    for (const slug of ["hidden-cost-of-swivel-chair-work", "prompt-libraries-as-internal-infrastructure"]) {
      const response = await request.get(`/blog/${slug}`);
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).toContain("Article Not Found");
      expect(html).not.toContain("swivel-chair work in enterprise operations</h1>");
    }
  });
});

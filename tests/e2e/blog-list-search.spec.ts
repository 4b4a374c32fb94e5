// Finding posts on the public blog list: categories, tags and search (word forms, counts, empty
// results, the back button, without JavaScript), rendered on the server from the URL; drafts never
// show. (The page and its cards: blog-list-cards.spec.ts; paging: blog-list-paging.spec.ts.)
import { expect, test } from "@playwright/test";
import { hydrated } from "./support/admin";
import { isPhone } from "./support/site";
import { articles, DRAFTS, FEATURED, featuredSection, NO_COVER, ONBOARDING, PIPELINE, searchBox } from "./support/blog-list";

test.describe("blog list", () => {
  test("a category shows only its posts under '{category} Articles' and hides the featured card", async ({ page }) => {
    await page.goto("/blog");
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole("button", { name: "AI Agents", exact: true }).click();
    await expect(page).toHaveURL(/\/blog\?category=AI\+Agents$/);
    await expect(page.getByRole("heading", { name: "AI Agents Articles" })).toBeVisible();
    await expect(page.getByRole("button", { name: "AI Agents", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(featuredSection(page)).toHaveCount(0);
    await expect(articles(page).filter({ hasText: NO_COVER })).toHaveCount(1);
    for (const badge of await articles(page)
      .locator("span", { hasText: /^(AI Agents|Automation|Case Studies|Venture Capital)$/ })
      .allTextContents()) {
      expect(badge).toBe("AI Agents");
    }
    // No full page load happened.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    await page.getByRole("button", { name: "Venture Capital", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Venture Capital Articles" })).toBeVisible();
    await expect(articles(page).filter({ hasText: FEATURED })).toHaveCount(1);

    await page.getByRole("button", { name: "All", exact: true }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole("heading", { name: "Latest Articles" })).toBeVisible();
    await expect(featuredSection(page)).toBeVisible();
  });

  test("filters in the URL are rendered on the server, with a trailing slash too", async ({ request }) => {
    const html = await (await request.get("/blog/?category=Case%20Studies")).text();
    expect(html).toContain("Case Studies Articles");
    expect(html).toContain(ONBOARDING);
    expect(html).not.toContain("Featured Article");
    const search = await (await request.get("/blog?q=ONBOA")).text();
    expect(search).toContain(ONBOARDING.replace("'", "&#x27;"));
    expect(search).not.toContain("Featured Article");
  });

  test("search is case-insensitive and matches a word still being typed, without a full reload", async ({ page }) => {
    await page.goto("/blog");
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await searchBox(page).pressSequentially("ONBOA");
    await expect(page).toHaveURL(/\/blog\?q=ONBOA$/);
    await expect(articles(page).filter({ hasText: ONBOARDING })).toHaveCount(1);
    await expect(featuredSection(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Latest Articles" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    await searchBox(page).fill("DEAL flow TRIAGE");
    await expect(page).toHaveURL(/q=DEAL\+flow\+TRIAGE/);
    await expect(articles(page).filter({ hasText: FEATURED })).toHaveCount(1);
  });

  test("search matches the excerpt, and says so when nothing matches", async ({ page }) => {
    await page.goto("/blog");
    // "associates" is in the featured post's excerpt, not its title.
    await searchBox(page).fill("associates");
    await expect(articles(page).filter({ hasText: FEATURED })).toHaveCount(1);
    await searchBox(page).fill("zzqxv nothing like this");
    await expect(page.getByText("No articles found matching your criteria.")).toBeVisible();
    await expect(articles(page)).toHaveCount(0);
  });

  test("search and category combine, and the back button returns to the previous results", async ({ page }) => {
    await page.goto("/blog?category=Automation");
    await searchBox(page).fill("platform");
    await expect(page).toHaveURL(/\/blog\?q=platform&category=Automation$/);
    await expect(page.getByRole("heading", { name: "Automation Articles" })).toBeVisible();
    await expect(articles(page).filter({ hasText: "Make.com vs n8n" })).toHaveCount(1);
    await page.goBack();
    await expect(page).toHaveURL(/\/blog\?category=Automation$/);
    await expect(searchBox(page)).toHaveValue("");
    await expect(articles(page).filter({ hasText: PIPELINE })).toHaveCount(1);
  });

  test("the search form and category buttons work without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/blog");
    await searchBox(page).fill("onboarding");
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL(/\/blog\?q=onboarding$/);
    await expect(articles(page).filter({ hasText: ONBOARDING })).toHaveCount(1);
    await page.getByRole("button", { name: "Case Studies", exact: true }).click();
    await expect(page).toHaveURL(/q=onboarding&category=Case\+Studies/);
    await expect(page.getByRole("heading", { name: "Case Studies Articles" })).toBeVisible();
    await context.close();
  });

  test("drafts never appear in the list or in search", async ({ page }) => {
    await page.goto("/blog");
    for (const title of DRAFTS) await expect(page.getByText(title)).toHaveCount(0);
    await searchBox(page).fill("swivel chair");
    await expect(page.getByText("No articles found matching your criteria.")).toBeVisible();
    await searchBox(page).fill("Prompt libraries");
    await expect(articles(page).filter({ hasText: DRAFTS[1]! })).toHaveCount(0);
  });

  test("a search says how many posts it found, in singular too, and 'Clear search' returns to the whole list @phone", async ({ page }) => {
    await page.goto("/blog");
    await searchBox(page).fill("agents");
    await expect(page.getByText('4 results for "agents"')).toBeVisible();
    await expect(articles(page)).toHaveCount(4);
    await searchBox(page).fill("onboarding");
    await expect(page.getByText('1 result for "onboarding"')).toBeVisible();
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(searchBox(page)).toHaveValue("");
    await expect(searchBox(page)).toBeFocused();
    await expect(featuredSection(page)).toBeVisible();
    await expect(page.getByText(/results? for/)).toHaveCount(0);
  });

  test("the filters start at the first touch; before it the list's links and Back work, and the filters then show what is in place @phone", async ({
    page,
  }) => {
    await page.goto("/blog?category=AI+Agents&q=agents");
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    // Idle callbacks run in the order they were asked for: once two asked now have run, whatever
    // the page started at its load has run too. The filters' island has not started, nor asked for its code.
    for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
    const filters = page.locator('flow-island[data-island="blog-filters"]');
    await expect(filters).not.toHaveAttribute("data-state");

    // 'Clear search' is the list's own link: its results come in place (no page load), focus waits in
    // the search box, and the filters, started by it, show the search dropped and the category kept.
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/blog\?category=AI\+Agents$/);
    await expect(page.getByText(/results? for/)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "AI Agents Articles" })).toBeVisible();
    await expect(filters).toHaveAttribute("data-hydrated", "");
    await expect(searchBox(page)).toHaveValue("");
    await expect(searchBox(page)).toBeFocused();
    await expect(page.getByRole("button", { name: "AI Agents", exact: true })).toHaveAttribute("aria-pressed", "true");

    // Back shows the search again, in place, and the live filters follow.
    await page.goBack();
    await expect(page).toHaveURL(/q=agents/);
    await expect(searchBox(page)).toHaveValue("agents");
    await expect(page.getByText(/results? for "agents"/)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test("search understands word forms and ranks the best match first @phone", async ({ page }) => {
    // "agents" finds a title that says "agent"; "reconciling" finds "reconciliation".
    await page.goto("/blog?q=agents");
    await expect(articles(page).filter({ hasText: "an invoice reconciliation agent" })).toHaveCount(1);
    // The older post with the word in its title comes before the newer one that has it in its body.
    await page.goto("/blog?q=reconciling");
    await expect(articles(page)).toHaveCount(2);
    await expect(articles(page).nth(0)).toContainText("an invoice reconciliation agent");
    await expect(articles(page).nth(1)).toContainText("What LPs notice when a fund runs on clean data");
  });

  test("an empty result offers 'Clear search', the categories and three recent posts", async ({ page }) => {
    await page.goto("/blog?category=Automation");
    await searchBox(page).fill("zzqxv nothing");
    await expect(page.getByText("No articles found matching your criteria.")).toBeVisible();
    await expect(page.getByText('0 results for "zzqxv nothing"')).toBeVisible();
    await expect(page.getByRole("heading", { name: "Browse a category" })).toBeVisible();
    for (const name of ["AI Agents", "Automation", "Case Studies", "Venture Capital"]) {
      await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/blog?category=${encodeURIComponent(name).replace(/%20/g, "+")}`);
    }
    const recent = page.getByRole("heading", { name: "Recent articles" }).locator("xpath=..").getByRole("link");
    await expect(recent).toHaveCount(3);
    await expect(recent.first()).toHaveAttribute("href", /^\/blog\/[a-z0-9-]+$/);
    // Clearing the search keeps the category.
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/blog\?category=Automation$/);
    await expect(articles(page).filter({ hasText: PIPELINE })).toHaveCount(1);
  });

  test("a tag filters the list, is kept by the category buttons and the search, and is rendered on the server", async ({ page, request }) => {
    await page.goto("/blog?tag=crm");
    await expect(page.getByText('3 articles tagged "CRM"')).toBeVisible();
    await expect(articles(page)).toHaveCount(3);
    await expect(featuredSection(page)).toHaveCount(0);
    await expect(articles(page).filter({ hasText: FEATURED })).toHaveCount(1);
    await page.getByRole("button", { name: "Automation", exact: true }).click();
    await expect(page).toHaveURL(/\/blog\?category=Automation&tag=crm$/);
    await expect(articles(page)).toHaveCount(1);
    await expect(articles(page).first()).toContainText(PIPELINE);
    await searchBox(page).fill("pipeline");
    await expect(page).toHaveURL(/\/blog\?q=pipeline&category=Automation&tag=crm$/);
    await expect(page.getByText('1 result for "pipeline" tagged "CRM"')).toBeVisible();
    await page.getByRole("link", { name: "Clear tag" }).click();
    await expect(page).toHaveURL(/\/blog\?q=pipeline&category=Automation$/);

    const html = await (await request.get("/blog?tag=deal-flow")).text();
    expect(html).toContain("3 articles tagged &quot;Deal Flow&quot;");
    const missing = await request.get("/blog?tag=no-such-tag");
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain("There is no tag &quot;no-such-tag&quot;.");
  });

  test("on a phone the first result shows above the on-screen keyboard while a search is typed @phone", async ({ page }) => {
    test.skip(!isPhone(page), "the phone's layout");
    await page.goto("/blog");
    await hydrated(page);
    await searchBox(page).click();
    await page.keyboard.type("agents");
    const first = articles(page).first().getByRole("heading");
    await expect(first).toContainText(/agent/i);
    await expect(searchBox(page)).toBeFocused();
    // A phone's keyboard covers about the lower 340 px of its 844: the first result's title sits
    // between the header (64 px) and the keyboard, and the search box stays in view above it.
    const keyboardTop = page.viewportSize()!.height - 340;
    await expect.poll(async () => (await first.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(64);
    await expect.poll(async () => bottom(await first.boundingBox())).toBeLessThanOrEqual(keyboardTop);
    await expect.poll(async () => (await searchBox(page).boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(64);
  });
});

function bottom(box: { y: number; height: number } | null) {
  return box ? box.y + box.height : Number.POSITIVE_INFINITY;
}

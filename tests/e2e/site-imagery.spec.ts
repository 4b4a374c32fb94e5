import { expect, test, type APIResponse, type Page } from "@playwright/test";
import { vnuErrors } from "./support/vnu";
import { adminState, confirmDialog, toastText, unique } from "./support/admin";

const NO_COVER = "/blog/evaluating-llm-agents-before-production";
const NO_COVER_TITLE = "Evaluating LLM agents before they touch production data";
const WITH_COVER = "/blog/automating-deal-flow-triage";
const DRAFT = "prompt-libraries-as-internal-infrastructure";

/** Width and height of a PNG, read from its IHDR chunk after the 8-byte signature. */
async function pngSize(response: APIResponse) {
  const bytes = await response.body();
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const ogImageOf = (page: Page) => page.locator('head meta[property="og:image"]').getAttribute("content");

test.describe("share images", () => {
  test("a post without a cover shares a generated 1200×630 PNG that its page names by absolute address", async ({ page, request, baseURL }) => {
    await page.goto(NO_COVER);
    const head = page.locator("head");
    const image = await ogImageOf(page);
    expect(image).toMatch(new RegExp(`^${baseURL}/og/post/evaluating-llm-agents-before-production\\.png\\?v=[0-9a-z]+$`));
    await expect(head.locator('meta[name="twitter:image"]')).toHaveAttribute("content", image!);
    await expect(head.locator('meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
    await expect(head.locator('meta[property="og:image:height"]')).toHaveAttribute("content", "630");
    await expect(head.locator('meta[property="og:image:alt"]')).toHaveAttribute("content", `AI Agents: ${NO_COVER_TITLE}`);
    const jsonLd = (await head.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t) as { "@type": string; image?: string[] },
    );
    expect(jsonLd.find((j) => j["@type"] === "Article")?.image).toEqual([image]);

    const response = await request.get(image!);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    // The address carries the card's fingerprint: caches may keep it for good.
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await pngSize(response)).toEqual({ width: 1200, height: 630 });

    // Without the fingerprint it is the current image, revalidated like a page; a known copy is a 304.
    const bare = await request.get(image!.replace(/\?v=.*$/, ""));
    expect(bare.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect((await bare.body()).equals(await response.body())).toBe(true);
    const again = await request.get(image!, { headers: { "If-None-Match": response.headers()["etag"]! } });
    expect(again.status()).toBe(304);
  });

  test("a post with a cover keeps the cover as its share image; drafts and unknown names have none", async ({ page, request, baseURL }) => {
    await page.goto(WITH_COVER);
    expect(await ogImageOf(page)).toMatch(new RegExp(`^${baseURL}/uploads/blog-images/[0-9a-f-]{36}\\.png$`));
    await expect(page.locator('head meta[property="og:image:width"]')).toHaveCount(0);
    for (const path of [`/og/post/${DRAFT}.png`, "/og/post/no-such-post.png", "/og/page/admin.png", "/og/page/team.jpg", "/og/other/team.png"]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });

  test("every public page shares its own generated 1200×630 image", async ({ page, request, baseURL }) => {
    const seen = new Set<string>();
    for (const [path, name] of [
      ["/", "home"],
      ["/blog", "blog"],
      ["/team", "team"],
      ["/privacy", "privacy"],
      ["/terms", "terms"],
      ["/audit", "audit"],
    ] as const) {
      await page.goto(path);
      const image = await ogImageOf(page);
      expect(image, path).toMatch(new RegExp(`^${baseURL}/og/page/${name}\\.png\\?v=[0-9a-z]+$`));
      await expect(page.locator('head meta[property="og:image:width"]')).toHaveAttribute("content", "1200");
      const response = await request.get(image!);
      expect(response.headers()["content-type"], path).toBe("image/png");
      expect(await pngSize(response), path).toEqual({ width: 1200, height: 630 });
      seen.add((await response.body()).toString("base64"));
    }
    expect(seen.size).toBe(6);
    // The audit form's confirmation is the same page: it shares the form's image.
    const auditImage = await ogImageOf(page);
    await page.goto("/audit?sent=1");
    expect(await ogImageOf(page)).toBe(auditImage);
  });

  test("editing a post's title gives it a new share image at a new address", async ({ browser, request }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ storageState: await adminState(browser) });
    const page = await context.newPage();
    const title = unique("Share image");
    const slug = title.toLowerCase().replace(/\s+/g, "-");
    await page.goto("/admin/blog/new");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Slug").fill(slug);
    await page.getByLabel("Category").fill("Operations");
    await page.getByLabel("Content (Markdown)").fill("A post written to watch its share image follow its title.");
    await page.getByRole("switch", { name: "Published" }).check();
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);

    const publicPage = await context.newPage();
    await publicPage.goto(`/blog/${slug}`);
    const before = (await ogImageOf(publicPage))!;
    const beforePng = await (await request.get(before)).body();

    // The list is paged and other suites add posts beside this one: the post is reached by search.
    await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    await page.getByLabel("Title", { exact: true }).fill(`${title} renamed`);
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(toastText(page, "Post updated")).toBeVisible();

    await publicPage.reload();
    await expect(publicPage.getByRole("heading", { level: 1, name: `${title} renamed` })).toBeVisible();
    const after = (await ogImageOf(publicPage))!;
    expect(after.replace(/\?v=.*$/, "")).toBe(before.replace(/\?v=.*$/, ""));
    expect(after).not.toBe(before);
    const afterResponse = await request.get(after);
    expect(afterResponse.headers()["cache-control"]).toContain("immutable");
    expect((await afterResponse.body()).equals(beforePng)).toBe(false);
    // The old address now answers with the current picture, and only for a short while.
    const old = await request.get(before);
    expect(old.headers()["cache-control"]).not.toContain("immutable");
    expect((await old.body()).equals(await afterResponse.body())).toBe(true);

    await page.getByRole("button", { name: `Delete ${title} renamed` }).click();
    await confirmDialog(page, "Are you sure you want to delete this post?", `${title} renamed`);
    await expect(toastText(page, "Post deleted")).toBeVisible();
    await context.close();
  });
});

test.describe("generated covers and avatars", () => {
  test("a post without a cover gets a generated cover with its category and title on its card, and its page shows the title once @phone", async ({ page }) => {
    await page.goto("/blog");
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: NO_COVER_TITLE }) });
    const cover = card.locator('[data-cover="generated"]');
    await expect(cover).toBeVisible();
    await expect(cover).toContainText("AI Agents");
    await expect(cover).toContainText(NO_COVER_TITLE);
    await expect(cover).toHaveAttribute("aria-hidden", "true");
    // Drawn in its category's colours (AI Agents: violet, #8b5cf6, its label in #c4b5fd) by the stylesheet.
    expect(await cover.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain("rgb(139, 92, 246)");
    await expect(cover.getByText("AI Agents")).toHaveCSS("color", "rgb(196, 181, 253)");
    // No picture and no placeholder icon: the cover is drawn in the page, in the 16:9 box of a picture.
    await expect(card.locator("img")).toHaveCount(0);
    const box = (await cover.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    // Posts with a cover keep their picture.
    await expect(page.getByRole("article").filter({ hasText: "Case study: cutting new-hire onboarding" }).locator("img")).toHaveCount(1);

    await card.getByRole("link", { name: NO_COVER_TITLE, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: NO_COVER_TITLE })).toBeVisible();
    // On its page the title is the h1 just above: no generated card under it says it again, and
    // the post draws no picture (the related posts closing the page may have covers).
    const post = page.getByRole("main").getByRole("article").first();
    await expect(post.locator('[data-cover="generated"]')).toHaveCount(0);
    await expect(post.getByText(NO_COVER_TITLE, { exact: true })).toHaveCount(1);
    await expect(post.locator("img")).toHaveCount(0);
  });

  test("team members without a photo show their first letter in a generated avatar @phone", async ({ page }) => {
    await page.goto("/team");
    // The seeded members have no photo (other journeys may add members with one meanwhile).
    const looks = new Set<string>();
    for (const name of ["Maya Lindqvist", "Daniel Okafor", "Priya Raman"]) {
      const card = page
        .getByRole("main")
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { level: 2, name }) });
      const avatar = card.locator("[data-avatar]");
      await expect(avatar).toBeVisible();
      await expect(avatar).toHaveAttribute("data-avatar", name.charAt(0));
      await expect(avatar.locator("svg text")).toHaveText(name.charAt(0));
      await expect(card.locator("img")).toHaveCount(0);
      looks.add(await avatar.evaluate((el) => getComputedStyle(el).backgroundImage));
    }
    // Different people, different looks.
    expect(looks.size).toBe(3);
  });

  test("pain-point quotes show generated avatars with the first letter of each name, not silhouettes", async ({ page }) => {
    await page.goto("/");
    const rows = page.getByRole("list", { name: "What teams tell us" }).getByRole("listitem");
    await expect(rows).toHaveCount(10);
    await expect(rows.locator("img")).toHaveCount(0);
    for (const row of await rows.all()) {
      const name = (await row.locator("p").nth(1).textContent())!;
      await expect(row.locator("[data-avatar]")).toHaveAttribute("data-avatar", name.charAt(0));
    }
  });

  test("pages with generated covers and avatars are valid HTML (vnu)", async ({ baseURL }) => {
    test.setTimeout(120_000);
    const urls = ["/", "/team", NO_COVER].map((u) => `${baseURL}${u}`);
    expect(await vnuErrors(urls)).toEqual([]);
  });
});

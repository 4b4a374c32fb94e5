import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { vnuErrors } from "./support/vnu";
import { axeViolations } from "./support/axe";

const POST = "/blog/automating-deal-flow-triage";
const DRAFT_SLUGS = ["hidden-cost-of-swivel-chair-work", "prompt-libraries-as-internal-infrastructure"];
const root = path.resolve(import.meta.dirname, "../..");
/** The parts of the JSON-LD blocks these tests read. */
type JsonLd = { "@type"?: string; datePublished?: string; itemListElement?: { name: string }[] };

test.describe("blog search-engine data, feeds and caching", () => {
  test("a post describes itself: title, description, canonical, Open Graph, Twitter, JSON-LD", async ({ page, baseURL }) => {
    await page.goto(POST);
    await expect(page).toHaveTitle(/^Automating deal flow triage without losing the partner's judgment \| Flowstate$/);
    const head = page.locator("head");
    await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", /^Inbound decks pile up/);
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${POST}`);
    await expect(head.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}${POST}`);
    const ogImage = await head.locator('meta[property="og:image"]').getAttribute("content");
    expect(ogImage).toMatch(new RegExp(`^${baseURL}/uploads/blog-images/[0-9a-f-]{36}\\.png$`));
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expect(head.locator('meta[name="twitter:image"]')).toHaveAttribute("content", ogImage!);
    await expect(head.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/rss.xml");

    const jsonLd = (await head.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as JsonLd);
    const article = jsonLd.find((j) => j["@type"] === "Article");
    expect(article).toMatchObject({ headline: "Automating deal flow triage without losing the partner's judgment", image: [ogImage] });
    expect(article?.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const crumbs = jsonLd.find((j) => j["@type"] === "BreadcrumbList");
    expect(crumbs?.itemListElement?.map((i: { name: string }) => i.name)).toEqual([
      "Home",
      "Insights",
      "Automating deal flow triage without losing the partner's judgment",
    ]);
  });

  test("the list has a canonical address and the feed link", async ({ page, baseURL }) => {
    await page.goto("/blog?category=Automation");
    await expect(page).toHaveTitle(/Insights/);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/blog`);
    await expect(page.locator('head meta[property="og:title"]')).toHaveAttribute("content", /Insights/);
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveCount(1);
  });

  test("sitemap.xml lists public pages and published posts with dates, validates against the XSD, and has no drafts", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    for (const p of ["/", "/blog", "/team", "/privacy", "/terms", POST]) expect(xml).toContain(`<loc>${baseURL}${p}</loc>`);
    expect(xml).toMatch(new RegExp(`<loc>${baseURL}${POST}</loc>\\s*<lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
    for (const slug of DRAFT_SLUGS) expect(xml).not.toContain(slug);
    // Every tag that published posts carry has its page.
    for (const tag of ["crm", "deal-flow", "llms", "make.com"]) expect(xml).toMatch(new RegExp(`<loc>${baseURL}/blog\\?tag=${tag}</loc>\\s*<lastmod>`));

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sitemap-")), "sitemap.xml");
    fs.writeFileSync(file, xml);
    const schema = path.join(root, "node_modules/sitemap/schema/sitemap.xsd");
    // Throws (failing the test) when xmllint reports the document invalid.
    const out = execFileSync("xmllint", ["--noout", "--nonet", "--schema", schema, file], { encoding: "utf8", stdio: "pipe" });
    expect(out).toBe("");
  });

  test("the sitemap's first file answers the same addresses (the index names it past 50,000); past the last is 404", async ({ request }) => {
    const whole = await (await request.get("/sitemap.xml")).text();
    const first = await request.get("/sitemaps/1.xml");
    expect(first.status()).toBe(200);
    expect(first.headers()["content-type"]).toContain("application/xml");
    expect(await first.text()).toBe(whole);
    for (const url of ["/sitemaps/2.xml", "/sitemaps/0.xml", "/sitemaps/one.xml"]) expect((await request.get(url)).status(), url).toBe(404);
  });

  test("a tag's page is its own canonical, indexable page; searches are not indexed", async ({ page, baseURL }) => {
    await page.goto("/blog?tag=crm");
    await expect(page).toHaveTitle("Articles tagged “CRM” | Flowstate Insights");
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/blog?tag=crm`);
    await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
    await page.goto("/blog?tag=crm&q=pipeline");
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });

  test("robots.txt keeps crawlers out of the back-office and names the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.headers()["content-type"]).toContain("text/plain");
    const body = await response.text();
    expect(body).toContain("User-agent: *");
    expect(body).toMatch(/^Disallow: \/admin$/m);
    expect(body).toMatch(/^Disallow: \/api$/m);
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("rss.xml is an RSS 2.0 feed of published posts only", async ({ request, baseURL }) => {
    const response = await request.get("/rss.xml");
    expect(response.headers()["content-type"]).toContain("application/rss+xml");
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain("<title>Automating deal flow triage without losing the partner&apos;s judgment</title>");
    expect(xml).toContain(`<link>${baseURL}${POST}</link>`);
    expect(xml).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
    for (const slug of DRAFT_SLUGS) expect(xml).not.toContain(slug);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "rss-")), "rss.xml");
    fs.writeFileSync(file, xml);
    execFileSync("xmllint", ["--noout", "--nonet", file], { stdio: "pipe" });
  });

  test("public pages may be shared by a CDN; the back-office may not", async ({ request }) => {
    for (const url of ["/blog", "/blog?q=agent", POST, "/sitemap.xml", "/rss.xml", "/robots.txt"]) {
      const response = await request.get(url);
      expect(response.headers()["cache-control"], url).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    }
    expect((await request.get(POST)).headers()["server-timing"]).toMatch(/^(db;dur=\d|page-cache;desc=hit)/);
    const admin = await request.get("/admin/auth", { maxRedirects: 0 });
    expect(admin.headers()["cache-control"] ?? "").not.toContain("public");
  });

  test("pages served from the page cache allow exactly their own inline scripts, by hash", async ({ request, browser }) => {
    // A page no other test requests (pages=4 lists what the default does), so the first response is a fresh render:
    // a public page is rendered without a nonce, its inline scripts allowed by their hashes, as every later reader gets it.
    const url = "/blog?category=Case%20Studies&pages=4";
    const first = await request.get(url);
    expect(first.headers()["server-timing"]).not.toContain("page-cache");
    expect(first.headers()["content-security-policy"]).not.toContain("'nonce-");
    expect(await first.text()).not.toContain(" nonce=");
    let second = await request.get(url);
    await expect.poll(async () => (second = await request.get(url)).headers()["server-timing"]).toContain("page-cache");
    const csp = second.headers()["content-security-policy"]!;
    expect(csp).not.toContain("'nonce-");
    const html = await second.text();
    expect(html).not.toContain(" nonce=");
    const { createHash } = await import("node:crypto");
    // The inline scripts of a page, but those whose attributes match `skip`: [attributes, content].
    const inlineScripts = (page: string, skip: RegExp) =>
      [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attrs, content]) => [attrs!, content!]).filter(([attrs]) => !skip.test(attrs!));
    const inline = inlineScripts(html, /(?:^|\s)src=|ld\+json/);
    expect(inline.length).toBeGreaterThan(0);
    const hashes = (policy: string) => (policy.match(/'sha256-[^']+'/g) ?? []).sort();
    const hashOf = (content: string) => `'sha256-${createHash("sha256").update(content).digest("base64")}'`;
    expect(hashes(csp)).toEqual(inline.map(([, content]) => hashOf(content!)).sort());
    // The back-office's page allows its own early-click script alone, by hash, and its scripts by the nonce.
    const signIn = await request.get("/admin/auth");
    const signInHtml = await signIn.text();
    const signInInline = inlineScripts(signInHtml, /(?:^|\s)(?:src|nonce)=/);
    expect(signInInline).toHaveLength(1);
    expect(hashes(signIn.headers()["content-security-policy"]!)).toEqual([hashOf(signInInline[0]![1]!)]);

    // The cached copy runs in a real browser without a single CSP violation, and hydrates.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener("securitypolicyviolation", (e) => (window as unknown as { violations: string[] }).violations.push(e.violatedDirective));
    });
    await page.goto(url);
    await page
      .getByRole("button", { name: "All" })
      .or(page.getByRole("link", { name: "All" }))
      .first()
      .click();
    await expect(page).toHaveURL(/\/blog(\?.*)?$/);
    await expect(page.getByRole("heading", { name: "Featured Article" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    await context.close();

    // A cookie changes no public page: a visitor with one gets the kept copy too. (Polled: another
    // spec's save, running meanwhile, may have emptied the cache since; a cookie that skipped the
    // cache would never be answered from it.)
    await expect.poll(async () => (await request.get(url, { headers: { cookie: "x=1" } })).headers()["server-timing"]).toContain("page-cache");
  });

  test("axe finds no violations on the list and a post", async ({ browser }) => {
    // Seven pages and an axe pass on each: about 25 s alone, more on a busy CI machine.
    test.setTimeout(90_000);
    // Reduced motion: the check reads final colours, not cards caught half-way through their entry animation.
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    for (const url of ["/blog", "/blog?category=Automation", "/blog?q=agents", "/blog?q=zzqx", "/blog?tag=crm", POST, "/blog/missing-post"]) {
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      expect(await axeViolations(page), url).toEqual([]);
    }
    await context.close();
  });

  test("the list, a post and the not-found article are valid HTML (vnu)", async ({ baseURL }) => {
    test.setTimeout(120_000);
    const urls = ["/blog", "/blog?category=AI%20Agents", "/blog?q=agents", "/blog?q=zzqx", "/blog?tag=crm", POST, "/blog/missing-post"].map(
      (u) => `${baseURL}${u}`,
    );
    expect(await vnuErrors(urls)).toEqual([]);
  });
});

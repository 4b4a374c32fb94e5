import path from "node:path";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { vnuErrors } from "./support/vnu";
import { startServer, type RunningServer } from "../../scripts/lib/server-process";
import { adminState, confirmDialog, pngBytes, unique } from "./support/admin";
import { seededWorkDir } from "./support/data-template";

/**
 * What AI crawlers and answer engines get (/llms.txt, /blog/{slug}.md, robots.txt) with
 * AI_CRAWLERS on and off, and the correctness fixes around post text: a disallowed markdown
 * image, raw HTML kept out of descriptions, the feed's fallback description.
 */
test.describe.configure({ mode: "serial" });

const root = path.resolve(import.meta.dirname, "../..");
const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}`;
const ORIGIN = { Origin: BASE };
const POST = "/blog/automating-deal-flow-triage";
const POST_TITLE = "Automating deal flow triage without losing the partner's judgment";
const DRAFT = "/blog/hidden-cost-of-swivel-chair-work";

let admin: APIRequestContext;
let statePath = "";
/** A published post without an excerpt, with raw HTML and a disallowed image in its content. */
const marker = unique("rawhtml").replace(" ", "-");
const rawPost = {
  title: `Raw HTML post ${marker}`,
  slug: `raw-html-post-${marker}`,
  content: [
    `Opening <b>words</b> of the ${marker} post <script>alert(1)</script> with <em>inline</em> tags.`,
    "",
    "![A chart](javascript:alert(1)) ![](data:image/svg+xml;base64,PHN2Zz4=) ![Kept chart](/og-image.png)",
    "",
    "<div>",
    "A raw block",
    "</div>",
    "",
    `${"Many more words in the body of the post. ".repeat(20)}`,
  ].join("\n"),
};

test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
  admin = await playwrightRequest.newContext({ baseURL: BASE, storageState: statePath });
  const created = await admin.post("/admin/blog/new", {
    headers: ORIGIN,
    form: { intent: "save", title: rawPost.title, slug: rawPost.slug, category: "Automation", excerpt: "", content: rawPost.content, published: "on" },
    maxRedirects: 0,
  });
  expect(created.status(), await created.text()).toBe(302);
});

/** The id of a post in the admin list, by its title (the edit link's label). */
async function postId(title: string) {
  const list = await (await admin.get("/admin/blog")).text();
  return new RegExp(`aria-label="Edit ${title}"[^>]*href="/admin/blog/edit/([0-9a-f-]{36})"`).exec(list)?.[1];
}

test.afterAll(async () => {
  const id = await postId(rawPost.title);
  if (id) await admin.post("/admin/blog", { headers: ORIGIN, form: { intent: "delete", id } });
  await admin?.dispose();
});

test.describe("AI crawlers (AI_CRAWLERS on, the default)", () => {
  test("/llms.txt summarises the site with links to the key pages and the published posts, from the content", async ({ request, baseURL }) => {
    const response = await request.get("/llms.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    const text = await response.text();
    const lines = text.split("\n");
    expect(lines[0]).toBe("# Flowstate");
    expect(lines[2]).toMatch(/^> AI automation studio/);
    for (const page of ["/", "/blog", "/team", "/privacy", "/terms"]) {
      expect(
        lines.some((l) => /^- \[[^\]]+\]\(/.test(l) && l.includes(`](${baseURL}${page}):`)),
        page,
      ).toBe(true);
    }
    expect(text).toContain(`- [${POST_TITLE}](${baseURL}${POST}): Inbound decks pile up faster than associates can read them.`);
    expect(text).not.toContain(DRAFT);
    // A post without an excerpt: the start of its text, without tags or script content.
    const raw = lines.find((l) => l.includes(`(${baseURL}/blog/${rawPost.slug})`))!;
    expect(raw).toContain(`: Opening words of the ${marker} post with inline tags.`);
    expect(raw).not.toMatch(/<|alert/);
    expect(raw).toMatch(/…$/);
  });

  test("/llms.txt is page-cached and follows admin writes at once", async ({ request }) => {
    await request.get("/llms.txt");
    await expect.poll(async () => (await request.get("/llms.txt")).headers()["server-timing"]).toContain("page-cache");
    const title = unique("Fresh llms post");
    const slug = title.toLowerCase().replace(/\s+/g, "-");
    const created = await admin.post("/admin/blog/new", {
      headers: ORIGIN,
      form: { intent: "save", title, slug, category: "Automation", excerpt: "Fresh **excerpt**.", content: "Body", published: "on" },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
    const fresh = await request.get("/llms.txt");
    expect(fresh.headers()["server-timing"] ?? "").not.toContain("page-cache");
    expect(await fresh.text()).toContain(`- [${title}](${BASE}/blog/${slug}): Fresh excerpt.`);
    const id = await postId(title);
    expect(id).toBeTruthy();
    await admin.post("/admin/blog", { headers: ORIGIN, form: { intent: "delete", id: id! } });
    expect(await (await request.get("/llms.txt")).text()).not.toContain(slug);
  });

  test("/blog/{slug}.md serves a published post's markdown; drafts and unknown slugs are 404; the page itself is untouched", async ({ request, page }) => {
    const response = await request.get(`${POST}.md`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(response.headers()["link"]).toBe(`<${BASE}${POST}>; rel="canonical"`);
    const text = await response.text();
    expect(text).toMatch(new RegExp(`^# ${POST_TITLE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\n\\n- Published: \\d{4}-\\d{2}-\\d{2}\\n`));
    expect(text).toContain("> Inbound decks pile up");
    expect(text).toContain("\n## The inbound problem\n");
    // The stored markdown as written, raw HTML included (it is a text document, not a page).
    const rawMarkdown = await (await request.get(`/blog/${rawPost.slug}.md`)).text();
    expect(rawMarkdown).toContain(rawPost.content.trim());

    for (const url of [`${DRAFT}.md`, "/blog/no-such-post.md", "/blog/Not_A_Slug.md"]) {
      const missing = await request.get(url);
      expect(missing.status(), url).toBe(404);
      expect(missing.headers()["content-type"], url).toContain("text/plain");
    }

    // "slug.md" never reaches the post page, and the post page still answers (and is page-cached).
    await page.goto(POST);
    await expect(page.getByRole("heading", { level: 1, name: POST_TITLE })).toBeVisible();
    await expect(page.locator('head link[rel="alternate"][type="text/markdown"]')).toHaveAttribute("href", `${POST}.md`);
    await expect.poll(async () => (await request.get(POST)).headers()["server-timing"]).toContain("page-cache");
    expect(await (await request.get(POST)).text()).toContain("<h1");
    expect((await request.get("/blog/automating-deal-flow-triage.mdx")).status()).toBe(404);
  });

  test("robots.txt allows /llms.txt and the posts' markdown and points to llms.txt", async ({ request, baseURL }) => {
    const body = await (await request.get("/robots.txt")).text();
    expect(body).toMatch(/^Allow: \/llms\.txt$/m);
    expect(body).toMatch(/^Allow: \/blog\/\*\.md\$$/m);
    expect(body).toContain(`${baseURL}/llms.txt`);
    expect(body).not.toContain("GPTBot");
    expect(body).toMatch(/^Disallow: \/admin$/m);
  });
});

test.describe("post text", () => {
  test("raw HTML never shows as tags in the description, Open Graph, Twitter or JSON-LD; a disallowed image writes no <img>", async ({ page }) => {
    await page.goto(`/blog/${rawPost.slug}`);
    const head = page.locator("head");
    const descriptions = [
      await head.locator('meta[name="description"]').getAttribute("content"),
      await head.locator('meta[property="og:description"]').getAttribute("content"),
      await head.locator('meta[name="twitter:description"]').getAttribute("content"),
      ...(await head.locator('script[type="application/ld+json"]').allTextContents())
        .map((t) => JSON.parse(t) as { "@type"?: string; description?: string })
        .filter((j) => j["@type"] === "Article")
        .map((j) => j.description ?? null),
    ];
    expect(descriptions).toHaveLength(4);
    for (const description of descriptions) {
      expect(description).toMatch(new RegExp(`^Opening words of the ${marker} post with inline tags\\. A chart Kept chart A raw block Many more`));
      expect(description).not.toMatch(/<|alert/);
      expect(description!.length).toBeLessThanOrEqual(160);
    }

    const content = page.locator("article .blog-prose").last();
    await expect(content.locator("img")).toHaveCount(1);
    await expect(content.locator("img")).toHaveAttribute("src", "/og-image.png");
    await expect(page.locator("img[src='']")).toHaveCount(0);
    await expect(content.getByText(/^A chart/)).toBeVisible();
    expect(await vnuErrors([`${BASE}/blog/${rawPost.slug}`])).toEqual([]);
  });

  test("the RSS item of a post without an excerpt is described by the start of its text", async ({ request }) => {
    const xml = await (await request.get("/rss.xml")).text();
    const item = xml.split("<item>").find((i) => i.includes(`<title>${rawPost.title}</title>`))!;
    const description = /<description>([^<]*)<\/description>/.exec(item)![1]!;
    expect(description).toMatch(new RegExp(`^Opening words of the ${marker} post with inline tags\\. A chart Kept chart A raw block Many more words`));
    expect(description).not.toContain("alert");
    expect(description.length).toBeLessThanOrEqual(200);
    expect(description).toMatch(/…$/);
  });
});

test.describe("image fields", () => {
  test("a team photo from another site is refused with a clear message at the field; an uploaded one is saved", async ({ browser }) => {
    const context = await browser.newContext({ storageState: statePath });
    const page = await context.newPage();
    const name = unique("Photo Member");
    await page.goto("/admin/team/new");
    await page.getByLabel("Name").fill(name);
    await page.getByLabel("Position").fill("Automation Engineer");
    await page.getByLabel("Display Order").fill("9");
    // The form keeps the photo's address in a hidden field: what a pasted or scripted address would fill.
    await page.locator('input[type="hidden"][name="photoUrl"]').evaluate((input: HTMLInputElement) => (input.value = "https://images.example.org/me.jpg"));
    await page.getByRole("button", { name: "Create", exact: true }).click();
    const message = "Photo must be uploaded here: images from other websites are blocked by this site's security policy. Choose the file to upload it instead.";
    // Under the field (and in the save-error toast).
    await expect(page.locator("form").getByText(message)).toBeVisible();
    await expect(page.getByRole("alert").getByText("Error saving team member", { exact: true })).toBeVisible();
    const photo = page.getByLabel("Photo", { exact: true });
    await expect(photo).toHaveAttribute("aria-invalid", "true");
    await expect(photo).toHaveAccessibleDescription(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    await expect(page).toHaveURL(/\/admin\/team\/new$/);
    expect(await (await page.request.get("/admin/team")).text()).not.toContain(name);

    await photo.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await pngBytes() });
    await expect(page.getByRole("status").getByText("Image uploaded", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/team$/);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: `Delete ${name}` }).click();
    await confirmDialog(page, "Are you sure you want to delete this team member?", name);
    await expect(page.getByRole("heading", { name })).toHaveCount(0);
    await context.close();
  });

  test("a testimonial avatar from another site is refused the same way", async () => {
    const response = await admin.post("/admin/testimonials/new", {
      headers: ORIGIN,
      form: { name: unique("Avatar client"), company: "c", quote: "q", displayOrder: "1", avatarUrl: "https://images.example.org/a.png" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("Avatar must be uploaded here: images from other websites are blocked by this site");
  });
});

test.describe("AI_CRAWLERS=off", () => {
  test.describe.configure({ timeout: 180_000 });
  let server: RunningServer | undefined;
  let work: ReturnType<typeof seededWorkDir> | undefined;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    work = seededWorkDir("studio-ai-off-");
    server = await startServer({
      buildDir: path.resolve(root, process.env.BUILD_DIR ?? "build"),
      dataDir: work.dataDir,
      logFile: path.join(work.dir, "server.log"),
      env: { AI_CRAWLERS: "off", LOG_LEVEL: "warn" },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    work?.remove();
  });

  test("/llms.txt and the markdown posts are 404, robots.txt disallows them and the AI crawlers, and the post page has no markdown link", async ({
    browser,
  }) => {
    const url = server!.url;
    expect((await fetch(`${url}/llms.txt`)).status).toBe(404);
    expect((await fetch(`${url}${POST}.md`)).status).toBe(404);
    expect((await fetch(`${url}/case-studies/venture-fund-deal-intake.md`)).status).toBe(404);
    const robots = await (await fetch(`${url}/robots.txt`)).text();
    expect(robots).toMatch(/^Disallow: \/llms\.txt$/m);
    expect(robots).toMatch(/^Disallow: \/blog\/\*\.md\$$/m);
    expect(robots).toMatch(/^Disallow: \/case-studies\/\*\.md\$$/m);
    for (const agent of ["GPTBot", "ClaudeBot", "Google-Extended", "PerplexityBot", "CCBot"]) expect(robots).toMatch(new RegExp(`^User-agent: ${agent}$`, "m"));
    expect(robots).toMatch(/^User-agent: CCBot\n(User-agent: .+\n)*Disallow: \/$/m);
    expect(robots).not.toMatch(/^Allow: \/llms/m);

    const page = await browser.newPage();
    const response = await page.goto(`${url}${POST}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: POST_TITLE })).toBeVisible();
    await expect(page.locator('head link[rel="alternate"][type="text/markdown"]')).toHaveCount(0);
    await page.close();
  });
});

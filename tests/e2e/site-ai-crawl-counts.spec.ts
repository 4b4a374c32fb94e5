import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser } from "@playwright/test";
import { adminState, unique } from "./support/admin";
import { hit, keptBody } from "./support/page-cache";
import { literally } from "./support/revenue";

/**
 * AI crawlers' fetches counted on the built server (docs/decisions/0053): a known crawler's GET of
 * a post, its markdown and /llms.txt is counted per path and crawler, cached pages included, and a
 * browser's is not; the kept page's bytes are the same whether the fetch is counted or not.
 * Counts are read where the studio reads them, on /admin/analytics.
 */
test.describe.configure({ mode: "serial" });

const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}`;
const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
const CLAUDEBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";

let admin: APIRequestContext;
let statePath = "";
const marker = unique("crawled").replace(" ", "-");
const post = { title: `Crawled post ${marker}`, slug: `crawled-post-${marker}` };
const path = `/blog/${post.slug}`;

test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
  admin = await playwrightRequest.newContext({ baseURL: BASE, storageState: statePath });
  const created = await admin.post("/admin/blog/new", {
    headers: { Origin: BASE },
    form: {
      intent: "save",
      title: post.title,
      slug: post.slug,
      category: "Automation",
      excerpt: "",
      content: `The ${marker} post, for crawlers.`,
      published: "on",
    },
    maxRedirects: 0,
  });
  expect(created.status(), await created.text()).toBe(302);
});
test.afterAll(async () => {
  await admin.dispose();
});

/** What /admin/analytics shows for the last 7 days: the post's 'Crawled' cell, /llms.txt's fetches and GPTBot's. */
async function counts(browser: Browser) {
  const context = await browser.newContext({ baseURL: BASE, storageState: statePath });
  const page = await context.newPage();
  await page.goto("/admin/analytics?period=7d");
  const row = page
    .getByRole("region", { name: "Posts and case studies in answer engines" })
    .getByRole("row", { name: new RegExp(`^${literally(post.title)}`) });
  const crawled = (await row.count()) ? Number((await row.getByRole("cell").first().textContent())?.replace(/,/g, "")) : 0;
  const sentence =
    (await page
      .getByRole("region", { name: "Answer engines and AI crawlers" })
      .getByText(/\/llms\.txt was/)
      .textContent()) ?? "";
  const llms = Number(/fetched ([\d,]+) times/.exec(sentence)?.[1]?.replace(/,/g, "") ?? 0);
  const gptbotRow = page.getByRole("region", { name: "AI crawlers", exact: true }).getByRole("row", { name: /^GPTBot/ });
  const gptbot = (await gptbotRow.count()) ? Number((await gptbotRow.getByRole("cell").first().textContent())?.replace(/,/g, "")) : 0;
  await context.close();
  return { crawled, llms, gptbot };
}

test("a crawler's fetches of a post, its markdown and /llms.txt are counted, a browser's and a missing page's are not", async ({ request, browser }) => {
  const before = await counts(browser);
  for (const address of [path, `${path}.md`, "/llms.txt"]) expect((await request.get(address, { headers: { "User-Agent": BROWSER } })).status()).toBe(200);
  expect((await request.get(path, { headers: { "User-Agent": GPTBOT } })).status()).toBe(200);
  expect((await request.get(`${path}.md?from=answer`, { headers: { "User-Agent": GPTBOT } })).status()).toBe(200);
  expect((await request.get("/llms.txt", { headers: { "User-Agent": CLAUDEBOT } })).status()).toBe(200);
  // Nothing is counted for an address that is not a post (a 404), nor for another page of the site.
  expect((await request.get(`/blog/no-such-post-${marker}`, { headers: { "User-Agent": GPTBOT }, failOnStatusCode: false })).status()).toBe(404);
  expect((await request.get("/team", { headers: { "User-Agent": GPTBOT } })).status()).toBe(200);

  await expect.poll(() => counts(browser)).toEqual({ crawled: before.crawled + 2, llms: before.llms + 1, gptbot: before.gptbot + 2 });
});

test("a kept page is sent to a crawler byte for byte as to a browser, and the fetch is counted", async ({ request, browser }) => {
  const kept = await keptBody(request, path, { "User-Agent": BROWSER });
  const before = await counts(browser);
  const asBrowser = await request.get(path, { headers: { "User-Agent": BROWSER } });
  const asCrawler = await request.get(path, { headers: { "User-Agent": GPTBOT } });
  expect(hit(asBrowser) && hit(asCrawler)).toBe(true);
  expect(Buffer.compare(await asCrawler.body(), await asBrowser.body())).toBe(0);
  expect(await asCrawler.text()).toBe(kept);
  const { date: _crawlerDate, ...crawlerHeaders } = asCrawler.headers();
  const { date: _browserDate, ...browserHeaders } = asBrowser.headers();
  expect(crawlerHeaders).toEqual(browserHeaders);
  await expect.poll(() => counts(browser)).toMatchObject({ crawled: before.crawled + 1 });
});

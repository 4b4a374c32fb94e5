import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Request } from "@playwright/test";
import { adminState } from "./support/admin";
import { HIT, hit, keptBody } from "./support/page-cache";

/**
 * The page cache against the built server (docs/decisions/0003): a page is kept under its path and
 * the query parameters it reads, so a made-up parameter or cookie is answered with the kept bytes
 * (not a render); the not-found pages are kept once for every unknown address. Filters, previews
 * and campaign attribution work as before.
 */
const made = () => randomUUID().slice(0, 8);

/**
 * Asks for `variant` (each time with a new made-up part) until its first answer is the kept page
 * at `path`: the same bytes, from the cache. Retried only because another spec's admin write may
 * empty the cache between the two requests.
 */
async function expectKeptFor(request: APIRequestContext, path: string, variant: () => { url: string; headers?: Record<string, string> }, status = 200) {
  await expect
    .poll(
      async () => {
        const kept = await keptBody(request, path);
        const { url, headers } = variant();
        const response = await request.get(url, { headers, failOnStatusCode: false });
        return { status: response.status(), hit: hit(response), same: (await response.text()) === kept };
      },
      { timeout: 30_000 },
    )
    .toEqual({ status, hit: true, same: true });
}

test.describe("the page cache", () => {
  test("the home page is answered with its kept bytes whatever made-up parameter or cookie a request carries", async ({ request }) => {
    await expectKeptFor(request, "/", () => ({ url: `/?u=${made()}` }));
    await expectKeptFor(request, "/", () => ({ url: `/?utm_source=news-${made()}&utm_medium=email` }));
    await expectKeptFor(request, "/", () => ({ url: "/", headers: { cookie: `visitor=${made()}` } }));
    // Nor does a session cookie (valid or not) change a public page: a forged one busts nothing.
    await expectKeptFor(request, "/", () => ({ url: "/", headers: { cookie: `better-auth.session_token=${made()}.forged` } }));
    // HEAD is answered from the kept copy too: its headers, no body.
    const head = await request.head(`/?u=${made()}`);
    expect(head.status()).toBe(200);
    expect(head.headers()["server-timing"]).toContain(HIT);
  });

  test("the sitemap and the feeds are kept: read again, they are answered from memory, compressed, with the bytes and type a render gives", async ({
    request,
  }) => {
    for (const path of ["/sitemap.xml", "/rss.xml", "/case-studies/rss.xml"]) {
      const rendered = await request.get(`${path}?x=${made()}`);
      const type = rendered.headers()["content-type"];
      expect(type, path).toMatch(/^application\/(rss\+)?xml; charset=utf-8$/);
      await expect
        .poll(async () => hit(await request.get(path, { headers: { "accept-encoding": "br" } })), { message: `${path} kept`, timeout: 15_000 })
        .toBe(true);
      const kept = await request.get(path, { headers: { "accept-encoding": "br" } });
      expect(kept.headers()["content-encoding"], path).toBe("br");
      expect(kept.headers()["content-type"], path).toBe(type);
      expect(await kept.text(), path).toBe(await rendered.text());
    }
  });

  test("a blog list is kept per filter; a parameter it does not read leaves it as kept, and each filter still shows its own posts", async ({ request }) => {
    await expectKeptFor(request, "/blog?category=Automation", () => ({ url: `/blog?utm_campaign=${made()}&category=Automation` }));
    await expectKeptFor(request, "/blog", () => ({ url: `/blog?fbclid=${made()}` }));

    // Each filter is a page of its own, also behind a made-up parameter.
    const automation = await (await request.get(`/blog?category=Automation&x=${made()}`)).text();
    expect(automation).toContain("Automation Articles");
    const caseStudies = await (await request.get(`/blog?category=Case%20Studies&x=${made()}`)).text();
    expect(caseStudies).toContain("Case Studies Articles");
    expect(caseStudies).not.toContain("Automation Articles");
    const tagged = await (await request.get(`/blog?tag=crm&x=${made()}`)).text();
    expect(tagged).toContain("3 articles tagged &quot;CRM&quot;");
    const searched = await (await request.get(`/blog?q=pipeline&x=${made()}`)).text();
    expect(searched).toMatch(/\d+ results? for &quot;pipeline&quot;/);
    const later = await (await request.get(`/blog?category=Automation&page=12&x=${made()}`)).text();
    expect(later).toContain('href="/blog?category=Automation&amp;page=7"');
    // An unknown tag is still a 404.
    expect((await request.get(`/blog?tag=no-such-tag-${made()}&x=1`)).status()).toBe(404);
  });

  test("a page rendered for an address with a parameter it does not read holds nothing of it: every visitor may get those bytes", async ({ request }) => {
    // First requests of pages no request asked for before (their own source, search, path), each
    // with a marker the page does not read: as rendered, they are the kept copies.
    for (const path of [`/audit?source=echo-${made()}`, `/blog?q=echo-${made()}`, `/no-such-page-echo-${made()}`, `/blog/no-such-article-echo-${made()}`]) {
      const marker = `marker${made()}`;
      const response = await request.get(`${path}${path.includes("?") ? "&" : "?"}utm_content=${marker}`, { failOnStatusCode: false });
      const body = await response.text();
      expect(body.includes(marker), `${path}: the marker in the page`).toBe(false);
      // The not-found pages do not hold the address either.
      if (path.includes("no-such")) expect(body.includes(path.split("/").pop()!), `${path}: the address in the page`).toBe(false);
    }
  });

  test("unknown addresses are answered with the one kept not-found page of their kind", async ({ request }) => {
    const page = await keptBody(request, `/no-such-page-${made()}`);
    expect(page).toContain("Oops! Page not found");
    await expectKeptFor(request, `/no-such-page-${made()}`, () => ({ url: `/another/made-up/path-${made()}?u=1` }), 404);

    const article = await keptBody(request, `/blog/no-such-article-${made()}`);
    expect(article).toContain("Article Not Found");
    expect(article).not.toContain("Oops! Page not found");
    await expectKeptFor(request, `/blog/no-such-article-${made()}`, () => ({ url: `/blog/made-up-${made()}` }), 404);

    const blank = await keptBody(request, "/blog/%20");
    expect(blank).toContain("No article slug provided");
    await expectKeptFor(request, "/blog/%20", () => ({ url: `/blog/%20%20?u=${made()}` }), 404);
  });

  test("a signed-in admin still previews a draft, which everyone else gets as the kept 'Article Not Found'", async ({ browser, request }) => {
    const draft = "/blog/hidden-cost-of-swivel-chair-work";
    // Anonymous readers get the kept not-found page for the draft's address.
    await expectKeptFor(request, `/blog/no-such-article-${made()}`, () => ({ url: `${draft}?u=${made()}` }), 404);

    const context = await browser.newContext({ storageState: await adminState(browser) });
    const page = await context.newPage();
    const response = await page.goto(draft);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("complementary", { name: "Preview" })).toContainText("Draft");
    await expect(page.getByRole("heading", { level: 1, name: "The hidden cost of swivel-chair work in enterprise operations" })).toBeVisible();
    // Other public pages are the same for the admin: the kept bytes.
    // Retried only because another spec's admin write may empty the cache between the two requests.
    await expect
      .poll(
        async () => {
          const kept = await keptBody(request, "/privacy");
          const asAdmin = await context.request.get(`/privacy?u=${made()}`);
          return { hit: hit(asAdmin), same: (await asAdmin.text()) === kept };
        },
        { timeout: 30_000 },
      )
      .toEqual({ hit: true, same: true });
    await context.close();
  });

  test("a visit from a campaign link served from the cache still records its campaign", async ({ browser, request }) => {
    const visitor = await browser.newContext();
    const isPageView = (r: Request) => r.method() === "POST" && new URL(r.url()).pathname === "/api/event" && r.postData()?.includes('"pageview"') === true;
    // Another spec's admin write may empty the cache between keeping / and the visit: then the visit
    // is tried again, with a campaign of its own, so the one looked for was served from the cache.
    let campaign = "";
    await expect(async () => {
      campaign = `cache-${made()}`;
      await keptBody(request, "/");
      const page = await visitor.newPage();
      const sent = page.waitForRequest(isPageView);
      sent.catch(() => {});
      const response = await page.goto(`/?utm_source=kept&utm_medium=email&utm_campaign=${campaign}`);
      expect(response?.headers()["server-timing"] ?? "").toContain(HIT);
      const beacon = await sent;
      expect(JSON.parse(beacon.postData()!)).toMatchObject({ type: "pageview", path: "/", utm_source: "kept", utm_medium: "email", utm_campaign: campaign });
      expect((await beacon.response())?.status()).toBe(204);
    }).toPass({ timeout: 40_000 });
    await visitor.close();

    const admin = await browser.newContext({ storageState: await adminState(browser) });
    const report = await admin.newPage();
    await report.goto("/admin/analytics");
    await expect(report.getByRole("table", { name: "Top campaigns" })).toContainText(`kept / email / ${campaign}`);
    await admin.close();
  });

  test("the build's own files are served by their names, percent-encoded too; every other address is a page", async ({ request }) => {
    // server/main.js sends only addresses under a name of the build's client folder to the file server.
    for (const [address, type] of [
      ["/favicon.svg", "image/svg+xml"],
      ["/%66avicon.svg", "image/svg+xml"],
      ["/og-image.png", "image/png"],
      ["/images/process/audit.svg", "image/svg+xml"],
    ]) {
      const file = await request.get(address!);
      expect(file.status(), address).toBe(200);
      expect(file.headers()["content-type"], address).toContain(type);
      expect(file.headers()["cache-control"], address).toBe("public, max-age=3600");
    }
    expect((await request.get("/images/process/none.svg")).status()).toBe(404);
    const page = await request.get("/privacy");
    expect(page.headers()["content-type"]).toContain("text/html");
    expect(await page.text()).toContain("Privacy Policy");
  });
});

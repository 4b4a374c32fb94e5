import { expect, test, type Browser } from "@playwright/test";
import { CLASSES_CUT, CUT, differences, firstPost, firstRender, keptCopy, settled, styleHashes } from "./support/css-cut";

/**
 * The page cache keeps public pages with their inline stylesheet cut to the rules their HTML uses
 * (app/server/cache/page-css.server.ts, docs/decisions/0036), and those its islands' code may use
 * (docs/decisions/0059). The cut must not change how anything the server wrote looks, at a phone's
 * width or a desktop's; the blog list, which puts another page's HTML in place, loads the whole
 * file. What islands that start at a touch draw, with their own sheets: site-island-sheets.spec.ts.
 */

/** The page opened without scripts (nothing loads the whole file) from `html`, at `width`. */
async function open(browser: Browser, url: string, html: string, width: number) {
  const context = await browser.newContext({ javaScriptEnabled: false, reducedMotion: "reduce", viewport: { width, height: 900 } });
  const page = await context.newPage();
  // Every card drawn (content-visibility: auto): off-screen cards' heights otherwise depend on
  // which were drawn before, a matter of timing.
  const drawn = html.replace("</head>", "<style>*{content-visibility:visible!important}</style></head>");
  await page.route(url, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: drawn }));
  await page.goto(url);
  await page.evaluate(() => document.fonts.ready);
  return page;
}

test.describe("public pages kept with their stylesheet cut", () => {
  // One test a page: they spread over the workers, and each has its own time.
  test.describe.configure({ mode: "parallel" });
  for (const page of ["/", "/blog", "a post", "/team", "/privacy", "/terms"]) {
    test(`every element the server wrote on ${page} looks as it does with the whole stylesheet, at phone and desktop widths`, async ({
      browser,
      request,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const path = page === "a post" ? await firstPost(request) : page;
      // The refined copy the page cache keeps, and the first render's cut by class words (not of
      // "/", which has no other spelling: the same cut, checked on every other page).
      const copies = [{ name: "kept", html: await keptCopy(request, path), cut: CUT }];
      if (path !== "/") copies.push({ name: "first render", html: await firstRender(request, path), cut: CLASSES_CUT });
      for (const { name, html, cut: pattern } of copies) {
        const [tag, href, cut] = pattern.exec(html)!;
        const whole = await (await request.get(href!)).text();
        expect(cut!.length, `${path}, ${name}`).toBeLessThan(whole.length);
        const withWhole = html.replace(tag, () => `<style data-href="${href}">${whole}</style>`);
        for (const width of [390, 1280]) {
          const where = `${path}, ${name}, at ${width}px`;
          const a = await open(browser, `${baseURL}${path}`, html, width);
          const b = await open(browser, `${baseURL}${path}`, withWhole, width);
          const [cutStyles, wholeStyles] = [await styleHashes(a), await styleHashes(b)];
          expect(cutStyles.length, where).toBe(wholeStyles.length);
          const differing = cutStyles.flatMap((h, i) => (h === wholeStyles[i] ? [] : [i]));
          expect(
            differing.length
              ? await differences(
                  a,
                  b,
                  differing.filter((_, n) => n < 3 || n >= differing.length - 6),
                )
              : [],
            where,
          ).toEqual([]);
          await a.context().close();
          await b.context().close();
        }
      }
    });
  }

  test("a first render's cut by class words is what the refined cut is made from: it keeps every rule the refined copy has", async ({ request }) => {
    const path = await firstPost(request);
    const first = CLASSES_CUT.exec(await firstRender(request, path))![2]!;
    const [, href, kept] = CUT.exec(await keptCopy(request, path))!;
    const whole = await (await request.get(href!)).text();
    // Every class rule of the refined copy is in the first render's cut (PurgeCSS may have taken
    // unread variables out of its block and unused selectors out of its list: the selectors are
    // compared one by one).
    const classRules = (css: string) => [...css.matchAll(/(?:^|[{}])(\.[^{}@]+)\{/g)].flatMap((m) => m[1]!.split(/,(?![^(]*\))/));
    const firstRules = new Set(classRules(first));
    const keptRules = classRules(kept!);
    expect(keptRules.length).toBeGreaterThan(20);
    expect(keptRules.filter((selector) => !firstRules.has(selector))).toEqual([]);
    expect(first.length).toBeLessThan(whole.length * 0.6);
  });

  test("a kept page keeps the site's focus ring: what the keyboard focuses is outlined as with the whole stylesheet", async ({ browser, request, baseURL }) => {
    const kept = await keptCopy(request, "/privacy");
    const [tag, href] = CUT.exec(kept)!;
    const whole = await (await request.get(href!)).text();
    const outlines = async (html: string) => {
      const page = await open(browser, `${baseURL}/privacy`, html, 1280);
      const seen: string[] = [];
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press("Tab");
        seen.push(
          await page.evaluate(() => {
            const el = document.activeElement!;
            // Settled: a link's colour transitions (its outline's among them) run to their end.
            for (const animation of document.getAnimations()) animation.finish();
            const style = getComputedStyle(el);
            return `${el.tagName} ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} ${style.outlineOffset}`;
          }),
        );
      }
      await page.context().close();
      return seen;
    };
    const cut = await outlines(kept);
    // The site's ring or a link's own, never the browser's (`auto`).
    expect(cut.filter((outline) => / (auto|none) /.test(outline))).toEqual([]);
    expect(cut).toEqual(await outlines(kept.replace(tag, () => `<style data-href="${href}">${whole}</style>`)));
  });

  test("the stylesheet has no rule for a word of the app's prose or code that no class list holds (static, table, filter…)", async ({ page, request }) => {
    // Words Tailwind would read as utilities in code and prose (decision 0077): none is a class on
    // any public page, and the stylesheet makes no rule for them (a page's cut kept such a rule
    // when an island's code held the word).
    const words = ["static", "visible", "transform", "table", "filter", "inline", "transition", "shrink", "ease-out", "ease-in-out"];
    const path = await firstPost(request);
    const href = CUT.exec(await keptCopy(request, path))![1]!;
    const whole = await (await request.get(href)).text();
    expect(whole.length).toBeGreaterThan(10_000);
    expect(whole.match(new RegExp(`[{}]\\.(?:${words.join("|")})\\{`, "g")) ?? []).toEqual([]);
    for (const url of ["/", "/blog", path, "/team", "/case-studies"]) {
      await page.goto(url);
      expect(await page.locator(words.map((word) => `.${word}`).join(", ")).count(), url).toBe(0);
    }
  });

  test("the islands script's own code is styled by the cut: the blog list dims its results while a link's results load, before the filters start", async ({
    page,
    request,
  }) => {
    // Its rules are in the cut whatever islands the page has (decision 0078): the filters, which
    // bring theirs with their code, are not started by the list's own links until results are in.
    await keptCopy(request, "/blog?tag=crm");
    await page.goto("/blog?tag=crm");
    await expect(page.locator('style[data-cut=""]')).toHaveCount(1);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The results and the whole stylesheet (loaded beside them) wait: only the cut styles the page meanwhile.
    await page.route(/\/assets\/root-[\w-]+\.css$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.route(/\/blog(\?|$)/, async (route) => {
      if (route.request().resourceType() === "fetch") await held;
      await route.continue();
    });
    const grid = page.locator("[data-blog-grid]");
    await expect(grid).toHaveCSS("opacity", "1");
    await page.getByRole("link", { name: "Clear tag" }).click();
    await expect(page.locator("[data-blog-results]")).toHaveAttribute("aria-busy", "true");
    await expect(grid).toHaveCSS("opacity", "0.5");
    release();
    await expect(page.locator("[data-blog-results]")).toHaveAttribute("aria-busy", "false");
  });

  test("results the blog list puts in place from another page look as on that page, the whole stylesheet loaded for them", async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const word = "qzxjvwk";
    await keptCopy(request, "/blog");
    const context = await browser.newContext({ baseURL, reducedMotion: "reduce", viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const sheets: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "stylesheet") sheets.push(new URL(r.url()).pathname);
    });
    await page.goto("/blog");
    const href = await page.locator("style[data-cut]").getAttribute("data-href");
    expect(href, "/blog is served cut").toBeTruthy();
    await page.getByRole("searchbox", { name: "Search articles" }).fill(word);
    await expect(page).toHaveURL(new RegExp(`/blog\\?q=${word}$`));
    await expect(page.getByText("No articles found matching your criteria.")).toBeVisible();
    await expect(page.locator("[data-blog-results]")).toHaveAttribute("aria-busy", "false");
    await page.addStyleTag({ content: "*{content-visibility:visible!important}" });
    await page.evaluate(() => document.fonts.ready);
    await settled(page);
    const inPlace = await styleHashes(page, "[data-blog-results]");
    const fetched = [...sheets];
    await context.close();

    const direct = await (await request.get(`/blog?q=${word}`)).text();
    const whole = await (await request.get(href!)).text();
    const withWhole = direct.replace(/<style data-href="[^"]+"( data-cut="[^"]*")?>[\s\S]*?<\/style>/, () => `<style data-href="${href}">${whole}</style>`);
    const own = await open(browser, `${baseURL}/blog?q=${word}`, withWhole, 1280);
    const onItsPage = await styleHashes(own, "[data-blog-results]");
    await own.context().close();
    expect(inPlace.length).toBeGreaterThan(5);
    expect(inPlace).toEqual(onItsPage);
    // The whole file, and the sheet the filters bring with their code (site-island-sheets.spec.ts).
    expect(fetched.sort()).toEqual([href, "/island-sheets/blog-filters.css"].sort());
  });
});

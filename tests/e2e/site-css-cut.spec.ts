import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";

/**
 * The page cache keeps public pages with their inline stylesheet cut to the rules their HTML uses
 * (app/server/cache/page-css.server.ts, docs/decisions/0036), and those its islands' code may use
 * (docs/decisions/0059). The cut must not change how anything the server wrote looks, at a phone's
 * width or a desktop's, nor what islands draw later, which get no other stylesheet; the blog list,
 * which puts another page's HTML in place, loads the whole file.
 */

const CUT = /<style data-href="([^"]+)" data-cut="">([\s\S]*?)<\/style>/;
/** A first render's stylesheet: cut by the page's class words on the request's path (app/server/http/class-cut.server.ts). */
const CLASSES_CUT = /<style data-href="([^"]+)" data-cut="classes">([\s\S]*?)<\/style>/;

/** The page cache's refined copy of `path` (polled: it is made in the background once the page is kept). */
async function keptCopy(request: APIRequestContext, path: string) {
  let body = "";
  await expect
    .poll(
      async () => {
        body = await (await request.get(path)).text();
        return CUT.test(body);
      },
      { message: `${path} is kept with its stylesheet cut`, timeout: 15_000 },
    )
    .toBe(true);
  return body;
}

/**
 * `path` as its first reader gets it: asked under a spelling the page cache has not kept yet (some
 * of its letters percent-encoded: the same page under another key), until one is rendered.
 */
async function firstRender(request: APIRequestContext, path: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const spelled = path.replace(/[a-z]/g, (letter) => (Math.random() < 0.5 ? `%${letter.charCodeAt(0).toString(16)}` : letter));
    const response = await request.get(spelled);
    expect(response.status(), spelled).toBe(200);
    const body = await response.text();
    if (CLASSES_CUT.test(body)) return body;
  }
  throw new Error(`${path}: every spelling tried was answered from the page cache`);
}

/** The first post of the sitemap. */
async function firstPost(request: APIRequestContext) {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const post = /<loc>[^<]*?(\/blog\/(?!category\/|tag\/)[^<]+)<\/loc>/.exec(sitemap)?.[1];
  expect(post).toBeDefined();
  return post!;
}

/**
 * A hash of every computed style (custom properties aside) of every element of the page (or of the
 * subtree at `selector`, itself included) and of its ::before, ::after and ::marker boxes where the
 * element has them (a ::before or ::after with content, the marker of a list item; the others draw
 * nothing): one number per element, in document order.
 */
function styleHashes(page: Page, selector = ":root") {
  return page.locator(selector).evaluate((root) => {
    const hash = (text: string) => {
      let h = 2166136261;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
      return h >>> 0;
    };
    // Custom properties aside: they count only through the properties that read them, compared here.
    const describe = (style: CSSStyleDeclaration) =>
      Array.from(style)
        .filter((name) => !name.startsWith("--"))
        .map((name) => `${name}:${style.getPropertyValue(name)}`)
        .join(";");
    const boxes = (el: Element, style: CSSStyleDeclaration) => [
      ...["::before", "::after"].map((p) => getComputedStyle(el, p)).filter((box) => box.content !== "none" && box.content !== "normal"),
      ...(style.display.includes("list-item") ? [getComputedStyle(el, "::marker")] : []),
    ];
    return [root, ...root.querySelectorAll("*")].map((el) => {
      const style = getComputedStyle(el);
      return hash([style, ...boxes(el, style)].map(describe).join("|"));
    });
  });
}

/** The computed styles that differ between two pages, for the `indexes` of elements given (for the failure message). */
async function differences(a: Page, b: Page, indexes: number[]) {
  const read = (page: Page) =>
    page.evaluate((indexes) => {
      const all = Array.from(document.querySelectorAll("*"));
      return indexes.map((i) => {
        const el = all[i]!;
        const style: Record<string, string> = {};
        for (const pseudo of ["", "::before", "::after", "::marker"]) {
          const computed = getComputedStyle(el, pseudo || null);
          for (const name of Array.from(computed)) if (!name.startsWith("--")) style[`${pseudo}${name}`] = computed.getPropertyValue(name);
        }
        return { el: `${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""}`, style };
      });
    }, indexes);
  const [left, right] = [await read(a), await read(b)];
  return left.map((l, i) => ({
    el: l.el,
    props: Object.keys(l.style)
      .filter((n) => l.style[n] !== right[i]!.style[n])
      .map((n) => `${n}: ${l.style[n]} / ${right[i]!.style[n]}`),
  }));
}

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
    expect(fetched).toEqual([href]);
  });

  test("what an island draws later is styled as with the whole stylesheet, which is never loaded", async ({ browser, request, baseURL }) => {
    const kept = await keptCopy(request, "/privacy");
    const [tag, href] = CUT.exec(kept)!;
    const whole = await (await request.get(href!)).text();
    /** The 'Work with Us' dialog (drawn only when opened) on /privacy served as `html`: its elements' style hashes, and the stylesheets fetched. */
    const dialogStyles = async (html: string) => {
      const context = await browser.newContext({ baseURL, reducedMotion: "reduce", viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.route(/^https:\/\/cal\.com\//, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>Scheduler</p>" }));
      await page.route(`${baseURL}/privacy`, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
      const sheets: string[] = [];
      page.on("request", (r) => {
        if (r.resourceType() === "stylesheet") sheets.push(new URL(r.url()).pathname);
      });
      await page.goto("/privacy");
      await page.getByRole("button", { name: "Work with Us" }).first().click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      // Settled: the scheduling frame replaces its placeholder once the visit's booking reference is in.
      await expect(dialog.locator("iframe")).toBeVisible();
      const hashes = await styleHashes(page, "dialog[open]");
      const linked = await page.locator(`style[data-cut] + link[rel="stylesheet"][href="${href}"]`).count();
      await context.close();
      return { hashes, sheets, linked };
    };
    const cut = await dialogStyles(kept);
    const uncut = await dialogStyles(kept.replace(tag, () => `<style data-href="${href}">${whole}</style>`));
    // Neither page fetches a stylesheet: the cut carries the dialog's rules (the whole file would
    // make the browser style the page again).
    expect(cut.sheets).toEqual([]);
    expect(cut.linked).toBe(0);
    expect(uncut.sheets).toEqual([]);
    expect(cut.hashes.length).toBeGreaterThan(3);
    expect(cut.hashes).toEqual(uncut.hashes);
  });
});

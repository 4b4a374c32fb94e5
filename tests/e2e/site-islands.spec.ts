import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./support/admin";
import { countScripts, islandsSettled, scrollThrough, startDotGrid } from "./support/site";

/**
 * Public pages hydrate only their islands (docs/decisions/0027): no React, React DOM or React
 * Router in the browser, a byte budget for their JavaScript, clicks made before the islands
 * script arrived still honoured, and each island live on its own.
 */

/** Budgets of compressed JavaScript per page (issue 14). */
const KB = 1024;
const BUDGET = { home: 50 * KB, page: 25 * KB };

/**
 * Loads `path` with the browser's cache off, lets every island start and the page scroll a
 * screen at a time to its end (so every island that starts on sight does), and returns the script files it fetched (modulepreloads included) with their bytes on
 * the wire: compressed body and response headers, as Lighthouse counts them. Each file costs its
 * headers (~0.5 KB here), so twenty small chunks weigh more than one of the same code.
 */
async function loadAll(page: Page, path: string) {
  const scripts = await countScripts(page);
  await page.goto(path);
  await hydrated(page);
  await scrollThrough(page);
  // Every island that starts by itself live (their chunks in), then their downloads' ends recorded.
  await islandsSettled(page);
  await page.waitForLoadState("networkidle");
  const list = await scripts.list();
  await scripts.stop();
  return list;
}

/** A published post's address, from the list (the demo content has several). */
async function somePost(page: Page) {
  await page.goto("/blog");
  const href = await page.locator('main a[href^="/blog/"]').first().getAttribute("href");
  expect(href).toMatch(/^\/blog\/[a-z0-9-]+$/);
  return href!;
}

test.describe("islands", () => {
  test("public pages load no React, React DOM or React Router and stay within their JavaScript budget", async ({ page }) => {
    const post = await somePost(page);
    const pages = [
      { path: "/", budget: BUDGET.home },
      // The blog list has no budget of its own: it is held to a post's.
      { path: "/blog", budget: BUDGET.page },
      { path: post, budget: BUDGET.page },
      { path: "/team", budget: BUDGET.page },
      { path: "/privacy", budget: BUDGET.page },
      { path: "/terms", budget: BUDGET.page },
    ];
    for (const { path, budget } of pages) {
      const list = await loadAll(page, path);
      const total = list.reduce((sum, s) => sum + s.bytes, 0);
      console.log(`${path}: ${(total / KB).toFixed(1)} KB of compressed JavaScript with headers in ${list.length} files (budget ${budget / KB} KB)`);
      expect(list.length, path).toBeGreaterThan(0);
      // Every file was fetched (nothing cached): a 0 would make the sum meaningless.
      for (const s of list) expect(s.body, s.url).toBeGreaterThan(0);
      expect(total, path).toBeLessThanOrEqual(budget);
      // React Router's framework chunk and client entry, and its hydration data, are absent.
      expect(
        list.filter((s) => /framework|entry\.client|react/i.test(s.url)),
        path,
      ).toEqual([]);
      expect(await page.evaluate(() => "__reactRouterContext" in window || "__reactRouterManifest" in window), path).toBe(false);
      for (const s of list) {
        const body = await (await page.request.get(s.url)).text();
        // React DOM's production build names its error decoder; React Router names itself.
        expect(body, s.url).not.toContain("react.dev/errors");
        expect(body, s.url).not.toContain("React Router");
      }
    }
  });

  test("a click made before the islands script arrived opens the audit dialog once it has", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/islands-[^/]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "commit" });
    const cta = page.locator('button[data-cta="audit-hero"]');
    await expect(cta).toBeVisible();
    await cta.click();
    await expect.poll(() => asked).toBe(true);
    // Nothing can open it yet: the island's code has not arrived.
    await expect(page.getByRole("dialog")).toHaveCount(0);
    release();
    await expect(page.getByRole("dialog", { name: "Book Your Automation Audit" })).toBeVisible();
  });

  test("dialogs of two islands open by keyboard, each named by its own title, and give focus back @phone", async ({ page, isMobile }) => {
    await page.goto("/");
    await hydrated(page);
    const cta = page.locator('button[data-cta="audit-hero"]');
    await cta.focus();
    await page.keyboard.press("Enter");
    const audit = page.getByRole("dialog", { name: "Book Your Automation Audit" });
    await expect(audit).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(audit).toBeHidden();
    await expect(cta).toBeFocused();

    // 'Work with Us' is in the header island (behind the menu on phones).
    if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
    const work = page.getByRole("button", { name: "Work with Us" }).filter({ visible: true }).first();
    await work.focus();
    await page.keyboard.press("Enter");
    const discovery = page.getByRole("dialog", { name: "Book a Discovery Call" });
    await expect(discovery).toBeVisible();
    // Each dialog is its own island: their title ids differ (Preact numbers ids per root).
    const ids = await page.locator("dialog[aria-labelledby]").evaluateAll((dialogs) => dialogs.map((d) => d.getAttribute("aria-labelledby")));
    expect(new Set(ids).size).toBe(ids.length);
    await page.keyboard.press("Escape");
    await expect(discovery).toBeHidden();
  });

  test("an island below the screen costs nothing until it is seen or focused, however idle the page @phone", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    // Not started means not fetched either: an island's state is "loading" from the moment its code is asked for.
    // Idle callbacks run in the order they were asked for: once two asked now have run, any the
    // islands script asked for at the load have run too.
    for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
    const below = ["services", "offerings", "comparison", "problems", "testimonials"];
    for (const name of below) await expect(page.locator(`flow-island[data-island="${name}"]`), name).not.toHaveAttribute("data-state");

    // Seen: the services' tabs come near the screen and become live.
    await page.getByRole("tablist").first().scrollIntoViewIfNeeded();
    await expect(page.locator('flow-island[data-island="services"]')).toHaveAttribute("data-hydrated", "");
    // Focused without being seen first: the comparison's island starts when focus enters it.
    const comparison = page.locator('flow-island[data-island="comparison"]');
    await expect(comparison).not.toHaveAttribute("data-state");
    await comparison
      .locator("button, input")
      .first()
      .evaluate((control: HTMLElement) => control.focus({ preventScroll: true }));
    await expect(comparison).toHaveAttribute("data-hydrated", "");
  });

  test("the landing page runs no island's code at its load: the dot grid's comes with the first pointer move", async ({ page }) => {
    const fetched: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith(".js")) fetched.push(path);
    });
    await page.goto("/");
    await hydrated(page);
    for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
    // The islands script (and the analytics beacon) and nothing else: no island starts at once.
    expect(fetched.some((path) => /^\/assets\/islands-[\w-]+\.js$/.test(path))).toBe(true);
    expect(fetched.filter((path) => !/^\/assets\/(islands|beacon)-[\w-]+\.js$/.test(path))).toEqual([]);
    await expect(page.locator('flow-island[data-on="load"]')).toHaveCount(0);

    const canvas = page.getByTestId("dot-grid");
    await expect(canvas).toHaveAttribute("data-live", "false");
    // Over the hero's empty backdrop, clear of its button and of the header.
    await startDotGrid(page, [60, 90], 320);
    expect(fetched.filter((path) => /dot-grid/.test(path))).toHaveLength(1);
    await expect(page.locator("[data-dot-tile]")).toHaveCSS("opacity", "0");
  });

  test("loading a public page makes no number formatter: the landing page's counters make one when they count up @phone", async ({ page }) => {
    // Every way of making an en-US number formatter, counted: its first construction loads ICU's
    // number data, a long task on a slow phone (docs/decisions/0074).
    await page.addInitScript(() => {
      const counts = { made: 0 };
      (window as unknown as { __formatters: typeof counts }).__formatters = counts;
      const Original = Intl.NumberFormat;
      Intl.NumberFormat = new Proxy(Original, {
        construct: (target, args: ConstructorParameters<typeof Intl.NumberFormat>) => (counts.made++, new target(...args)),
        apply: (target, _this, args: ConstructorParameters<typeof Intl.NumberFormat>) => (counts.made++, target(...args)),
      });
      type ToLocale = (this: number, ...args: Parameters<number["toLocaleString"]>) => string;
      const toLocale: ToLocale = Reflect.get(Number.prototype, "toLocaleString");
      Number.prototype.toLocaleString = function (this: number, ...args: Parameters<number["toLocaleString"]>) {
        counts.made++;
        return toLocale.apply(this, args);
      };
    });
    const made = () => page.evaluate(() => (window as unknown as { __formatters: { made: number } }).__formatters.made);
    for (const path of ["/blog", "/"]) {
      await page.goto(path);
      await hydrated(page);
      // Idle callbacks run in the order they were asked for: once two asked now have run, the
      // islands and behaviours the page started at its load have run too.
      for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })));
      expect(await made(), path).toBe(0);
    }
    // The landing page's counters start at 0 below the screen and count up to their figure once
    // seen: the largest, written with a thousands separator.
    const figures = (await page.locator("[data-counter]").evaluateAll((els) => els.map((el) => el.getAttribute("data-counter")))).map(Number);
    const figure = Math.max(...figures);
    expect(figure).toBeGreaterThan(999);
    const counter = page.locator(`[data-counter="${figure}"]`);
    await expect(counter).toHaveText(/^0\D*$/);
    await counter.scrollIntoViewIfNeeded();
    await expect(counter).toHaveText(new RegExp(`^${figure.toLocaleString("en-US")}`));
    expect(await made()).toBeGreaterThan(0);
  });

  test("arrow keys pressed on a tab before its island is live are replayed once it is", async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    // Held back: whichever island chunk carries the offerings' code (it names their first tab).
    await page.route(/\/assets\/island-[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      if ((await response.text()).includes("Venture Assist")) {
        asked = true;
        await held;
      }
      await route.fulfill({ response });
    });
    await page.goto("/");
    const tablist = page.getByRole("tablist", { name: "Offerings" });
    const first = tablist.getByRole("tab", { name: "Venture Assist" });
    await first.focus();
    // Near the screen now, so its island asks for its code (held back here).
    await expect.poll(() => asked).toBe(true);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(page.locator('flow-island[data-island="offerings"]')).not.toHaveAttribute("data-hydrated");
    await expect(first).toHaveAttribute("aria-selected", "true");
    release();
    const third = tablist.getByRole("tab", { name: "GTM Engine" });
    await expect(third).toHaveAttribute("aria-selected", "true");
    await expect(third).toBeFocused();
  });

  test("islands are hydrated, not redrawn: the server's ids stay, and the tabs' and dialogs' references still resolve after use", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    const serverIds = (selector: RegExp) => [...html.matchAll(selector)].map((m) => m[1]);
    const tabIds = serverIds(/<button[^>]*role="tab"[^>]*id="([^"]+)"/g);
    expect(tabIds.length).toBeGreaterThan(3);
    await page.goto("/");
    await hydrated(page);
    const liveTabIds = await page.getByRole("tab").evaluateAll((tabs) => tabs.map((t) => t.id));
    expect(liveTabIds).toEqual(tabIds);
    // A tab chosen after hydration points at a panel that exists, and the panel back at it.
    const tab = page.getByRole("tab").nth(1);
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true");
    const panelId = await tab.getAttribute("aria-controls");
    const panel = page.locator(`[id="${panelId}"]`);
    await expect(panel).toBeVisible();
    await expect(panel).toHaveAttribute("aria-labelledby", (await tab.getAttribute("id"))!);
    // A dialog drawn only once opened is named by the title it draws then.
    await page.locator('button[data-cta="audit-hero"]').click();
    const dialog = page.getByRole("dialog", { name: "Book Your Automation Audit" });
    await expect(dialog).toBeVisible();
    const titleId = await dialog.getAttribute("aria-labelledby");
    await expect(page.locator(`[id="${titleId}"]`)).toHaveText("Book Your Automation Audit");
  });

  test("moving between public pages is a page load, prefetched by speculation rules", async ({ page }) => {
    await page.goto("/privacy");
    await hydrated(page);
    const rules = JSON.parse((await page.locator('script[type="speculationrules"]').textContent()) ?? "null") as {
      prefetch: { eagerness: string }[];
    };
    expect(rules.prefetch[0]?.eagerness).toBe("moderate");
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await page.locator("footer").getByRole("link", { name: "Terms & conditions" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // A new document: what the previous page set is gone.
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
  });
});

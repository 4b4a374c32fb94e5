import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./support/admin";

/** Every request the page makes, with the priority Chromium gave it when it was sent. */
async function recordPriorities(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const requests: { url: string; type: string; priority: string }[] = [];
  cdp.on("Network.requestWillBeSent", (event) => {
    requests.push({ url: event.request.url, type: event.type ?? "", priority: event.request.initialPriority });
  });
  return requests;
}

/**
 * Holds the module that makes the page live until `release()`: the React app's entry in the
 * back-office, the islands script on every public page (decision 0027).
 */
async function holdHydration(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(/\/assets\/(entry\.client|islands)-[\w-]+\.js$/, async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release, requested: () => requested };
}

test.describe("how public pages load", () => {
  for (const path of ["/", "/blog", "/terms"]) {
    test(`${path}: the islands' code is requested only once the page has loaded, behind the font, and the page still hydrates`, async ({ page }) => {
      const requests = await recordPriorities(page);
      await page.goto(path);
      await hydrated(page);
      expect(requests.find((r) => r.type === "Font")?.priority).toBe("High");
      // Every stylesheet request made so far has its timing entry (one may still be under way).
      const linkedSheets = () =>
        page.evaluate(
          () =>
            performance.getEntriesByType("resource").filter((e) => (e as PerformanceResourceTiming).initiatorType === "link" && e.name.endsWith(".css")).length,
        );
      await expect.poll(linkedSheets).toBe(requests.filter((r) => r.type === "Stylesheet").length);
      const timing = await page.evaluate(() => ({
        load: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd,
        islands: (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((e) => /\/assets\/islands?-[\w-]+\.js$/.test(new URL(e.name).pathname))
          .map((e) => ({ url: new URL(e.name).pathname, start: e.startTime })),
        stylesheets: (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((e) => e.initiatorType === "link" && new URL(e.name).pathname.endsWith(".css"))
          .map((e) => ({ url: new URL(e.name).pathname, start: e.startTime })),
      }));
      expect(timing.load).toBeGreaterThan(0);
      expect(timing.islands.some((e) => /\/islands-/.test(e.url))).toBe(true);
      expect(timing.islands.filter((e) => e.start < timing.load)).toEqual([]);
      // The stylesheet is in the page (app/server/http/inline-stylesheet.server.ts): nothing to fetch
      // before it is drawn but the font. The whole file comes after the load, when the page's copy
      // carries only its own rules (the islands script fetches it: page-css.server.ts).
      expect(timing.stylesheets.filter((e) => e.start < timing.load)).toEqual([]);
      // The analytics beacon and its page view come after the load too.
      const beaconStarts = () =>
        page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .filter((e) => /^\/(assets\/beacon-[\w-]+\.js|api\/event)$/.test(new URL(e.name).pathname))
            .map((e) => ({ url: new URL(e.name).pathname, start: e.startTime })),
        );
      await expect
        .poll(async () => (await beaconStarts()).map((e) => e.url.replace(/-[\w-]+\.js$/, ".js")).sort())
        .toEqual(["/api/event", "/assets/beacon.js"]);
      expect((await beaconStarts()).filter((e) => e.start < timing.load)).toEqual([]);
      expect(requests.filter((r) => /\/assets\/beacon-[\w-]+\.js$/.test(r.url)).map((r) => r.priority)).toEqual(["Low"]);
      // At low priority: no chain of critical requests runs through them.
      const entry = requests.filter((r) => /\/assets\/islands-[\w-]+\.js$/.test(r.url));
      expect(entry.map((r) => r.priority)).toEqual(["Low"]);
      if (path === "/") {
        // Live: a services tab answers a click.
        const tab = page.getByRole("tablist", { name: "Services" }).getByRole("tab", { name: "Sales" });
        await tab.click();
        await expect(tab).toHaveAttribute("aria-selected", "true");
      }
    });
  }

  test("a press while the page is still loading starts its islands at once, without waiting for the load @phone", async ({ page }) => {
    await page.route(/^https:\/\/cal\.com\//, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>Scheduler</p>" }));
    // The blog list's images are held: the page cannot finish loading until they are let through.
    let releaseImages!: () => void;
    const imagesHeld = new Promise<void>((resolve) => (releaseImages = resolve));
    await page.route(/\.(png|jpe?g|webp|avif|gif)(\?.*)?$/, async (route) => {
      await imagesHeld;
      await route.continue();
    });
    const islandsRequested: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/islands-[\w-]+\.js$/.test(request.url())) islandsRequested.push(request.url());
    });
    try {
      await page.goto("/blog", { waitUntil: "domcontentloaded" });
      expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
      expect(islandsRequested).toEqual([]);
      const phone = (page.viewportSize()?.width ?? 1440) < 768;
      await page
        .getByRole("button", { name: phone ? "Open menu" : "Work with Us" })
        .first()
        .click();
      await expect(phone ? page.getByRole("navigation", { name: "Mobile" }) : page.getByRole("dialog", { name: "Book a Discovery Call" })).toBeVisible();
      expect(islandsRequested).toHaveLength(1);
      expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
    } finally {
      releaseImages();
    }
  });

  test("no route module imports the client entry, which must run only after the page's globals are set", async ({ request }) => {
    // The back-office runs the React Router app (public pages are islands).
    const html = await (await request.get("/admin/auth")).text();
    const entry = /import\("(\/assets\/entry\.client-[\w-]+\.js)"\)/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    const routeModules = [...html.matchAll(/import \* as \w+ from "(\/assets\/[\w.-]+\.js)"/g)].map((m) => m[1]!);
    // The root and the auth screen, at least.
    expect(routeModules.length).toBeGreaterThanOrEqual(2);
    const seen = new Set<string>();
    const queue = [...routeModules];
    while (queue.length) {
      const url = queue.pop()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const code = await (await request.get(url)).text();
      for (const [, file] of code.matchAll(/from\s*"\.\/([\w.-]+\.js)"/g)) queue.push(`/assets/${file}`);
    }
    expect([...seen]).not.toContain(entry);
  });

  test("admin pages keep their scripts at the browser's usual priority", async ({ page }) => {
    const requests = await recordPriorities(page);
    await page.goto("/admin/auth");
    const scripts = requests.filter((r) => r.type === "Script" && r.url.includes("/assets/"));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((r) => r.priority === "Low")).toEqual([]);
  });

  test("the audit request dialog's code loads on first use, not with the page", async ({ page }) => {
    const requests = await recordPriorities(page);
    await page.goto("/");
    await hydrated(page);
    const dialogCode = () => requests.filter((r) => r.type === "Script" && /\/(island-)?audit-request-dialog-[\w-]+\.js$/.test(r.url));
    expect(requests.filter((r) => r.type === "Script").length).toBeGreaterThan(0);
    expect(dialogCode()).toEqual([]);
    await page.getByRole("button", { name: "Book Your Automation Audit" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(dialogCode()).toHaveLength(1);
  });

  test("a button pressed before the page has hydrated does its job once it has @phone", async ({ page }) => {
    await page.route(/^https:\/\/cal\.com\//, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>Scheduler</p>" }));
    const hydration = await holdHydration(page);
    // The islands script is a module script: held, it holds the load event too.
    await page.goto("/", { waitUntil: "commit" });
    await expect.poll(hydration.requested).toBe(true);
    const phone = (page.viewportSize()?.width ?? 1440) < 768;
    const opener = page.getByRole("button", { name: phone ? "Open menu" : "Work with Us" }).first();
    const opened = phone ? page.getByRole("navigation", { name: "Mobile" }) : page.getByRole("dialog", { name: "Book a Discovery Call" });
    await opener.click();
    await page.waitForTimeout(300);
    await expect(opened).toBeHidden();
    hydration.release();
    await expect(opened).toBeVisible();
  });

  test("a form's submit button still submits natively before hydration", async ({ page }) => {
    const hydration = await holdHydration(page);
    // The islands script is a module script: held, it holds the load event too.
    await page.goto("/blog", { waitUntil: "commit" });
    await expect.poll(hydration.requested).toBe(true);
    await page.getByRole("searchbox", { name: "Search articles" }).fill("agents");
    await page.getByRole("searchbox", { name: "Search articles" }).press("Enter");
    await expect(page).toHaveURL(/\/blog\?q=agents$/);
    hydration.release();
  });

  test("text typed in the blog search before the page's scripts arrived is searched for once they have", async ({ page }) => {
    const hydration = await holdHydration(page);
    await page.goto("/blog", { waitUntil: "commit" });
    await expect.poll(hydration.requested).toBe(true);
    const search = page.getByRole("searchbox", { name: "Search articles" });
    await search.fill("agents");
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/blog$/);
    hydration.release();
    await expect(page).toHaveURL(/\/blog\?q=agents$/);
    await expect(page.getByText(/\d+ results? for "agents"/)).toBeVisible();
    await expect(search).toHaveValue("agents");
  });
});

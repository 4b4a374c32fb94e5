import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { CUT, firstPost, keptCopy, settled, styleHashes } from "./support/css-cut";

/**
 * Islands that start at a touch (a menu, a dialog, the audit form) bring their CSS rules with their
 * code (decision 0078): a kept page's cut leaves out the rules only they use, and the islands
 * script loads each one's sheet (`/island-sheets/<name>.css`, its rules scoped to it) as it starts
 * it. What they draw must look as with the whole stylesheet, and nothing else on the page change.
 */

test.describe("islands that bring their own rules", () => {
  test.describe.configure({ mode: "parallel" });
  /** What an island that starts at a touch draws, on a page of `path` at `width`: `act` draws it, `shown` is what it drew. */
  const drawings: { what: string; path: (request: APIRequestContext) => Promise<string>; width: number; act: (page: Page) => Promise<void>; shown: string }[] =
    [
      {
        what: "the 'Work with Us' dialog",
        path: () => Promise.resolve("/privacy"),
        width: 1280,
        act: async (page) => {
          await page.getByRole("button", { name: "Work with Us" }).first().click();
          // Settled: the scheduling frame replaces its placeholder once the visit's booking reference is in.
          await expect(page.getByRole("dialog").locator("iframe")).toBeVisible();
        },
        shown: "dialog[open]",
      },
      {
        what: "the phone menu",
        path: () => Promise.resolve("/team"),
        width: 390,
        act: async (page) => {
          await page.getByRole("button", { name: "Open menu" }).click();
          await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
        },
        shown: "header",
      },
      {
        what: "the audit form refusing an empty request",
        path: firstPost,
        width: 390,
        act: async (page) => {
          await page
            .getByRole("complementary", { name: "Ready to Transform Your Business?" })
            .getByRole("button", { name: "Book Your Automation Audit" })
            .click();
          const dialog = page.getByRole("dialog", { name: "Book Your Automation Audit" });
          await dialog.getByRole("button", { name: "Send request" }).click();
          await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
        },
        shown: "dialog[open]",
      },
    ];
  for (const drawing of drawings) {
    test(`${drawing.what} is styled as with the whole stylesheet: its island brings its own rules, scoped to it, and nothing else on the page changes`, async ({
      browser,
      request,
      baseURL,
    }) => {
      const path = await drawing.path(request);
      const kept = await keptCopy(request, path);
      const [tag, href] = CUT.exec(kept)!;
      const whole = await (await request.get(href!)).text();
      /** The page served as `html` after `act`: the style hashes of what it drew and of the whole page, the stylesheets fetched, and whether the whole file was linked. */
      const drawn = async (html: string) => {
        const context = await browser.newContext({ baseURL, reducedMotion: "reduce", viewport: { width: drawing.width, height: 900 } });
        const page = await context.newPage();
        await page.route(/^https:\/\/cal\.com\//, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>Scheduler</p>" }));
        await page.route(`${baseURL}${path}`, (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }));
        const sheets: string[] = [];
        page.on("request", (r) => {
          if (r.resourceType() === "stylesheet") sheets.push(new URL(r.url()).pathname);
        });
        await page.goto(path);
        await page.evaluate(() => document.fonts.ready);
        await drawing.act(page);
        await settled(page);
        const shown = await styleHashes(page, drawing.shown);
        // The body: the head has one more element where the island's sheet was linked.
        const all = await styleHashes(page, "body");
        const linked = await page.locator(`link[rel="stylesheet"][href="${href}"]`).count();
        await context.close();
        return { shown, all, sheets, linked };
      };
      const cut = await drawn(kept);
      const uncut = await drawn(kept.replace(tag, () => `<style data-href="${href}">${whole}</style>`));
      // The cut page fetches the sheets of the islands that drew (never the whole file, which would
      // make the browser style the page again); the page with the whole file fetches none.
      expect(cut.sheets.length).toBeGreaterThan(0);
      expect(cut.sheets.filter((sheet) => !/^\/island-sheets\/[\w-]+\.css$/.test(sheet))).toEqual([]);
      expect(cut.linked).toBe(0);
      expect(uncut.sheets).toEqual([]);
      expect(cut.shown.length).toBeGreaterThan(3);
      expect(cut.shown).toEqual(uncut.shown);
      expect(cut.all).toEqual(uncut.all);
    });
  }

  test("a page's cut leaves out what only its islands that start at a touch use; their sheets hold it, scoped to them", async ({ request }) => {
    const kept = await keptCopy(request, "/privacy");
    const [, href, cut] = CUT.exec(kept)!;
    const version = `${/([\w-]+)\.css$/.exec(href!)![1]}.${/\/assets\/([\w-]+)\.js/.exec(/data-src="([^"]+)"/.exec(kept)![1]!)![1]}`;
    // The dialog's own rules (its backdrop) are not in the page's first bytes…
    expect(cut).not.toContain("backdrop\\:bg-black\\/70::backdrop");
    const response = await request.get(`/island-sheets/header.css?v=${version}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/css; charset=utf-8");
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const sheet = await response.text();
    // …but in the header's sheet, inside its scope. What its rules name (variables, registrations,
    // font faces) is in the page's cut: added later, each restyled the whole page.
    expect(sheet).toMatch(/@scope \(flow-island\[data-island="header"\]\)\{[^@]*\.backdrop\\:bg-black\\\/70::backdrop\{/);
    for (const named of ["@layer theme{", "@property", "@font-face"]) expect(sheet).not.toContain(named);
    expect(cut).toMatch(/--color-black:/);
    expect(sheet).not.toMatch(/\{\}|\/\*/);
    // Asked by an earlier islands script it is the current cut, revalidated; an unknown island or stylesheet is not found.
    expect((await request.get(`/island-sheets/header.css?v=${version.replace(/\.[\w-]+$/, ".islands-old")}`)).headers()["cache-control"]).toContain(
      "max-age=0",
    );
    expect((await request.get(`/island-sheets/nothing.css?v=${version}`)).status()).toBe(404);
    expect((await request.get(`/island-sheets/header.css?v=root-missing.${version.split(".")[1]}`)).status()).toBe(404);
    expect((await request.get("/island-sheets/header.css")).status()).toBe(404);
  });

  test("a browser without @scope gets the whole stylesheet instead, once, when an island that starts at a touch starts", async ({ page, request }) => {
    const kept = await keptCopy(request, "/team");
    const href = CUT.exec(kept)![1]!;
    await page.addInitScript(() => Reflect.deleteProperty(window, "CSSScopeRule"));
    await page.setViewportSize({ width: 390, height: 844 });
    const sheets: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "stylesheet") sheets.push(new URL(r.url()).pathname);
    });
    await page.goto("/team");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
    await page.getByRole("button", { name: "Work with Us" }).last().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(sheets).toEqual([href]);
  });
});

import { expect, test } from "@playwright/test";
import { hydrated } from "./support/admin";
import { countScripts } from "./support/site";

/**
 * Preact comes with the first island that wakes, not with the islands script (docs/decisions/0079,
 * issue #29): a page none of whose islands starts by itself runs only its behaviours at load.
 */

const KB = 1024;
/** The islands script (the page's behaviours) and the analytics beacon, with headers: ~6.5 KB. */
const TOUCH_ONLY_BUDGET = 8 * KB;

test.describe("islands that wait for a touch", () => {
  test("a page whose islands all wait for a touch loads no component code until one is touched", async ({ page }) => {
    // Bytes on the wire per script file, the browser's cache off (as site-islands.spec.ts counts its budgets).
    const scripts = await countScripts(page);
    await page.goto("/privacy");
    await hydrated(page);
    await page.waitForLoadState("networkidle");
    await expect(page.locator('flow-island:not([data-on="interaction"])')).toHaveCount(0);
    // The islands script and the analytics beacon only: Preact (~10 KB compressed) and the islands'
    // code wait for a touch, so the script the load runs is the page's behaviours (issue #29).
    expect(scripts.paths().filter((path) => !/^\/assets\/(islands|beacon)-[\w-]+\.js$/.test(path))).toEqual([]);
    expect(scripts.paths().some((path) => /^\/assets\/islands-/.test(path))).toBe(true);
    const atLoad = await scripts.total();
    expect(atLoad).toBeLessThanOrEqual(TOUCH_ONLY_BUDGET);

    // The first touch brings the header island's code with Preact, and the island works at once.
    await page.getByRole("button", { name: "Work with Us" }).click();
    await expect(page.getByRole("dialog", { name: "Book a Discovery Call" })).toBeVisible();
    expect(scripts.paths().filter((path) => /^\/assets\/island-/.test(path)).length).toBeGreaterThan(0);
    expect(await scripts.total()).toBeGreaterThan(atLoad + 8 * KB);
    await scripts.stop();
  });
});

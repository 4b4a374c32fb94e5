import { expect, test } from "@playwright/test";
import { adminState, hydrated } from "./support/admin";

// The back-office tables share one primitive (app/components/ui/table.tsx): these are its promises
// as an admin meets them, on the screens that use it.

let statePath = "";
test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});

test("a table too wide for a phone scrolls in its own box, which the keyboard reaches and which is named like the table", async ({ browser }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // The admin's own sign-up is in the audit log: at least one entry.
  await page.goto("/admin/audit-log");
  await hydrated(page);
  const table = page.getByRole("table", { name: "Audit log entries, newest first" });
  const box = page.getByRole("region", { name: "Audit log entries, newest first" });
  await expect(table).toBeVisible();
  // It fits: no extra stop for the keyboard.
  await expect(box).toHaveCount(0);

  // A value that cannot wrap (a long address, a token) makes the first column wider than the screen.
  const cell = table.getByRole("cell").first();
  await cell.evaluate((element) => {
    element.style.minWidth = "900px";
  });
  await expect(box).toBeVisible();
  await box.focus();
  await expect(box).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  // The page itself stays as wide as the screen: only the table's box scrolls.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Narrow again, it is a plain table once more.
  await cell.evaluate((element) => {
    element.style.minWidth = "";
  });
  await expect(box).toHaveCount(0);
  await context.close();
});

test("on a wide screen the column headers of a long list stay in view while the page scrolls", async ({ browser }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: { width: 1440, height: 600 } });
  const page = await context.newPage();
  // The demo posts fill more than one screen.
  await page.goto("/admin/blog");
  const rows = page.locator("table tbody tr");
  expect(await rows.count()).toBeGreaterThan(5);
  const header = page.getByRole("columnheader", { name: "Post" });
  await expect(header).toBeInViewport();
  await rows.last().scrollIntoViewIfNeeded();
  await expect(rows.first()).not.toBeInViewport();
  await expect(header).toBeInViewport();
  await context.close();
});

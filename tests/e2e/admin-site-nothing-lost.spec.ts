import { expect, test, type Page } from "@playwright/test";
import { confirmDialog, hydrated, toastText } from "./support/admin";
import { axeViolations } from "./support/axe";
import { ownServerForSpec } from "./support/own-server";
import { AFTER_SAVE, PREVIEW_FRAME, field, openEditor } from "./support/site-editor";

/**
 * /admin/site loses nothing (decisions 0039 and 0055, amended), on a server of its own (these
 * journeys change the stored draft): 'Discard draft' from a tab opened before another tab's save
 * is refused and discards nothing; typed words survive an expired session and a reload, kept in
 * the browser and offered back, never applied unasked, and forgotten once saved.
 */
const ADMIN = { email: "site-kept@studio.test", password: "site-kept-password-42" };
const server = ownServerForSpec("site-kept", ADMIN);

test.describe.configure({ mode: "serial", timeout: 150_000 });

const headline = (page: Page) => field(page, "Headline");
const offer = (page: Page) => page.getByRole("region", { name: "This landing page has changes that were not saved" });

async function saveDraft(page: Page) {
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(toastText(page, "Draft saved")).toBeVisible(AFTER_SAVE);
}

test("'Discard draft' from a tab opened before another tab's draft save is refused and discards nothing; from the saved version it discards", async ({
  browser,
}) => {
  const first = await server.signedIn(browser);
  const second = await server.signedIn(browser);
  const a = first.page;
  const b = second.page;
  await openEditor(a);
  const shipped = await headline(a).inputValue();
  await headline(a).fill("A draft both tabs saw");
  await saveDraft(a);

  await openEditor(b);
  await expect(headline(b)).toHaveValue("A draft both tabs saw");
  await headline(a).fill("A newer draft the second tab never saw");
  await saveDraft(a);

  await b.getByRole("button", { name: "Discard draft" }).click();
  await confirmDialog(b, "Discard the draft?", "published texts", "Discard draft");
  const notice = b.getByRole("alert").filter({ has: b.getByRole("heading", { name: "Not discarded: this landing page changed" }) });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Nothing was discarded: load the saved version to see those changes before you discard them.");
  await expect(notice).toContainText(`Saved by ${ADMIN.email}`);
  await expect(notice.getByRole("button", { name: /over it/ })).toHaveCount(0);
  expect(await axeViolations(b)).toEqual([]);

  // Nothing was discarded: the newer draft is still the stored one.
  await openEditor(a);
  await expect(headline(a)).toHaveValue("A newer draft the second tab never saw");
  // Saved, the first tab's typing is not offered back.
  await expect(offer(a)).toHaveCount(0);

  await notice.getByRole("link", { name: "Load the saved version" }).click();
  await hydrated(b);
  await expect(headline(b)).toHaveValue("A newer draft the second tab never saw");
  await b.getByRole("button", { name: "Discard draft" }).click();
  await confirmDialog(b, "Discard the draft?", "published texts", "Discard draft");
  await expect(toastText(b, "Draft discarded")).toBeVisible();
  await expect(headline(b)).toHaveValue(shipped);
  await first.context.close();
  await second.context.close();
});

test("a headline typed before the session expired is offered back after signing in again, restored when asked, and forgotten once saved", async ({
  browser,
}) => {
  const { context, page } = await server.signedIn(browser);
  await openEditor(page);
  const stored = await headline(page).inputValue();

  await headline(page).fill("Typed while the session ran out");
  await context.clearCookies();
  await page.getByRole("button", { name: "Save draft" }).click();

  await expect(page).toHaveURL(/\/admin\/auth\?redirectTo=%2Fadmin%2Fsite$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Sign In" })).toBeVisible();
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();

  await expect(page).toHaveURL(/\/admin\/site$/);
  await hydrated(page);
  await expect(offer(page)).toBeVisible();
  // Offered, never applied unasked: the field shows the stored draft until 'Restore unsaved changes'.
  await expect(headline(page)).toHaveValue(stored);
  await offer(page).getByRole("button", { name: "Restore unsaved changes" }).click();
  await expect(headline(page)).toHaveValue("Typed while the session ran out");
  await expect(offer(page)).toHaveCount(0);

  await saveDraft(page);
  await page.reload();
  await hydrated(page);
  await expect(headline(page)).toHaveValue("Typed while the session ran out");
  await expect(offer(page)).toHaveCount(0);
  await context.close();
});

test("a headline typed and then reloaded away without saving is offered back; 'Discard' forgets it", async ({ browser }) => {
  const { context, page } = await server.signedIn(browser);
  await openEditor(page);
  const stored = await headline(page).inputValue();

  await headline(page).fill("Typed and reloaded without saving");
  await page.reload();
  await hydrated(page);
  await expect(offer(page)).toBeVisible();
  await expect(offer(page)).toContainText("kept in this browser");
  await expect(headline(page)).toHaveValue(stored);

  // The offer as the editor sees it, on a phone and a desktop.
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await offer(page).scrollIntoViewIfNeeded();
    // The preview frame is the landing page, scanned with the editor in admin-site-landing's axe test.
    expect(await axeViolations(page, { exclude: [PREVIEW_FRAME] })).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`site-restore-offer-${width}.png`) });
  }

  await offer(page).getByRole("button", { name: "Restore unsaved changes" }).click();
  await expect(headline(page)).toHaveValue("Typed and reloaded without saving");

  await page.reload();
  await hydrated(page);
  await expect(offer(page)).toBeVisible();
  await offer(page).getByRole("button", { name: "Discard" }).click();
  await expect(offer(page)).toHaveCount(0);
  await expect(headline(page)).toHaveValue(stored);
  await page.reload();
  await hydrated(page);
  await expect(offer(page)).toHaveCount(0);

  // The public pages keep nothing in the browser.
  const visitor = await browser.newContext({ baseURL: server.url });
  const home = await visitor.newPage();
  await home.goto("/");
  await home.getByRole("heading", { level: 1 }).waitFor();
  expect(await home.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
  await visitor.close();
  await context.close();
});

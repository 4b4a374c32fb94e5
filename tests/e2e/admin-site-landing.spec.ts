import { expect, test } from "@playwright/test";
import { faq, hero } from "../../app/content/landing";
import { confirmDialog, holdAppEntry, toastText } from "./support/admin";
import { axeViolations } from "./support/axe";
import { ownServerForSpec } from "./support/own-server";
import { AFTER_SAVE, field, openEditor, preview } from "./support/site-editor";

/**
 * /admin/site on a server of its own (publishing changes the home page every other spec reads):
 * the draft shows in the live preview and nowhere public until 'Publish changes'; every publish
 * is a version in the history that can be restored, and an entry in the audit log.
 */
const ADMIN = { email: "site-admin@studio.test", password: "site-admin-password-42" };
const server = ownServerForSpec("site", ADMIN);

test.describe.configure({ mode: "serial", timeout: 150_000 });

/** A field of /admin/site by its exact label ("Headline", not "Label above the headline"). */

test("a fresh site's home page shows the shipped texts", async ({ browser }) => {
  const visitor = await browser.newContext({ baseURL: server.url });
  const home = await visitor.newPage();
  await home.goto("/");
  await expect(home.getByRole("heading", { level: 1 })).toHaveText(hero.headline);
  await expect(home).toHaveTitle(/\| Smarter Systems\. Better Outcomes\.$/);
  for (const item of faq.items) await expect(home.locator("#faq").getByRole("heading", { name: item.question })).toBeVisible();
  await visitor.close();
});

test("the hero headline: preview only, then public once published, then the earlier version restored; each in the audit log", async ({ browser }) => {
  const { context, page } = await server.signedIn(browser);
  const visitor = await browser.newContext({ baseURL: server.url });
  const home = await visitor.newPage();
  await openEditor(page);
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Landing page" })).toHaveAttribute("aria-current", "page");

  const headline = "Automation that pays for itself";
  await field(page, "Headline").fill(headline);
  await expect(preview(page).getByRole("heading", { level: 1 })).toHaveText(headline);
  await home.goto("/");
  await expect(home.getByRole("heading", { level: 1 })).toHaveText(hero.headline);

  // Saved as a draft: still not public.
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(toastText(page, "Draft saved")).toBeVisible(AFTER_SAVE);
  await expect(page.getByText("Draft not published")).toBeVisible();
  await home.reload();
  await expect(home.getByRole("heading", { level: 1 })).toHaveText(hero.headline);

  await page.getByRole("button", { name: "Publish changes" }).click();
  await expect(toastText(page, "Changes published")).toBeVisible(AFTER_SAVE);
  await home.reload();
  await expect(home.getByRole("heading", { level: 1 })).toHaveText(headline);

  // The history: the shipped texts, then this publish; the earlier one compared and restored.
  await page.getByRole("button", { name: "History" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Landing page history" })).toBeVisible();
  const versions = page.getByRole("listitem").filter({ hasText: /^Published/ });
  await expect(versions).toHaveCount(2);
  await versions
    .filter({ hasText: "the shipped texts" })
    .getByRole("link", { name: /^Compare/ })
    .click();
  await expect(page.getByRole("region", { name: "Content differences" }).getByText(`Hero · headline: ${hero.headline}`)).toBeVisible();
  await page.getByRole("button", { name: "Restore this version" }).click();
  await expect(toastText(page, "Version restored")).toBeVisible(AFTER_SAVE);
  await expect(field(page, "Headline")).toHaveValue(hero.headline);
  await home.reload();
  await expect(home.getByRole("heading", { level: 1 })).toHaveText(hero.headline);

  await page.goto("/admin/audit-log");
  await expect(page.getByRole("cell", { name: "Landing page published" }).first()).toBeVisible();
  await expect(page.getByRole("cell", { name: "Landing page version restored" }).first()).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Published the landing page (Hero)" })).toHaveCount(1);
  await expect(page.getByRole("row").filter({ hasText: /Restored the landing page published on .* UTC \(Hero\)/ })).toHaveCount(1);
  await visitor.close();
  await context.close();
});

test("FAQ questions added, reordered and removed with the keyboard alone, then published", async ({ browser }) => {
  const { context, page } = await server.signedIn(browser);
  await openEditor(page);
  const count = faq.items.length;

  await page.getByRole("button", { name: "Add question" }).focus();
  await page.keyboard.press("Enter");
  const newQuestion = field(page, `Question ${count + 1}`);
  await expect(newQuestion).toBeFocused();
  await page.keyboard.type("Do you work with small teams?");
  await page.keyboard.press("Tab");
  await expect(field(page, `Answer ${count + 1}`)).toBeFocused();
  await page.keyboard.type("Yes: most of our clients have fewer than fifty people.");
  // Tab to its 'Move up' and press it twice: the focus stays on the moved question's button.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: `Move up question ${count + 1}` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: `Move up question ${count}` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(field(page, `Question ${count - 1}`)).toHaveValue("Do you work with small teams?");
  await expect(preview(page).locator("#faq").getByRole("heading", { name: "Do you work with small teams?" })).toBeVisible();

  // Remove the first question: the focus goes to the question now first.
  await page.getByRole("button", { name: "Remove question 1" }).focus();
  await page.keyboard.press("Enter");
  await expect(field(page, "Question 1")).toBeFocused();
  await expect(field(page, "Question 1")).toHaveValue(faq.items[1]!.question);
  await expect(field(page, `Question ${count + 1}`)).toHaveCount(0);
  await expect(preview(page).locator("#faq").getByRole("heading", { name: faq.items[0]!.question })).toHaveCount(0);

  await page.getByRole("button", { name: "Publish changes" }).focus();
  await page.keyboard.press("Enter");
  await expect(toastText(page, "Changes published")).toBeVisible(AFTER_SAVE);
  const home = await (await browser.newContext({ baseURL: server.url })).newPage();
  await home.goto("/");
  const questions = home.locator("#faq summary");
  await expect(questions).toHaveCount(count);
  // Added eighth, moved up two places (sixth), then the first removed: fifth.
  await expect(questions.nth(4)).toHaveText("Do you work with small teams?");
  await expect(home.locator("#faq").getByRole("heading", { name: faq.items[0]!.question })).toHaveCount(0);
  await home.context().close();
  await context.close();
});

test("a bad value is refused with a clear message and nothing typed is lost", async ({ browser }) => {
  const { context, page } = await server.signedIn(browser);
  await openEditor(page);
  await field(page, "Headline").fill("Kept after a refusal");
  const tags = ["One", "Two", "Three", "Four", "Five", "Six", "Seven"].join("\n");
  await field(page, "Tags under the headline").fill(tags);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(field(page, "Tags under the headline")).toHaveAccessibleDescription(/At most 6 tags\./, AFTER_SAVE);
  await expect(field(page, "Tags under the headline")).toBeFocused();
  await expect(field(page, "Tags under the headline")).toHaveValue(tags);
  await expect(field(page, "Headline")).toHaveValue("Kept after a refusal");
  // The browser's own check says the same words as the server for an empty field.
  await field(page, "Headline").fill("");
  await page.getByRole("button", { name: "Publish changes" }).click();
  await expect(field(page, "Headline")).toHaveAccessibleDescription(/Headline is required\./);
  const home = await (await browser.newContext({ baseURL: server.url })).newPage();
  await home.goto("/");
  await expect(home.getByRole("heading", { level: 1 })).toHaveText(hero.headline);
  await home.context().close();
  await context.close();
});

test("'Discard draft' asks first, then the fields show the published texts again", async ({ browser }) => {
  const { context, page } = await server.signedIn(browser);
  await openEditor(page);
  await field(page, "Contact title").fill("Not for now");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(toastText(page, "Draft saved")).toBeVisible(AFTER_SAVE);
  await expect(field(page, "Contact title")).toHaveValue("Not for now");
  await page.getByRole("button", { name: "Discard draft" }).click();
  await confirmDialog(page, "Discard the draft?", "The public page does not change.", "Discard draft");
  await expect(toastText(page, "Draft discarded")).toBeVisible(AFTER_SAVE);
  await expect(field(page, "Contact title")).toHaveValue("Ready to remove manual work?");
  await expect(page.getByText("Draft not published")).toHaveCount(0);
  await context.close();
});

test("a click on a section in the preview moves the focus to its fields", async ({ browser }) => {
  const { context, page } = await server.signedIn(browser);
  await openEditor(page);
  await preview(page).getByRole("heading", { name: "Ready to remove manual work?" }).click();
  await expect(field(page, "Contact label")).toBeFocused();
  await preview(page).getByRole("heading", { level: 1 }).click();
  await expect(field(page, "Label above the headline")).toBeFocused();
  // A process step's words, typed, show in the preview; a click there leads back to them, also when
  // made right after the refresh, before the preview's script is live (held, then answered).
  const entry = await holdAppEntry(page);
  await field(page, "Step 2 title").fill("Build and test");
  const step = preview(page).getByRole("heading", { level: 3, name: "Build and test" });
  await expect(step).toBeVisible();
  await entry.requested;
  await step.click();
  await expect(field(page, "Process label")).not.toBeFocused();
  entry.release();
  await expect(field(page, "Process label")).toBeFocused();
  await context.close();
});

test("the preview is the admin's alone: never cached, never indexed", async ({ browser }) => {
  const { context, page } = await server.signedIn(browser);
  const answer = await page.request.get("/admin/site/preview");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["cache-control"]).toBe("no-store");
  expect(answer.headers()["x-robots-tag"]).toContain("noindex");
  expect(answer.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
  const visitor = await browser.newContext({ baseURL: server.url });
  const refused = await visitor.request.get("/admin/site/preview", { maxRedirects: 0 });
  expect(refused.status()).not.toBe(200);
  expect(answer.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  // The editor may frame it; every other page stays unframeable.
  const editor = await page.request.get("/admin/site");
  expect(editor.headers()["content-security-policy"]).toContain("frame-src 'self'");
  expect(editor.headers()["x-frame-options"]).toBe("DENY");
  const home = await visitor.request.get("/");
  expect(home.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(home.headers()["x-frame-options"]).toBe("DENY");
  // The public page carries none of the preview's machinery.
  const publicHtml = await home.text();
  expect(publicHtml).not.toContain("landing-preview");
  await visitor.close();
  await context.close();
});

test("axe finds nothing on /admin/site at 390 and 1440 px, nor in its history", async ({ browser }) => {
  const { context, page } = await server.signedIn(browser);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    await openEditor(page);
    await expect(preview(page).getByRole("heading", { level: 1 })).toBeVisible();
    // The preview starts at the width that suits the screen.
    await expect(page.getByRole("radio", { name: width > 1000 ? /^Desktop/ : /^Phone/ })).toBeChecked();
    expect(await axeViolations(page)).toEqual([]);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/admin-site-${width}.png`, fullPage: true });
    await page.goto("/admin/site/history");
    expect(await axeViolations(page)).toEqual([]);
  }
  await context.close();
});

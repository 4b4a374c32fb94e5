import { expect, test } from "@playwright/test";
import { community, testimonialsCopy, whoWeAre } from "../../app/content/landing";
import { comparisonCopy } from "../../app/content/comparison";
import { axeViolations } from "./support/axe";
import { ownServerForSpec } from "./support/own-server";
import { field, preview, openEditor, retype, PREVIEW_FRAME } from "./support/site-editor";

/**
 * The landing sections made editable last (docs/decisions/0050): community, the testimonials'
 * heading, the comparison's story and metrics' words, the services' tools and stack, the
 * partners; on a server of their own (publishing changes the home page every other spec reads).
 * Edited with the keyboard alone, shown in the preview as typed, public once published; a click on
 * the community or testimonials section in the preview leads to its fields.
 */
const ADMIN = { email: "community-admin@studio.test", password: "community-admin-password-42" };
const server = ownServerForSpec("community", ADMIN);

test.describe.configure({ mode: "serial", timeout: 150_000 });

test("the community section edited with the keyboard alone: the preview shows it, the public page once published", async ({ browser }) => {
  const { context, page } = await server.signedIn(browser);
  await openEditor(page);

  // The section list leads to the community's fields; Tab reaches its first ones.
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Community" }).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(field(page, "Community label")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(field(page, "Community title")).toBeFocused();
  await retype(page, "Where builders meet");
  await field(page, "Card 2 title").focus();
  await retype(page, "Starter kits");

  // A new point, typed and moved up to the top.
  const count = community.bullets.length;
  await page.getByRole("button", { name: "Add point" }).focus();
  await page.keyboard.press("Enter");
  await expect(field(page, `Point ${count + 1}`)).toBeFocused();
  await page.keyboard.type("Monthly office hours");
  for (let at = count + 1; at > 1; at--) {
    await page.getByRole("button", { name: `Move up point ${at}` }).focus();
    await page.keyboard.press("Enter");
  }
  await expect(field(page, "Point 1")).toHaveValue("Monthly office hours");

  const section = preview(page).locator('section[aria-labelledby="community-title"]');
  await expect(section.getByRole("heading", { level: 2 })).toHaveText("Where builders meet");
  await expect(section.getByRole("heading", { level: 3, name: "Starter kits" })).toBeVisible();
  await expect(section.getByRole("listitem").filter({ hasText: "Monthly office hours" })).toBeVisible();

  // Not public until published.
  const home = await (await browser.newContext({ baseURL: server.url })).newPage();
  await home.goto("/");
  await expect(home.getByRole("heading", { level: 2, name: community.title })).toBeVisible();
  await expect(home.getByText("Monthly office hours")).toHaveCount(0);
  await page.getByRole("button", { name: "Publish changes" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Publish changes" })).toBeEnabled();
  await expect(page.getByText("Published", { exact: true })).toBeVisible();
  await expect(async () => {
    await home.reload();
    await expect(home.getByRole("heading", { level: 2, name: "Where builders meet" })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(home.getByRole("heading", { level: 2, name: community.title })).toHaveCount(0);
  await expect(home.getByRole("heading", { level: 3, name: "Starter kits" })).toBeVisible();
  await expect(home.getByText("Monthly office hours")).toBeVisible();
  await home.context().close();
  await context.close();
});

test("the comparison's story, a service's tools and a partner edited: the preview shows them as typed", async ({ browser }) => {
  const { context, page } = await server.signedIn(browser);
  await openEditor(page);
  await field(page, "After headline").fill("Calm and quick");
  await field(page, "Team 2 tools").fill("Pipedrive\nSlack");
  await field(page, "Partner 2").fill("Pipedream");
  const frame = preview(page);
  await expect(frame.getByRole("heading", { level: 3, name: "Calm and quick" })).toBeAttached();
  await expect(frame.locator('section[aria-labelledby="who-title"]').getByRole("link", { name: "Pipedream" })).toBeVisible();
  await expect(frame.locator('section[aria-labelledby="who-title"]').getByRole("link", { name: whoWeAre.partners[1]!.name, exact: true })).toHaveCount(0);
  await frame.getByRole("tab", { name: "Sales" }).click();
  await expect(frame.getByRole("tabpanel", { name: "Sales" }).getByText("Pipedrive", { exact: true })).toBeVisible();
  await context.close();
});

test("a click on the community or the testimonials section in the preview moves the focus to their fields", async ({ browser }) => {
  const { context, page } = await server.signedIn(browser);
  await openEditor(page);
  await preview(page).getByRole("heading", { name: "Where builders meet" }).click();
  await expect(field(page, "Community label")).toBeFocused();
  await preview(page).getByRole("heading", { name: testimonialsCopy.title }).click();
  await expect(field(page, "Testimonials label")).toBeFocused();
  await preview(page).getByRole("heading", { name: comparisonCopy.title }).click();
  await expect(field(page, "Before & After label")).toBeFocused();
  await context.close();
});

test("axe finds nothing on /admin/site's new fields nor on the published home page at 390 and 1440 px", async ({ browser }) => {
  // Four axe runs, two of them over the whole editor.
  test.setTimeout(300_000);
  const { context, page } = await server.signedIn(browser);
  const home = await (await browser.newContext({ baseURL: server.url })).newPage();
  for (const width of [1440, 390]) {
    const size = { width, height: width > 1000 ? 900 : 844 };
    await page.setViewportSize(size);
    await openEditor(page);
    await expect(page.getByRole("group", { name: "Community" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add point" })).toBeVisible();
    await expect(preview(page).getByRole("heading", { level: 1 })).toBeVisible();
    // The preview frame is the landing page, scanned with the editor in admin-site-landing's axe test.
    expect(await axeViolations(page, { exclude: [PREVIEW_FRAME] })).toEqual([]);
    await home.setViewportSize(size);
    await home.goto("/");
    await home.locator("#community-title").scrollIntoViewIfNeeded();
    expect(await axeViolations(home)).toEqual([]);
  }
  await home.context().close();
  await context.close();
});

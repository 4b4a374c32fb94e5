import { expect, test } from "@playwright/test";
import { offerings, problems, services, trustedBy, whoWeAre } from "../../app/content/landing";
import { comparisonCopy } from "../../app/content/comparison";
import { toastText } from "./support/admin";
import { axeViolations } from "./support/axe";
import { ownServerForSpec } from "./support/own-server";
import { AFTER_SAVE, PREVIEW_FRAME, field, openEditor, preview, retype } from "./support/site-editor";

/**
 * The landing sections made editable after the first five (docs/decisions/0050): who we are, the
 * pain points and trusted by, on a server of their own (publishing changes the home page every
 * other spec reads). Edited with the keyboard alone, shown in the preview as typed, public once
 * published; a click on one of them in the preview leads to its fields.
 */
const ADMIN = { email: "sections-admin@studio.test", password: "sections-admin-password-42" };
const server = ownServerForSpec("sections", ADMIN);

test.describe.configure({ mode: "serial", timeout: 150_000 });

test("who we are and a pain point edited with the keyboard alone: the preview shows them, then the public page once published", async ({ browser }) => {
  const { context, page } = await server.signedIn(browser);
  await openEditor(page);

  // The section list leads to the section's fields; Tab reaches its first ones.
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Who we are" }).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(field(page, "Who we are label")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(field(page, "Who we are title")).toBeFocused();
  await retype(page, "Engineers who ship");
  await field(page, "Figure 2").focus();
  await retype(page, "250");
  await page.keyboard.press("Tab");
  await expect(field(page, "Figure 2 suffix")).toBeFocused();
  await retype(page, "x");
  const who = preview(page).locator('section[aria-labelledby="who-title"]');
  await expect(who.getByRole("heading", { level: 2 })).toHaveText("Engineers who ship");
  await expect(who.getByText("250x")).toBeVisible();

  // A new quote, typed and moved up one place.
  const count = problems.messages.length;
  await page.getByRole("button", { name: "Add quote" }).focus();
  await page.keyboard.press("Enter");
  await expect(field(page, `Quote ${count + 1}`)).toBeFocused();
  await page.keyboard.type("We still fax purchase orders.");
  await page.keyboard.press("Tab");
  await expect(field(page, `Quote ${count + 1} name`)).toBeFocused();
  await page.keyboard.type("Priya, Procurement");
  // Its optional photo's drop zone (docs/decisions/0057), then its buttons.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: `Drop an image here or choose a file for quote ${count + 1} photo` })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: `Move up quote ${count + 1}` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: `Move up quote ${count}` })).toBeFocused();
  await expect(field(page, `Quote ${count}`)).toHaveValue("We still fax purchase orders.");
  const quotes = preview(page).getByRole("list", { name: problems.listLabel }).getByRole("listitem");
  await expect(quotes.nth(count - 1)).toContainText("We still fax purchase orders.");
  await expect(quotes.nth(count)).toContainText(problems.messages[count - 1]!.text);

  // Not public until published.
  const home = await (await browser.newContext({ baseURL: server.url })).newPage();
  await home.goto("/");
  await expect(home.getByRole("heading", { level: 2, name: whoWeAre.title })).toBeVisible();
  await page.getByRole("button", { name: "Publish changes" }).focus();
  await page.keyboard.press("Enter");
  await expect(toastText(page, "Changes published")).toBeVisible(AFTER_SAVE);
  await home.reload();
  await expect(home.getByRole("heading", { level: 2, name: "Engineers who ship" })).toBeVisible();
  await expect(home.getByRole("heading", { level: 2, name: whoWeAre.title })).toHaveCount(0);
  const published = home.getByRole("list", { name: problems.listLabel }).getByRole("listitem");
  await expect(published).toHaveCount(count + 1);
  await expect(published.nth(count - 1)).toContainText("We still fax purchase orders.");
  await expect(published.nth(count - 1)).toContainText("Priya, Procurement");
  await home.context().close();
  await context.close();
});

test("a bad company link is refused on its field, with what was typed kept", async ({ browser }) => {
  const { context, page } = await server.signedIn(browser);
  await openEditor(page);
  await field(page, "Trusted by heading").fill("Teams that trust us");
  // The browser's own check of a web address is passed by; the server's message is the one shown.
  await page.locator("form[aria-label='Landing page content']").evaluate((form) => form.setAttribute("novalidate", ""));
  await field(page, "Company 3 link").fill("quanta labs");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(field(page, "Company 3 link")).toHaveAccessibleDescription(/Company link must be a web address starting with https:\/\/\./, AFTER_SAVE);
  await expect(field(page, "Company 3 link")).toBeFocused();
  await expect(field(page, "Trusted by heading")).toHaveValue("Teams that trust us");
  await expect(page.getByText("Draft not published")).toHaveCount(0);
  await context.close();
});

test("a click on who we are, the pain points, trusted by, the services, the offerings or Before & After in the preview moves the focus to their fields", async ({
  browser,
}) => {
  const { context, page } = await server.signedIn(browser);
  await openEditor(page);
  await preview(page).getByRole("heading", { name: trustedBy.title }).click();
  await expect(field(page, "Trusted by heading")).toBeFocused();
  await preview(page).getByRole("heading", { name: "Engineers who ship" }).click();
  await expect(field(page, "Who we are label")).toBeFocused();
  await preview(page).getByRole("heading", { name: problems.title }).click();
  await expect(field(page, "Pain points label")).toBeFocused();
  await preview(page).getByRole("heading", { name: offerings.title }).click();
  await expect(field(page, "Offerings label")).toBeFocused();
  await preview(page).getByRole("heading", { name: services.title }).click();
  await expect(field(page, "Services label")).toBeFocused();
  await preview(page).getByRole("heading", { name: comparisonCopy.title }).click();
  await expect(field(page, "Before & After label")).toBeFocused();
  await context.close();
});

test("axe finds nothing on /admin/site with the new sections' fields at 390 and 1440 px", async ({ browser }) => {
  const { context, page } = await server.signedIn(browser);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    await openEditor(page);
    await expect(page.getByRole("group", { name: "Trusted by" })).toBeVisible();
    await expect(preview(page).getByRole("heading", { level: 1 })).toBeVisible();
    // The preview frame is the landing page, scanned with the editor in admin-site-landing's axe test.
    expect(await axeViolations(page, { exclude: [PREVIEW_FRAME] })).toEqual([]);
  }
  await context.close();
});

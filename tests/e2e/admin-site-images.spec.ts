import { expect, test, type Page } from "@playwright/test";
import { processSection, problems } from "../../app/content/landing";
import { pngBytes, toastText } from "./support/admin";
import { axeViolations } from "./support/axe";
import { ownServerForSpec } from "./support/own-server";
import { preview, openEditor, PREVIEW_FRAME } from "./support/site-editor";

/**
 * The landing page's images (docs/decisions/0057), on a server of their own (publishing changes
 * the home page every other spec reads): a process step's illustration and a pain point's photo
 * uploaded with the keyboard alone through the one upload pipeline, shown in the preview, public
 * once published with the pipeline's WebP variants; 'Remove' brings the shipped illustration back.
 */
const ADMIN = { email: "images-admin@studio.test", password: "images-admin-password-42" };
const server = ownServerForSpec("images", ADMIN);

test.describe.configure({ mode: "serial", timeout: 150_000 });

const UPLOADED_WEBP = /^\/uploads\/blog-images\/(?:testimonials\/)?[0-9a-f-]{36}-(480|960)\.webp$/;

/** Presses Enter on the focused drop zone and gives the file chooser it opens an image. */
async function chooseWithEnter(page: Page, color: string) {
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Enter");
  await (await chooser).setFiles({ name: "picture.png", mimeType: "image/png", buffer: await pngBytes(800, 440, color) });
}

test("an illustration and a photo uploaded with the keyboard alone: shown in the preview, then on the home page once published", async ({ browser }) => {
  const { context, page } = await server.signedIn(browser);
  // File choosers are intercepted from the start: a key press can beat the interception a later listener turns on.
  page.on("filechooser", () => undefined);
  await openEditor(page);
  const firstStep = processSection.steps[0]!;

  // From the step's illustration text, Tab reaches its drop zone; Enter opens the file chooser.
  await page.getByRole("textbox", { name: "Step 1 illustration text", exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Drop an image here or choose a file for step 1 illustration" })).toBeFocused();
  await chooseWithEnter(page, "#7b61ff");
  await expect(toastText(page, "Image uploaded")).toBeVisible();
  await expect(page.getByRole("img", { name: "Step 1 illustration preview" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Replace step 1 illustration" })).toBeFocused();

  // The preview shows the draft's illustration, as the home page will: the WebP variants.
  const step = preview(page).locator('section[aria-labelledby="process-title"] ol > li').first().getByRole("img", { name: firstStep.imageAlt });
  await expect(step).toHaveAttribute("src", UPLOADED_WEBP);
  await expect(step).toHaveAttribute("srcset", /-480\.webp 480w, .*-960\.webp 960w, .*-1600\.webp 1600w$/);

  // A pain point's photo, from its name field.
  await page.getByRole("textbox", { name: "Quote 1 name", exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Drop an image here or choose a file for quote 1 photo" })).toBeFocused();
  await chooseWithEnter(page, "#22d3ee");
  await expect(page.getByRole("img", { name: "Quote 1 photo preview" })).toBeVisible();
  const quote = preview(page).getByRole("list", { name: problems.listLabel }).getByRole("listitem").first();
  await expect(quote.locator("img")).toHaveAttribute("src", UPLOADED_WEBP);

  // Published from the keyboard (its toast may wait behind the uploads' ones: the answer is awaited).
  await page.getByRole("button", { name: "Publish changes" }).focus();
  const published = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/site") && !r.url().includes("preview"),
  );
  await page.keyboard.press("Enter");
  expect((await published).status()).toBeLessThan(400);
  await expect(page.getByRole("button", { name: "Publish changes" })).toBeEnabled();

  // The home page, server-rendered: the variants with width and height, lazy; the other steps keep theirs.
  await page.goto("/");
  const shown = page.locator('section[aria-labelledby="process-title"] ol > li').first().getByRole("img", { name: firstStep.imageAlt });
  await expect(shown).toHaveAttribute("src", UPLOADED_WEBP);
  await expect(shown).toHaveAttribute("srcset", /-480\.webp 480w, .*-960\.webp 960w, .*-1600\.webp 1600w$/);
  await expect(shown).toHaveAttribute("width", "400");
  await expect(shown).toHaveAttribute("height", "220");
  await expect(shown).toHaveAttribute("loading", "lazy");
  await shown.scrollIntoViewIfNeeded();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('section[aria-labelledby="process-title"] ol > li').nth(1).locator("img")).toHaveAttribute("src", processSection.steps[1]!.image);
  await expect(page.getByRole("list", { name: problems.listLabel }).getByRole("listitem").first().locator("img")).toHaveAttribute("src", UPLOADED_WEBP);

  // 'Remove' brings the shipped illustration back in the preview; the zone takes the focus.
  await openEditor(page);
  await page.getByRole("button", { name: "Remove step 1 illustration" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Drop an image here or choose a file for step 1 illustration" })).toBeFocused();
  await expect(step).toHaveAttribute("src", firstStep.image);
  await context.close();
});

test("axe finds nothing on /admin/site with uploaded images at 390 and 1440 px", async ({ browser }) => {
  // The form is long (every section's fields): axe takes a while on it at each width.
  test.setTimeout(300_000);
  const { context, page } = await server.signedIn(browser);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 });
    await openEditor(page);
    await expect(page.getByRole("img", { name: "Step 1 illustration preview" })).toBeVisible();
    await expect(preview(page).getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByRole("img", { name: "Step 1 illustration preview" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/landing-images-${width}.png`, fullPage: false });
    // The preview frame is the landing page, scanned with the editor in admin-site-landing's axe test.
    expect(await axeViolations(page, { exclude: [PREVIEW_FRAME] })).toEqual([]);
  }
  await context.close();
});

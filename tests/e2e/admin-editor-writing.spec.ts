import { expect, test, type Locator, type Page } from "@playwright/test";
import { errorToast, hydrated, pngBytes, toastText, unique } from "./support/admin";
import { actionBar, content, editorSuite, sendImages } from "./support/editor";
import { slugOf } from "./support/post-form";

/* Writing in the post editor: the formatting toolbar and its shortcuts, the live preview, the word count, and images dropped, pasted or picked into the text. */

test.describe.configure({ mode: "serial" });

const { adminPage, createPost } = editorSuite();

const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Formatting" });
const tool = (page: Page, name: string) => toolbar(page).getByRole("button", { name, exact: true });

/** Selects `start`..`end` of the content field (the caret when they are equal). */
async function select(field: Locator, start: number, end = start) {
  await field.evaluate(
    (el, [a, b]) => {
      const area = el as HTMLTextAreaElement;
      area.focus();
      area.setSelectionRange(a!, b!);
    },
    [start, end],
  );
}

test("the toolbar and Ctrl+B, I, K write markdown around the selection, undo takes it back, and the live preview follows", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/blog/new");
  await hydrated(page);
  for (const name of ["Heading", "Bold", "Italic", "Link", "List", "Quote", "Code", "Image"]) await expect(tool(page, name)).toBeVisible();

  const field = content(page);
  await field.fill("alpha beta gamma");
  await select(field, 0, 5);
  await tool(page, "Bold").click();
  await expect(field).toHaveValue("**alpha** beta gamma");
  // One typed step: the browser's undo takes it back.
  await field.press("ControlOrMeta+z");
  await expect(field).toHaveValue("alpha beta gamma");
  await select(field, 0, 5);
  await field.press("Control+b");
  await expect(field).toHaveValue("**alpha** beta gamma");
  await select(field, 10, 14);
  await field.press("Control+i");
  await expect(field).toHaveValue("**alpha** _beta_ gamma");
  await select(field, 17, 22);
  await field.press("Control+k");
  await expect(field).toHaveValue("**alpha** _beta_ [gamma](url)");
  // The url is selected: typing replaces it.
  await field.pressSequentially("https://example.com");
  await expect(field).toHaveValue("**alpha** _beta_ [gamma](https://example.com)");

  await field.fill("Title line\none\ntwo\n\nnpm ci");
  await select(field, 3);
  await tool(page, "Heading").click();
  await expect(field).toHaveValue("## Title line\none\ntwo\n\nnpm ci");
  await select(field, 14, 21);
  await tool(page, "List").click();
  await expect(field).toHaveValue("## Title line\n- one\n- two\n\nnpm ci");
  await tool(page, "Quote").click();
  await expect(field).toHaveValue("## Title line\n> - one\n> - two\n\nnpm ci");
  await select(field, 31, 37);
  await tool(page, "Code").click();
  await expect(field).toHaveValue("## Title line\n> - one\n> - two\n\n`npm ci`");

  // Beside the text once asked for, rendered as the public page renders it.
  const live = page.getByRole("region", { name: "Live preview" });
  await expect(live).toHaveCount(0);
  await page.getByRole("button", { name: "Side-by-side preview" }).click();
  await expect(live.getByRole("heading", { level: 2, name: "Title line" })).toBeVisible();
  await expect(live.locator("blockquote li")).toHaveText(["one", "two"]);
  await expect(live.locator("code")).toHaveText("npm ci");
  await field.fill("## A changed heading\n\nA **strong** word.");
  await expect(live.getByRole("heading", { level: 2, name: "A changed heading" })).toBeVisible();
  await expect(live.locator("strong")).toHaveText("strong");
  await expect(live.getByRole("heading", { name: "Title line" })).toHaveCount(0);
  await context.close();
});

test("word count and read time follow the text as the public read time counts it @phone", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/blog/new");
  await hydrated(page);
  const stats = page.locator("#field-content-stats");
  await expect(stats).toHaveText("0 words · 1 min read");
  await content(page).fill("one");
  await expect(stats).toHaveText("1 word · 1 min read");
  // 5 + 700 words: 705 / 230 rounds to 3 minutes, as the public page says.
  await content(page).fill(`## Heading\n\nSome **bold** words.\n\n${"word ".repeat(700)}`);
  await expect(stats).toHaveText("705 words · 3 min read");
  await expect(content(page)).toHaveAccessibleDescription(/705 words · 3 min read/);
  await context.close();
});

test("images dropped, pasted or picked upload and insert their markdown at the caret, which the public page renders; a refused one keeps the text", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await adminPage(browser);
  const title = unique("Editor images");
  await createPost(page, title, "Intro paragraph.", true);
  const field = content(page);
  const png = (await pngBytes(64, 40)).toString("base64");

  // The first upload is held on its way to the (real) server, to see what shows meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/admin/upload", async (route) => {
    await held;
    await route.continue();
  });
  await select(field, "Intro paragraph.".length);
  await sendImages(field, "drop", [{ name: "dropped-photo.png", type: "image/png", base64: png }]);
  await expect(field).toHaveValue(/^Intro paragraph\.\n!\[Uploading image\.\.\.\]\(#upload-\d+\)$/);
  await expect(page.getByText("Uploading image...", { exact: true })).toBeVisible();
  release();
  await expect(field).toHaveValue(/^Intro paragraph\.\n!\[dropped photo\]\(\/[^)\s]+\)$/);
  await expect(page.getByText("Uploading image...", { exact: true })).toHaveCount(0);
  await page.unroute("**/api/admin/upload");

  await sendImages(field, "paste", [{ name: "pasted_shot.png", type: "image/png", base64: png }]);
  await expect(field).toHaveValue(/^Intro paragraph\.\n!\[dropped photo\]\(\/[^)\s]+\)\n!\[pasted shot\]\(\/[^)\s]+\)$/);

  const chooser = page.waitForEvent("filechooser");
  await tool(page, "Image").click();
  await (await chooser).setFiles({ name: "picked.png", mimeType: "image/png", buffer: await pngBytes(32, 32) });
  await expect(field).toHaveValue(/\n!\[picked\]\(\/[^)\s]+\)$/);
  const withImages = await field.inputValue();

  // Bytes that are no image: the server refuses them, the placeholder goes with the line break it brought, the text as it was.
  await sendImages(field, "drop", [{ name: "fake.png", type: "image/png", base64: Buffer.from("not an image at all").toString("base64") }]);
  await expect(page.getByRole("alert").filter({ hasText: "fake.png could not be uploaded" })).toBeVisible();
  await expect(errorToast(page, "Upload error")).toBeVisible();
  await expect(field).not.toHaveValue(/Uploading image/);
  expect(await field.inputValue()).toBe(withImages);

  await actionBar(page).getByRole("button", { name: "Update Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(toastText(page, "Post updated")).toBeVisible();
  const reader = await browser.newContext();
  const publicPage = await reader.newPage();
  await publicPage.goto(`/blog/${slugOf(title)}`);
  for (const alt of ["dropped photo", "pasted shot", "picked"]) {
    const image = publicPage.getByRole("img", { name: alt, exact: true });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
  await reader.close();
  await context.close();
});

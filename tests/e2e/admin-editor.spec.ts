import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { adminState, errorToast, hydrated, pngBytes, toastText, trashPosts, unique } from "./support/admin";

test.describe.configure({ mode: "serial" });

let statePath = "";
/** Posts made here, moved to the trash afterwards. */
const made: string[] = [];

test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});

test.afterAll(({ browser }) => trashPosts(browser, statePath, made));

async function adminPage(browser: Browser) {
  const context = await browser.newContext({ storageState: statePath });
  return { context, page: await context.newPage() };
}

const slugOf = (title: string) => title.toLowerCase().replace(/\s+/g, "-");
const content = (page: Page) => page.getByLabel("Content (Markdown)");
const toolbar = (page: Page) => page.getByRole("toolbar", { name: "Formatting" });
const tool = (page: Page, name: string) => toolbar(page).getByRole("button", { name, exact: true });
const actionBar = (page: Page) => page.getByRole("region", { name: "Post actions" });

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

/** Fills the required fields of a new post and saves it; returns its id (for the trash afterwards). */
async function createPost(page: Page, title: string, body: string, published: boolean) {
  await page.goto("/admin/blog/new");
  await hydrated(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Slug").fill(slugOf(title));
  await page.getByLabel("Category").fill("Editor");
  await content(page).fill(body);
  if (published) await page.getByRole("switch", { name: "Published" }).check();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(toastText(page, "Post created")).toBeVisible();
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
  const id = /\/admin\/blog\/edit\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  if (!id) throw new Error(`not on an edit form: ${page.url()}`);
  made.push(id);
  await hydrated(page);
  return id;
}

/** Sends `files` (name and PNG bytes, base64) to the content field as a drop or as a paste, as the browser would. */
async function sendImages(field: Locator, kind: "drop" | "paste", files: { name: string; type: string; base64: string }[]) {
  await field.evaluate(
    (el, { kind, files }) => {
      const data = new DataTransfer();
      for (const file of files) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        data.items.add(new File([bytes], file.name, { type: file.type }));
      }
      const event =
        kind === "drop"
          ? new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true })
          : new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true });
      el.dispatchEvent(event);
    },
    { kind, files },
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

  // Beside the text, rendered as the public page renders it.
  const live = page.getByRole("region", { name: "Live preview" });
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

test("the action bar stays in view from the top to the bottom of a long post, rests below the form, and offers View post and Cancel @phone", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await adminPage(browser);
  const title = unique("Editor long post");
  const paragraphs = Array.from({ length: 120 }, (_, i) => `Paragraph ${i + 1} of a long post.`).join("\n\n");
  await createPost(page, title, paragraphs, true);
  const bar = actionBar(page);
  await expect(bar.getByText("Published", { exact: true })).toBeVisible();

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar.getByRole("button", { name: "Update Post" })).toBeInViewport({ ratio: 1 });
  // Somewhere in the middle of the content.
  await content(page).evaluate((el) => el.scrollIntoView({ block: "center" }));
  await expect(bar.getByRole("button", { name: "Update Post" })).toBeInViewport({ ratio: 1 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(bar.getByRole("button", { name: "Update Post" })).toBeInViewport({ ratio: 1 });
  await expect(bar.getByRole("link", { name: "View post" })).toBeInViewport({ ratio: 1 });
  // At the bottom it sits below the last of the form: nothing is hidden behind it. The live
  // preview beside the text (at this width) may arrive after the scroll and lengthen the page
  // (a clean-clone run measured the form's end 585 px below the bar): to the end again until then.
  for (const last of [page.getByRole("switch", { name: "Featured" }), page.getByRole("button", { name: "History" })]) {
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const box = (await last.boundingBox())!;
        return box.y + box.height - (await bar.boundingBox())!.y;
      })
      .toBeLessThanOrEqual(0);
  }

  const view = bar.getByRole("link", { name: "View post" });
  await expect(view).toHaveAttribute("href", `/blog/${slugOf(title)}`);
  const [publicPage] = await Promise.all([page.waitForEvent("popup"), view.click()]);
  await expect(publicPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await publicPage.close();

  await bar.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await context.close();
});

test("a draft has no View post; a new post's bar says Draft and Create Post", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/blog/new");
  await expect(actionBar(page).getByText("Draft", { exact: true })).toBeVisible();
  await expect(actionBar(page).getByRole("button", { name: "Create Post" })).toBeVisible();
  await expect(actionBar(page).getByRole("link", { name: "View post" })).toHaveCount(0);
  await context.close();
});

/** The error summary at the top of a form. */
const summary = (page: Page) => page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });

test("post form: a refused save lists the errors at the top, focuses the first invalid field, and each error clears once corrected @phone", async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/blog/new");
  await hydrated(page);
  // The browser's checks: every empty required field, in the order of the form.
  await actionBar(page).getByRole("button", { name: "Create Post" }).click();
  await expect(summary(page).getByRole("link")).toHaveText([
    "Title is required.",
    "Content (Markdown) is required.",
    "Slug is required.",
    "Category is required.",
  ]);
  await expect(page.getByLabel("Title", { exact: true })).toBeFocused();
  await expect(page.getByLabel("Title", { exact: true })).toBeInViewport();
  await expect(page.getByLabel("Title", { exact: true })).toHaveAttribute("aria-invalid", "true");

  const title = unique("Editor errors");
  await page.getByLabel("Title", { exact: true }).fill(title);
  // The slug follows the title, so its error goes too.
  await expect(summary(page).getByRole("link")).toHaveText(["Content (Markdown) is required.", "Category is required."]);
  await expect(page.getByLabel("Title", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#field-title-error")).toHaveCount(0);

  await summary(page).getByRole("link", { name: "Category is required." }).click();
  await expect(page.getByLabel("Category")).toBeFocused();
  await page.getByLabel("Category").fill("Editor");
  await content(page).fill("Body of the post.");
  await expect(summary(page)).toHaveCount(0);

  // The server's checks: a slug the browser lets through.
  await page.getByLabel("Slug").fill("Not A Slug!");
  await actionBar(page).getByRole("button", { name: "Create Post" }).click();
  await expect(errorToast(page, "Error saving post")).toBeVisible();
  // Seen twice in CI (once in ~3 runs, never here): the toast shown but no summary. What the page
  // showed then goes into the failure, to tell a refusal without field errors from a lost one.
  await expect(summary(page).getByRole("link"))
    .toHaveText([/^Slug may only contain lower-case letters/])
    .catch(async (error: Error) => {
      const slug = page.getByLabel("Slug");
      const state = {
        url: page.url(),
        alerts: await page.getByRole("alert").allInnerTexts(),
        slug: (await slug.count()) ? { value: await slug.inputValue(), invalid: await slug.getAttribute("aria-invalid") } : "no slug field",
        heading: await page.getByRole("heading", { level: 1 }).allInnerTexts(),
      };
      throw new Error(`${error.message}\nPage then: ${JSON.stringify(state)}`);
    });
  await expect(page.getByLabel("Slug")).toBeFocused();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  // The field's 'change' from leaving it to press the button may be handled after the refusal has
  // arrived (a busy machine): the value the server judged is unchanged, so its verdict stays.
  await page.getByLabel("Slug").evaluate(async (slug) => {
    slug.dispatchEvent(new Event("change", { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
  expect(await summary(page).getByRole("link").allTextContents()).toEqual([expect.stringMatching(/^Slug may only contain lower-case letters/)]);
  await page.getByLabel("Slug").fill(slugOf(title));
  await expect(summary(page)).toHaveCount(0);
  await expect(page.getByLabel("Slug")).not.toHaveAttribute("aria-invalid", "true");
  await context.close();
});

test("team and testimonial forms: the same summary, focus and clearing, for the browser's checks and the server's @phone", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/team/new");
  await hydrated(page);
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(summary(page).getByRole("link")).toHaveText(["Name is required.", "Position is required."]);
  await expect(page.getByLabel("Name")).toBeFocused();
  await page.getByLabel("Name").fill("Editor Test Person");
  await expect(summary(page).getByRole("link")).toHaveText(["Position is required."]);
  // Blank is not empty for the browser; the server trims it and refuses.
  await page.getByLabel("Position").fill("   ");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(summary(page).getByRole("link")).toHaveText(["Position is required."]);
  await expect(page.getByLabel("Position")).toBeFocused();
  await expect(page.getByLabel("Name")).toHaveValue("Editor Test Person");
  await page.getByLabel("Position").fill("Tester");
  await expect(summary(page)).toHaveCount(0);

  await page.goto("/admin/testimonials/new");
  await hydrated(page);
  await page.getByLabel("Name").fill("Editor Quote Person");
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(summary(page).getByRole("link")).toHaveText(["Company is required.", "Quote is required."]);
  await expect(page.getByLabel("Company")).toBeFocused();
  await summary(page).getByRole("link", { name: "Quote is required." }).click();
  await expect(page.getByLabel("Quote")).toBeFocused();
  await page.getByLabel("Quote").fill("Good work.");
  await expect(summary(page).getByRole("link")).toHaveText(["Company is required."]);
  await context.close();
});

test("the redirect form lists its errors the same way", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/redirects");
  await hydrated(page);
  await page.getByRole("button", { name: "Add redirect" }).click();
  await expect(summary(page).getByRole("link")).toHaveText(["From is required.", "To is required."]);
  await expect(page.getByLabel("From")).toBeFocused();
  // The server's rule: a path, not an address.
  await page.getByLabel("From").fill("old-address");
  await page.getByLabel("To").fill("/blog");
  await expect(summary(page)).toHaveCount(0);
  await page.getByRole("button", { name: "Add redirect" }).click();
  await expect(summary(page).getByRole("link")).toHaveText(["From must be a path starting with /."]);
  await expect(page.getByLabel("From")).toBeFocused();
  await context.close();
});

test("axe finds nothing on the editor with its live preview, an upload error and the error summary shown @phone", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const axe = async (what: string) => expect(await axeViolations(page, { bestPractice: false }), what).toEqual([]);
  await page.goto("/admin/blog/new");
  await hydrated(page);
  await content(page).fill("## A heading\n\nSome **bold** text, a [link](https://example.com) and `code`.\n\n> quoted");
  await sendImages(content(page), "drop", [{ name: "fake.png", type: "image/png", base64: Buffer.from("no image").toString("base64") }]);
  await expect(page.getByRole("alert").filter({ hasText: "fake.png could not be uploaded" })).toBeVisible();
  await actionBar(page).getByRole("button", { name: "Create Post" }).click();
  await expect(summary(page)).toBeVisible();
  await axe("new post form with errors");
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(page.getByRole("tabpanel").getByRole("heading", { name: "A heading" })).toBeVisible();
  await axe("Preview tab");
  await context.close();
});

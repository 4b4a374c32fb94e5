import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { adminState, errorToast, hydrated, pngBytes, toastText, trashPosts, unique } from "./support/admin";

/* The post form's cover drop zone, 'Cover image alt text' and 'SEO' section, and what reaches the public page. */

test.describe.configure({ mode: "serial" });

let statePath = "";
/** Posts made here, moved to the trash afterwards. */
const made: string[] = [];

test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});

test.afterAll(({ browser }) => trashPosts(browser, statePath, made));

const slugOf = (title: string) => title.toLowerCase().replace(/\s+/g, "-");
const UPLOADED = /^\/uploads\/blog-images\/[0-9a-f-]{36}\.png$/;

async function adminPage(browser: Browser) {
  const context = await browser.newContext({ storageState: statePath });
  return { context, page: await context.newPage() };
}

async function newPostForm(page: Page, title: string) {
  await page.goto("/admin/blog/new");
  await hydrated(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Slug").fill(slugOf(title));
  await page.getByLabel("Category").fill("Automation");
  await page.getByLabel("Content (Markdown)").fill("The body of a post about search results.");
}

/** Drops a file on `target` as a browser does: dragenter, dragover and drop carrying a DataTransfer with the file. */
async function dropFile(page: Page, target: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name, mimeType }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: mimeType }));
      return transfer;
    },
    { base64: file.buffer.toString("base64"), name: file.name, mimeType: file.mimeType },
  );
  for (const type of ["dragenter", "dragover", "drop"]) await target.dispatchEvent(type, { dataTransfer });
}

const coverField = (page: Page) => page.locator('input[type="hidden"][name="imageUrl"]');
const dropZone = (page: Page) => page.getByRole("button", { name: "Drop an image here or choose a file" });
const preview = (page: Page) => page.getByRole("img", { name: "Cover preview" });

/** The content attribute of the head's <meta> named `key` (name or property), from the page's HTML as served. */
function metaContent(html: string, key: string) {
  const tag = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`).exec(html);
  return tag?.[1] ?? null;
}

test("a cover is uploaded by drop and by the file chooser, with progress and a preview, then replaced and removed @phone", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  // File choosers are intercepted from the start: a key press can beat the interception a later listener turns on.
  page.on("filechooser", () => undefined);
  await newPostForm(page, unique("Cover dropzone"));
  await expect(dropZone(page)).toBeVisible();
  await expect(coverField(page)).toHaveValue("");

  // Held until the progress is seen: the real server answers once released.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/admin/upload", async (route) => {
    await held;
    await route.continue();
  });
  await dropFile(page, dropZone(page), { name: "dropped.png", mimeType: "image/png", buffer: await pngBytes(96, 64, "#7b61ff") });
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await expect(page.getByText("Uploading...")).toBeVisible();
  // The chosen file is shown while it travels.
  await expect(preview(page)).toHaveAttribute("src", /^blob:/);
  release();
  await expect(toastText(page, "Image uploaded")).toBeVisible();
  await expect(page.getByRole("status").getByText("Cover image uploaded successfully.")).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByText("Uploading...")).toHaveCount(0);
  await expect(coverField(page)).toHaveValue(UPLOADED);
  const dropped = await coverField(page).inputValue();
  await expect(preview(page)).toHaveAttribute("src", dropped);
  await page.unroute("**/api/admin/upload");

  // 'Replace' opens the file chooser; the new upload takes the old one's place.
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Replace" }).click();
  await (await chooser).setFiles({ name: "chosen.png", mimeType: "image/png", buffer: await pngBytes(80, 45, "#22d3ee") });
  await expect(coverField(page)).not.toHaveValue(dropped);
  await expect(coverField(page)).toHaveValue(UPLOADED);
  await expect(preview(page)).toHaveAttribute("src", await coverField(page).inputValue());

  // A file dropped on the preview replaces it too.
  const replaced = await coverField(page).inputValue();
  await dropFile(page, page.locator('[data-dropzone="cover"]'), { name: "again.png", mimeType: "image/png", buffer: await pngBytes(64, 36, "#f59e0b") });
  await expect(coverField(page)).not.toHaveValue(replaced);
  await expect(coverField(page)).toHaveValue(UPLOADED);

  // 'Remove' empties the field and brings the drop zone back; the keyboard opens the chooser from it.
  await page.getByRole("button", { name: "Remove" }).click();
  await expect(coverField(page)).toHaveValue("");
  await expect(preview(page)).toHaveCount(0);
  await dropZone(page).focus();
  const byKeyboard = page.waitForEvent("filechooser");
  await page.keyboard.press("Enter");
  await (await byKeyboard).setFiles({ name: "typed.png", mimeType: "image/png", buffer: await pngBytes() });
  await expect(coverField(page)).toHaveValue(UPLOADED);
  await context.close();
});

test("a refused file says why beside the drop zone (and in SPEC's 'Upload error' toast); the cover is unchanged", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await newPostForm(page, unique("Cover refused"));
  const fileInput = page.getByLabel("Cover Image", { exact: true });

  // Not an image at all: refused in the browser.
  await dropFile(page, dropZone(page), { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("plain words") });
  const notImage = page.locator("form").getByText("Only images can be uploaded: choose a JPEG, PNG, WebP, AVIF or GIF file.", { exact: true });
  await expect(notImage).toBeVisible();
  await expect(errorToast(page, "Upload error")).toBeVisible();
  await expect(fileInput).toHaveAttribute("aria-invalid", "true");
  await expect(fileInput).toHaveAccessibleDescription(/Only images can be uploaded/);

  // Named and typed as a PNG, but HTML inside: the server checks the bytes.
  await dropFile(page, dropZone(page), { name: "evil.png", mimeType: "image/png", buffer: Buffer.from("<html><script>alert(1)</script></html>") });
  await expect(page.locator("form").getByText("The file is not an image we accept (JPEG, PNG, WebP, AVIF or GIF).", { exact: true })).toBeVisible();
  await expect(notImage).toHaveCount(0);
  await expect(coverField(page)).toHaveValue("");

  // A good file clears the error.
  await fileInput.setInputFiles({ name: "good.png", mimeType: "image/png", buffer: await pngBytes() });
  await expect(coverField(page)).toHaveValue(UPLOADED);
  await expect(fileInput).not.toHaveAttribute("aria-invalid", "true");
  await context.close();
});

test("an image over 10 MB is refused in the browser before a byte is sent: the cover, an image in the content and a team photo", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/admin/upload") uploads.push(request.method());
  });
  const huge = { name: "huge.png", mimeType: "image/png", buffer: Buffer.concat([await pngBytes(), Buffer.alloc(10 * 1024 * 1024)]) };
  const tooLarge = "The image is larger than 10 MB.";

  await newPostForm(page, unique("Cover too large"));
  await page.getByLabel("Cover Image", { exact: true }).setInputFiles(huge);
  await expect(page.locator("form").getByText(tooLarge, { exact: true })).toBeVisible();
  await expect(coverField(page)).toHaveValue("");

  const content = page.getByLabel("Content (Markdown)");
  await content.fill("Intro.");
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Image", exact: true }).click();
  await (await chooser).setFiles(huge);
  await expect(page.getByRole("alert").filter({ hasText: `huge.png could not be uploaded: ${tooLarge}` })).toBeVisible();
  await expect(content).not.toHaveValue(/Uploading image/);
  expect(await content.inputValue()).toBe("Intro.");

  await page.goto("/admin/team/new");
  await hydrated(page);
  await page.getByLabel("Photo").setInputFiles(huge);
  await expect(page.getByRole("alert").filter({ hasText: tooLarge })).toBeVisible();
  expect(uploads).toEqual([]);
  await context.close();
});

test("alt text and SEO overrides: live counters and preview, the server's limit, then the public page's HTML uses them @phone", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { context, page } = await adminPage(browser);
  const title = unique("Search preview post");
  const slug = slugOf(title);
  await newPostForm(page, title);
  await page.getByLabel("Excerpt").fill("The excerpt that search results fall back to.");
  await page.getByLabel("Cover Image", { exact: true }).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await pngBytes() });
  await expect(coverField(page)).toHaveValue(UPLOADED);

  const section = page.getByRole("region", { name: "SEO" });
  const result = section.getByRole("figure", { name: "Search result preview" });
  // Empty overrides preview the fallbacks: the title with the brand, the address, the excerpt.
  await expect(result).toContainText(`${title} | `);
  await expect(result).toContainText(`${new URL(baseURL!).origin}/blog/${slug}`);
  await expect(result).toContainText("The excerpt that search results fall back to.");
  await expect(section.getByText("0 / 60", { exact: true })).toBeVisible();
  await expect(section.getByText("0 / 160", { exact: true })).toBeVisible();

  // The preview follows the post's own fields as they are typed.
  await page.getByLabel("Excerpt").fill("A newer excerpt.");
  await expect(result).toContainText("A newer excerpt.");

  const metaTitle = `Agents that read invoices ${unique("t").split(" ")[1]}`;
  const metaDescription = "How a finance team let agents match invoices against orders, and what they check by hand.";
  await page.getByLabel("Meta title").fill(metaTitle);
  await expect(section.getByText(`${metaTitle.length} / 60`, { exact: true })).toBeVisible();
  await expect(result).toContainText(metaTitle);
  await expect(result).not.toContainText(`${title} | `);
  await page.getByLabel("Meta description").fill(metaDescription);
  await expect(section.getByText(`${metaDescription.length} / 160`, { exact: true })).toBeVisible();
  await expect(result).toContainText(metaDescription);
  await expect(result).not.toContainText("A newer excerpt.");
  await expect(page.getByLabel("Meta title")).toHaveAccessibleDescription(`${metaTitle.length} / 60`);

  // Past 60 the counter warns; past 70 the server refuses, naming the field.
  const tooLong = "A meta title that goes on well past what any search engine would ever show";
  await page.getByLabel("Meta title").fill(tooLong);
  await expect(section.getByText(`${tooLong.length} / 60 · too long: search results cut it after about 60 characters`)).toBeVisible();
  await page.getByLabel("Cover image alt text").fill("A violet square standing in for a photo of invoices");
  await page.getByRole("switch", { name: "Published" }).check();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(errorToast(page, "Error saving post")).toBeVisible();
  await expect(page.locator("form").getByText("Meta title must be at most 70 characters.")).toBeVisible();
  await expect(page.getByLabel("Meta title")).toHaveAccessibleDescription(/Meta title must be at most 70 characters\./);
  await expect(page.getByLabel("Meta title")).toHaveAttribute("aria-invalid", "true");
  // The typed values stay, the cover and its alt text included.
  await expect(page.getByLabel("Meta title")).toHaveValue(tooLong);
  await expect(page.getByLabel("Meta description")).toHaveValue(metaDescription);
  await expect(page.getByLabel("Cover image alt text")).toHaveValue("A violet square standing in for a photo of invoices");
  await expect(coverField(page)).toHaveValue(UPLOADED);

  await page.getByLabel("Meta title").fill(metaTitle);
  // On a phone the error toast sits over the submit button: dismissed, as a person would.
  await page.getByRole("alert").getByRole("button", { name: "Dismiss notification" }).click();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(toastText(page, "Post created")).toBeVisible();
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  await expect(page.getByLabel("Meta title")).toHaveValue(metaTitle);
  const id = /\/admin\/blog\/edit\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  if (id) made.push(id);

  const response = await page.request.get(`/blog/${slug}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const alt = "A violet square standing in for a photo of invoices";
  expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(metaTitle);
  expect(metaContent(html, "description")).toBe(metaDescription);
  expect(metaContent(html, "og:title")).toBe(metaTitle);
  expect(metaContent(html, "og:description")).toBe(metaDescription);
  expect(metaContent(html, "twitter:title")).toBe(metaTitle);
  expect(metaContent(html, "twitter:description")).toBe(metaDescription);
  expect(metaContent(html, "og:image:alt")).toBe(alt);
  expect(metaContent(html, "twitter:image:alt")).toBe(alt);
  expect(html).toContain(`<img src="/uploads/blog-images/`);
  expect(html).toMatch(new RegExp(`<img [^>]*alt="${alt}"`));
  expect(html).toContain(`"headline":"${metaTitle}"`);
  // The visible heading stays the post's title.
  expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));

  // The blog list's card names its cover by the alt text too.
  const list = await (await page.request.get(`/blog?q=${encodeURIComponent(title)}`)).text();
  expect(list).toMatch(new RegExp(`<img [^>]*alt="${alt}"`));
  await context.close();
});

test("emptied overrides fall back to the post's title and excerpt on the public page; the cover is decorative again", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const title = unique("Fallback post");
  await newPostForm(page, title);
  await page.getByLabel("Excerpt").fill("Only the excerpt describes this one.");
  await page.getByLabel("Cover Image", { exact: true }).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await pngBytes() });
  await expect(coverField(page)).toHaveValue(UPLOADED);
  await page.getByRole("switch", { name: "Published" }).check();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  const id = /\/admin\/blog\/edit\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  if (id) made.push(id);

  const html = await (await page.request.get(`/blog/${slugOf(title)}`)).text();
  expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toMatch(new RegExp(`^${title} \\| `));
  expect(metaContent(html, "description")).toBe("Only the excerpt describes this one.");
  expect(metaContent(html, "og:image:alt")).toBeNull();
  expect(html).toMatch(/<img [^>]*alt=""/);
  await context.close();
});

test("a draft's new cover, alt text and overrides are autosaved and kept in its history", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const title = unique("Autosaved SEO draft");
  await newPostForm(page, title);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await page.getByRole("button", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
  const editPath = new URL(page.url()).pathname;
  made.push(editPath.split("/").pop()!);
  await hydrated(page);

  await page.getByLabel("Cover Image", { exact: true }).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await pngBytes() });
  await expect(coverField(page)).toHaveValue(UPLOADED);
  const cover = await coverField(page).inputValue();
  await page.getByLabel("Cover image alt text").fill("Autosaved alt");
  await page.getByLabel("Meta title").fill("Autosaved meta title");
  await page.getByLabel("Meta description").fill("Autosaved meta description");
  await expect(page.locator('[aria-live="polite"][data-autosave-status]')).toHaveText("Saved");

  await page.goto(editPath);
  await expect(coverField(page)).toHaveValue(cover);
  await expect(page.getByLabel("Cover image alt text")).toHaveValue("Autosaved alt");
  await expect(page.getByLabel("Meta title")).toHaveValue("Autosaved meta title");
  await expect(page.getByLabel("Meta description")).toHaveValue("Autosaved meta description");

  // An explicit save records a revision; 'History' lists the new fields among those it compares.
  await hydrated(page);
  await page.getByLabel("Meta title").fill("Saved meta title");
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await page.goto(`${editPath}/history`);
  const versions = page.getByRole("list", { name: "Versions, newest first" }).getByRole("listitem");
  await expect(versions).toHaveCount(2);
  // The first version (created empty) against the current post: the three fields are among the changes.
  await versions.nth(1).getByRole("link").click();
  await expect(versions.nth(1).getByRole("link")).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("row", { name: /^Cover image alt text/ })).toContainText("Autosaved alt");
  await expect(page.getByRole("row", { name: /^Meta title/ })).toContainText("Saved meta title");
  await expect(page.getByRole("row", { name: /^Meta description/ })).toContainText("Autosaved meta description");
  await context.close();
});

test("the post form with its cover and SEO section has no axe violations", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await newPostForm(page, unique("Axe cover"));
  await page.getByLabel("Cover Image", { exact: true }).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await pngBytes() });
  await expect(coverField(page)).toHaveValue(UPLOADED);
  await page.getByLabel("Meta title").fill("x".repeat(65));
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  await context.close();
});

import { expect, test } from "@playwright/test";
import { errorToast, hydrated, pngBytes, toastText, unique } from "./support/admin";
import { adminSuite } from "./support/admin-suite";
import { slugOf } from "./support/post-form";
import { UPLOADED, coverField, newPostForm } from "./support/seo";
import { axeViolations } from "./support/axe";

/* The post form's 'Cover image alt text' and 'SEO' section: counters and preview as typed, the server's limit, what reaches the public page's HTML, the autosave and history, and axe. */

test.describe.configure({ mode: "serial" });

const { adminPage, made } = adminSuite();

/** The content attribute of the head's <meta> named `key` (name or property), from the page's HTML as served. */
function metaContent(html: string, key: string) {
  const tag = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`).exec(html);
  return tag?.[1] ?? null;
}

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
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});

import { expect, test, type Locator } from "@playwright/test";
import { content, editorSuite } from "./support/editor";
import { hydrated, toastText, unique } from "./support/admin";
import { slugOf } from "./support/post-form";

/* The post editor gives the text room: the writing column, the preview beside it only when asked, publishing first, and the saved toast's link to the post. */

test.describe.configure({ mode: "serial" });

const { adminPage, createPost } = editorSuite();

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not laid out");
  return found;
};

test("at 1440 px the text has the writing column in the prose font; the preview sits beside it only when asked, and the choice is kept", async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/blog/new");
  await hydrated(page);
  const field = content(page);
  await field.fill("## A heading\n\nSome text to read beside the preview.");

  const font = await field.evaluate((el) => getComputedStyle(el).fontFamily);
  expect(font).not.toMatch(/mono/i);
  const alone = await box(field);
  // A measure for prose: over 60 characters of the field's own font a line (it was ~35 beside the preview).
  const perLine = await field.evaluate((el) => {
    const probe = document.createElement("span");
    probe.style.font = getComputedStyle(el).font;
    probe.textContent = "abcdefghijklmnopqrstuvwxyz".repeat(4);
    document.body.append(probe);
    const width = probe.getBoundingClientRect().width / 104;
    probe.remove();
    return el.clientWidth / width;
  });
  expect(perLine).toBeGreaterThan(60);
  await expect(page.getByRole("region", { name: "Live preview" })).toHaveCount(0);

  const beside = page.getByRole("button", { name: "Side-by-side preview" });
  await expect(beside).toHaveAttribute("aria-pressed", "false");
  await beside.click();
  await expect(beside).toHaveAttribute("aria-pressed", "true");
  const live = page.getByRole("region", { name: "Live preview" });
  await expect(live.getByRole("heading", { level: 2, name: "A heading" })).toBeVisible();
  expect((await box(field)).width).toBeLessThan(alone.width * 0.6);

  // Kept in this browser: the next editor opens with the preview beside the text.
  await page.goto("/admin/blog/new");
  await hydrated(page);
  await expect(page.getByRole("button", { name: "Side-by-side preview" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("region", { name: "Live preview" })).toBeVisible();
  await page.getByRole("button", { name: "Side-by-side preview" }).click();
  await expect(page.getByRole("region", { name: "Live preview" })).toHaveCount(0);
  await context.close();
});

test("publishing comes first in the settings, and a draft's preview link is near the top @phone", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await createPost(page, unique("Editor layout draft"), "Draft text.", false);
  const published = await box(page.getByRole("switch", { name: "Published" }));
  const date = await box(page.getByLabel("Publication date"));
  const slug = await box(page.getByLabel("Slug"));
  expect(published.y).toBeLessThan(slug.y);
  expect(date.y).toBeLessThan(slug.y);
  // Tab order follows: the switches come before the slug.
  const order = await page.evaluate(() => {
    const fields = [...document.querySelectorAll<HTMLElement>("[name=published], [name=slug]")];
    return fields.map((el) => el.getAttribute("name"));
  });
  expect(order).toEqual(["published", "slug"]);
  if (test.info().project.name === "desktop") {
    // Under the writing column, not after the whole settings column (it was at y≈1,900).
    const link = await box(page.getByRole("button", { name: "Copy preview link" }));
    expect(link.y).toBeLessThan(slug.y + 900);
    expect(link.x).toBeLessThan(slug.x);
  }
  await context.close();
});

test("after a save the toast links to the post: 'View post' when it is public, 'Edit post' for a draft", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const title = unique("Editor toast");
  await createPost(page, title, "Text of the post.", false);

  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(toastText(page, "Post updated")).toBeVisible();
  const edit = page.getByRole("status").getByRole("link", { name: "Edit post" });
  await expect(edit).toHaveAttribute("href", /\/admin\/blog\/edit\/[0-9a-f-]{36}$/);
  await edit.click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

  await hydrated(page);
  await page.getByRole("switch", { name: "Published" }).check();
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(toastText(page, "Post updated")).toBeVisible();
  const view = page.getByRole("status").getByRole("link", { name: "View post" });
  await expect(view).toHaveAttribute("href", `/blog/${slugOf(title)}`);
  await view.click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await context.close();
});

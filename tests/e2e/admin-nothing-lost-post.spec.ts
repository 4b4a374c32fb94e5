import { expect, test } from "@playwright/test";
import { hydrated, toastText, unique } from "./support/admin";
import { nothingLostSuite, restoreButton, signInAgain } from "./support/nothing-lost";
import { slugOf } from "./support/post-form";

/**
 * Nothing an editor typed into a post is lost by a session that expired before the save: the
 * typed values are kept in the browser, sign-in returns to the form, which offers them back.
 */

test.describe.configure({ mode: "serial" });

const { adminPage, madePosts, draftPost } = nothingLostSuite();

test("a session that expired before 'Update Post' loses nothing: signed in again, the editor is back on the post and restores exactly what was typed", async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser);
  const title = unique("Expired at save");
  const form = await draftPost(page, title, "The stored body.");
  await page.goto(form);
  await hydrated(page);
  const tags = page.getByRole("group", { name: "Tags" });
  const tag = tags.getByRole("button", { pressed: false }).first();
  const tagName = (await tag.textContent())!.trim();

  // The session ends (signed out elsewhere, or expired) while the editor writes.
  await context.clearCookies();
  const typed = {
    title: unique("Retitled after the session ended"),
    slug: slugOf(unique("kept-slug")),
    excerpt: "An excerpt typed after the session ended.",
    content: "First body.\n\nA second paragraph, typed after the session ended,\n  with an indented line and trailing spaces.  \n",
    metaTitle: "A meta title typed late",
  };
  await page.getByLabel("Title", { exact: true }).fill(typed.title);
  await page.getByLabel("Slug").fill(typed.slug);
  await page.getByLabel("Excerpt").fill(typed.excerpt);
  await page.getByLabel("Content (Markdown)").fill(typed.content);
  await page.getByLabel("Meta title").fill(typed.metaTitle);
  await tags.getByRole("button", { name: tagName }).click();
  // Saved at once, before any autosave could run: the save is where the editor finds out.
  await page.getByRole("button", { name: "Update Post" }).click();

  await expect(page).toHaveURL(/\/admin\/auth\?redirectTo=/);
  await signInAgain(page);
  await expect(page).toHaveURL(new RegExp(`${form}$`));
  // The stored post until the editor chooses.
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByRole("region", { name: "This post has changes that were not saved" })).toContainText("kept in this browser");
  await restoreButton(page).click();
  await expect(restoreButton(page)).toHaveCount(0);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(typed.title);
  await expect(page.getByLabel("Slug")).toHaveValue(typed.slug);
  await expect(page.getByLabel("Excerpt")).toHaveValue(typed.excerpt);
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue(typed.content);
  await expect(page.getByLabel("Meta title")).toHaveValue(typed.metaTitle);
  await expect(page.getByLabel("Category")).toHaveValue("Kept");
  await expect(tags.getByRole("button", { name: tagName })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(toastText(page, "Post updated")).toBeVisible();
  // Saved: the post holds what was typed (a save trims the ends, as always), and nothing is offered any more.
  await page.goto(form);
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue(typed.content.trim());
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(typed.title);
  await expect(page.getByLabel("Excerpt")).toHaveValue(typed.excerpt);
  await hydrated(page);
  await expect(restoreButton(page)).toHaveCount(0);
  await context.close();
});

test("a session that expired before 'Create Post' keeps the new post too", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/blog/new");
  await hydrated(page);
  await context.clearCookies();
  const title = unique("Created after the session ended");
  const content = "A new post's body,\n\nwritten while signed out.";
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Category").fill("Kept");
  await page.getByLabel("Content (Markdown)").fill(content);
  await page.getByRole("button", { name: "Create Post" }).click();

  await signInAgain(page);
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  await restoreButton(page).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Slug")).toHaveValue(slugOf(title));
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue(content);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(toastText(page, "Post created")).toBeVisible();
  await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
  const href = await page.getByRole("button", { name: `Edit ${title}` }).getAttribute("href");
  madePosts.push(href!.split("/").pop()!);
  // Created: the new-post form is empty again and offers nothing.
  await page.goto("/admin/blog/new");
  await hydrated(page);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await expect(restoreButton(page)).toHaveCount(0);
  await context.close();
});

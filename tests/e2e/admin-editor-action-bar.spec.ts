import { expect, test } from "@playwright/test";
import { actionBar, content, editorSuite } from "./support/editor";
import { slugOf } from "./support/post-form";
import { unique } from "./support/admin";

/* The post editor's action bar: in view along a long post, below the form at its end, and what it offers a published post and a new one. */

test.describe.configure({ mode: "serial" });

const { adminPage, createPost } = editorSuite();

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
  // The last of each column: the settings end with the SEO fields, the writing column with 'History'.
  for (const last of [page.getByLabel("Meta description"), page.getByRole("button", { name: "History" })]) {
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

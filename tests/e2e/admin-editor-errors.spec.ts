import { expect, test, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { errorToast, hydrated, unique } from "./support/admin";
import { actionBar, content, editorSuite, sendImages } from "./support/editor";
import { slugOf } from "./support/post-form";

/* A refused save in the post, team, testimonial and redirect forms: the error summary at the top, the focus on the first invalid field, each error clearing once corrected; and axe on the editor so shown. */

test.describe.configure({ mode: "serial" });

const { adminPage } = editorSuite();

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
  // Wide enough for the preview beside the text (desktop): with it shown.
  if (test.info().project.name === "desktop") await page.getByRole("button", { name: "Side-by-side preview" }).click();
  await content(page).fill("## A heading\n\nSome **bold** text, a [link](https://example.com) and `code`.\n\n> quoted");
  await sendImages(content(page), "drop", [{ name: "fake.png", type: "image/png", base64: Buffer.from("no image").toString("base64") }]);
  await expect(page.getByRole("alert").filter({ hasText: "fake.png could not be uploaded" })).toBeVisible();
  await actionBar(page).getByRole("button", { name: "Create Post" }).click();
  await expect(summary(page)).toBeVisible();
  if (test.info().project.name === "desktop")
    await expect(page.getByRole("region", { name: "Live preview" }).getByRole("heading", { name: "A heading" })).toBeVisible();
  await axe("new post form with errors");
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(page.getByRole("tabpanel").getByRole("heading", { name: "A heading" })).toBeVisible();
  await axe("Preview tab");
  await context.close();
});

import { expect, test } from "@playwright/test";
import { holdAppEntry, hydrated, unique } from "./support/admin";
import { nothingLostSuite } from "./support/nothing-lost";
import { statusLine } from "./support/post-form";

/**
 * Nothing an editor typed is lost or damaged by typing before the form's script is live: the text
 * is kept exactly as typed, and that is what gets autosaved.
 */

test.describe.configure({ mode: "serial" });

const { adminPage, draftPost } = nothingLostSuite();

test("text typed into the post editor before its script is live is kept exactly as typed, and that is what gets autosaved", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const title = unique("Typed before live");
  const form = await draftPost(page, title, "First body.");
  const { release } = await holdAppEntry(page);
  await page.goto(form, { waitUntil: "commit" });

  // Typed like a person on a slow phone: at the end of the body, the title and the excerpt, and a tag name.
  const content = page.getByLabel("Content (Markdown)");
  await expect(content).toHaveValue("First body.");
  await content.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\n\nTyped X");
  await page.getByLabel("Title", { exact: true }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" (typed early)");
  await page.getByLabel("Excerpt").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" Typed early too.");
  await page.getByLabel("New tag name").click();
  await page.keyboard.type("early-tag");
  await content.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("Y");

  release();
  await hydrated(page);
  const body = "First body.\n\nTyped XY";
  await expect(content).toHaveValue(body);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${title} (typed early)`);
  await expect(page.getByLabel("Excerpt")).toHaveValue("The stored excerpt. Typed early too.");
  // The editor knows the text it holds (its word count), and so does the autosave.
  await expect(page.locator("#field-content-stats")).toContainText("4 words");
  await expect(statusLine(page)).toHaveText("Saved");
  // The form has rendered again since (the status line): still exactly what was typed.
  await expect(content).toHaveValue(body);
  await expect(page.getByLabel("New tag name")).toHaveValue("early-tag");
  // Typing on goes where the caret was.
  await content.press("End");
  await page.keyboard.type("Z");
  await expect(content).toHaveValue(`${body}Z`);

  // What was autosaved (a draft is written to the post) is the typed text, once.
  await expect(statusLine(page)).toHaveText("Unsaved changes");
  await expect(statusLine(page)).toHaveText("Saved");
  await page.reload();
  await expect(content).toHaveValue(`${body}Z`);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${title} (typed early)`);
  await expect(page.getByLabel("Excerpt")).toHaveValue("The stored excerpt. Typed early too.");
  await context.close();
});

import { expect, test, type Page } from "@playwright/test";
import { holdAppEntry, hydrated, unique } from "./support/admin";
import { autosaveSuite } from "./support/autosave";
import { slugOf, statusLine } from "./support/post-form";
import { axeViolations } from "./support/axe";

/* Leaving the post form with unsaved changes asks first, and the typed values kept in the browser are offered back (or discarded), even those typed a moment before leaving or before the page hydrated. */

test.describe.configure({ mode: "serial" });

const { adminPage, createAndEdit } = autosaveSuite();

test("leaving the form with unsaved changes through an admin link asks first @phone", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/blog/new");
  const title = unique("Never saved");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await expect(statusLine(page)).toHaveText("Unsaved changes");

  await page.getByRole("button", { name: "Back to Posts" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

  await page.getByRole("button", { name: "Back to Posts" }).click();
  await dialog.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  // The typed values stayed in this browser: the new-post form offers them back, and 'Discard' forgets them.
  await page.goto("/admin/blog/new");
  await page.getByRole("button", { name: "Restore unsaved changes" }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Slug")).toHaveValue(slugOf(title));
  await expect(statusLine(page)).toHaveText("Unsaved changes");
  // Back to the empty form: nothing unsaved, nothing to ask.
  await page.getByLabel("Title", { exact: true }).fill("");
  await page.getByLabel("Slug").fill("");
  await expect(statusLine(page)).toHaveText("");
  await page.getByRole("button", { name: "Back to Posts" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await context.close();
});

/** Types into the content field and, in the same task (before the form can look at it), does `leave`. */
function typeAndLeave(page: Page, text: string, leave: "reload" | "link") {
  return page.evaluate(
    ([value, how]) => {
      const field = document.querySelector<HTMLTextAreaElement>("#field-content")!;
      field.value = value;
      field.dispatchEvent(new Event("input", { bubbles: true }));
      if (how === "reload") window.location.reload();
      else document.querySelector<HTMLAnchorElement>('a[href="/admin/blog"]')!.click();
    },
    [text, leave] as const,
  );
}

test("a change made a moment before leaving still asks first and is offered back", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const id = await createAndEdit(page, unique("Left at once"), false);
  await hydrated(page);

  // Through an admin link: the confirmation comes although the status line had no time to change.
  const linked = `Typed just before a link ${unique("body")}.`;
  await typeAndLeave(page, linked, "link");
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await page.goto(`/admin/blog/edit/${id}`);
  await page.getByRole("button", { name: "Restore unsaved changes" }).click();
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue(linked);

  // Reloading the tab: the browser asks, and the reloaded form offers the last keystrokes back.
  await expect(statusLine(page)).toHaveText("Saved");
  const reloaded = `Typed just before a reload ${unique("body")}.`;
  const asked: string[] = [];
  page.once("dialog", (prompt) => {
    asked.push(prompt.type());
    void prompt.accept();
  });
  const loaded = page.waitForEvent("load");
  await typeAndLeave(page, reloaded, "reload");
  await loaded;
  expect(asked).toEqual(["beforeunload"]);
  await page.getByRole("button", { name: "Restore unsaved changes" }).click();
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue(reloaded);
  await context.close();
});

test("'Discard' forgets the typed values kept in the browser", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/blog/new");
  await page.getByLabel("Title", { exact: true }).fill(unique("Discarded"));
  await expect(statusLine(page)).toHaveText("Unsaved changes");
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  // The notice is accessible: a titled region, real buttons, enough contrast.
  await expect(page.getByRole("region", { name: "This post has changes that were not saved" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByRole("button", { name: "Restore unsaved changes" })).toHaveCount(0);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await page.reload();
  await expect(page.getByLabel("Title", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Restore unsaved changes" })).toHaveCount(0);
  await context.close();
});

test("what was typed before the page hydrated counts as an unsaved change, kept in the browser", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  // The app's entry module (which hydrates the form) is held until the title is typed.
  const { release } = await holdAppEntry(page);
  await page.goto("/admin/blog/new", { waitUntil: "commit" });
  const title = unique("Typed early");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await expect(statusLine(page)).toHaveText("");
  release();
  await hydrated(page);
  await expect(statusLine(page)).toHaveText("Unsaved changes");
  // The slug follows a title typed before the form could listen to it.
  await expect(page.getByLabel("Slug")).toHaveValue(slugOf(title));
  // Kept in the browser: a reload offers it back.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByRole("button", { name: "Restore unsaved changes" })).toBeVisible();
  await page.getByRole("button", { name: "Discard" }).click();
  await context.close();
});

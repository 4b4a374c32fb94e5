import { expect, test } from "@playwright/test";
import { toastText, unique } from "./support/admin";
import { autosaveSuite, holdAutosave } from "./support/autosave";
import { slugOf, statusLine } from "./support/post-form";

/* What the autosave writes and when: a draft's text to the post, a published post's edit aside as an unsaved change, and the status line meanwhile. */

test.describe.configure({ mode: "serial" });

const { adminPage, createAndEdit } = autosaveSuite();

test("a draft's typed content is saved to the post a few seconds after typing stops", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const title = unique("Autosaved draft");
  await createAndEdit(page, title, false);
  await expect(statusLine(page)).toHaveText("");
  const body = `Typed and never submitted ${unique("draft")}.`;
  await page.getByLabel("Content (Markdown)").fill(body);
  await expect(statusLine(page)).toHaveText("Unsaved changes");
  await expect(statusLine(page)).toHaveText("Saved");
  // Nothing to ask on reload: the draft itself holds the text, and no copy is offered back.
  await page.reload();
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue(body);
  await expect(page.getByRole("button", { name: "Restore unsaved changes" })).toHaveCount(0);
  await context.close();
});

test("a published post's typed edit is kept as an unsaved change: readers never see it, the editor gets it back", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const title = unique("Autosaved published");
  await createAndEdit(page, title, true);
  const body = `Half-written ${unique("edit")}`;
  await page.getByLabel("Content (Markdown)").fill(body);
  await expect(statusLine(page)).toHaveText("Saved");

  const reader = await browser.newContext();
  const publicPage = await reader.newPage();
  await publicPage.goto(`/blog/${slugOf(title)}`);
  await expect(publicPage.getByText("The first version of the body.")).toBeVisible();
  await expect(publicPage.getByText(body)).toHaveCount(0);

  // Another browser of the same editor (nothing in its localStorage): the server copy is offered.
  const { context: other, page: again } = await adminPage(browser);
  await again.goto(page.url());
  await expect(again.getByLabel("Content (Markdown)")).toHaveValue("The first version of the body.");
  await again.getByRole("button", { name: "Restore unsaved changes" }).click();
  await expect(again.getByLabel("Content (Markdown)")).toHaveValue(body);
  await expect(again.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(again.getByRole("switch", { name: "Published" })).toBeChecked();
  await again.getByRole("button", { name: "Update Post" }).click();
  await expect(toastText(again, "Post updated")).toBeVisible();

  await publicPage.reload();
  await expect(publicPage.getByText(body)).toBeVisible();
  // Saved: the unsaved copy is gone.
  await page.reload();
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue(body);
  await expect(page.getByRole("button", { name: "Restore unsaved changes" })).toHaveCount(0);
  await Promise.all([context.close(), other.close(), reader.close()]);
});

test("the status says 'Saving...' while an autosave is on its way, then 'Saved'", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const id = await createAndEdit(page, unique("Saving status"), false);
  // The autosave is held until 'Saving...' has been seen.
  const autosave = await holdAutosave(page, id);
  const body = `Sent while the status says so ${unique("body")}.`;
  await page.getByLabel("Content (Markdown)").fill(body);
  await autosave.sent;
  await expect(statusLine(page)).toHaveText("Saving...");
  autosave.finish("continue");
  await expect(statusLine(page)).toHaveText("Saved");
  // Saved indeed: the draft holds the text.
  await autosave.unroute();
  await page.reload();
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue(body);
  await expect(page.getByRole("button", { name: "Restore unsaved changes" })).toHaveCount(0);
  await context.close();
});

import { expect, test } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, toastText, unique } from "./support/admin";
import { autosaveSuite, holdAutosave, isAutosave } from "./support/autosave";
import { slugOf, statusLine } from "./support/post-form";

/* An autosave that does not get through (the session expired, the network failed) loses nothing: the form says so and offers the typed values back. */

test.describe.configure({ mode: "serial" });

const { adminPage, createAndEdit } = autosaveSuite();

test("typing after the session expired loses nothing: after signing in again the form offers the typed values back", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const title = unique("Expired session");
  const id = await createAndEdit(page, title, false);

  await context.clearCookies();
  const newTitle = unique("Typed while signed out");
  const body = `Written after the session ended ${unique("body")}.`;
  // The autosave's answer (the live preview posts to the same address).
  const refused = page.waitForResponse((r) => r.url().includes(`/admin/blog/edit/${id}`) && isAutosave(r.request()));
  await page.getByLabel("Title", { exact: true }).fill(newTitle);
  await page.getByLabel("Content (Markdown)").fill(body);
  await refused;
  // The autosave was refused (sign-in redirect) and the form stayed, saying so.
  await expect(statusLine(page)).toHaveText("Unsaved changes");
  await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${id}$`));

  // Leaving the tab with unsaved changes asks first.
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.goto("/admin/auth");
  expect(asked).toEqual(["beforeunload"]);
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);

  await page.goto(`/admin/blog/edit/${id}`);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await page.getByRole("button", { name: "Restore unsaved changes" }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(newTitle);
  await expect(page.getByLabel("Slug")).toHaveValue(slugOf(title));
  await expect(page.getByLabel("Category")).toHaveValue("Autosave");
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue(body);
  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(toastText(page, "Post updated")).toBeVisible();
  await page.goto(`/admin/blog?q=${encodeURIComponent(newTitle)}`);
  await expect(page.getByRole("link", { name: newTitle, exact: true })).toBeVisible();
  // Saved: nothing left to offer.
  await page.goto(`/admin/blog/edit/${id}`);
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue(body);
  await expect(page.getByRole("button", { name: "Restore unsaved changes" })).toHaveCount(0);
  await context.close();
});

test("an autosave the network failed loses nothing: the form says so, and after a reload offers the typed values back", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const title = unique("Network failure");
  const id = await createAndEdit(page, title, false);

  const autosave = await holdAutosave(page, id);
  const newTitle = unique("Typed offline");
  const body = `Written while the network was down ${unique("body")}.`;
  await page.getByLabel("Title", { exact: true }).fill(newTitle);
  await page.getByLabel("Content (Markdown)").fill(body);
  await autosave.sent;
  await expect(statusLine(page)).toHaveText("Saving...");
  autosave.finish("abort");
  // The autosave failed and the form stayed, saying so.
  await expect(statusLine(page)).toHaveText("Unsaved changes");
  await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${id}$`));

  // The network is back. Reloading asks first; the post as stored holds nothing of what was typed.
  await autosave.unroute();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue("The first version of the body.");
  await expect(page.getByRole("region", { name: "This post has changes that were not saved" })).toContainText("kept in this browser");
  await page.getByRole("button", { name: "Restore unsaved changes" }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(newTitle);
  await expect(page.getByLabel("Slug")).toHaveValue(slugOf(title));
  await expect(page.getByLabel("Category")).toHaveValue("Autosave");
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue(body);
  // Restored values are a change like any other: autosaved now that the request goes through.
  await expect(statusLine(page)).toHaveText("Saved");
  await page.reload();
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue(body);
  await expect(page.getByRole("button", { name: "Restore unsaved changes" })).toHaveCount(0);
  await context.close();
});

import { expect, test, type Page } from "@playwright/test";
import { toastText } from "./support/admin";
import { axeViolations } from "./support/axe";
import { ownServerForSpec } from "./support/own-server";
import { openEditor, PREVIEW_FRAME } from "./support/site-editor";

/**
 * /admin/site in two tabs (decision 0055), on a server of its own (saving the draft changes what
 * the landing editor's own spec reads): the later save from the tab opened on the older version is
 * refused, its fields keep what was typed, and 'Publish mine over it' publishes it deliberately.
 */
const ADMIN = { email: "site-conflict@studio.test", password: "site-conflict-password-42" };
const server = ownServerForSpec("site-conflict", ADMIN);

test.describe.configure({ timeout: 150_000 });

const headline = (page: Page) => page.getByRole("textbox", { name: "Headline", exact: true });

test("a publish from a tab opened before another tab's draft save is refused and keeps the typed words; then published over it", async ({ browser }) => {
  const { context, page: first } = await server.signedIn(browser);
  await openEditor(first);
  const second = await context.newPage();
  await openEditor(second);

  await headline(second).fill("Saved first, from the second tab");
  await second.getByRole("button", { name: "Save draft" }).click();
  await expect(toastText(second, "Draft saved")).toBeVisible();

  await headline(first).fill("Typed in the first tab");
  await first.getByRole("button", { name: "Publish changes" }).click();
  const notice = first.getByRole("alert").filter({ has: first.getByRole("heading", { name: "Not saved: this landing page changed" }) });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("The landing page was changed by someone else since you opened it.");
  await expect(notice).toContainText(`Saved by ${ADMIN.email}`);
  await expect(notice.getByRole("link", { name: "Load the saved version" })).toHaveAttribute("href", "/admin/site");
  await expect(headline(first)).toHaveValue("Typed in the first tab");
  // The preview frame is the landing page, scanned with the editor in admin-site-landing's axe test.
  expect(await axeViolations(first, { exclude: [PREVIEW_FRAME] })).toEqual([]);

  // Nothing was published: the public page still has the shipped headline, the stored draft is the second tab's.
  const visitor = await browser.newContext({ baseURL: server.url });
  const home = await visitor.newPage();
  await home.goto("/");
  await expect(home.getByRole("heading", { level: 1 })).not.toHaveText("Typed in the first tab");
  await openEditor(second);
  await expect(headline(second)).toHaveValue("Saved first, from the second tab");

  await notice.getByRole("button", { name: "Publish mine over it" }).click();
  await expect(toastText(first, "Changes published")).toBeVisible();
  await home.reload();
  await expect(home.getByRole("heading", { level: 1 })).toHaveText("Typed in the first tab");
  await visitor.close();
  await context.close();
});

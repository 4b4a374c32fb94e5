import { expect, type Page } from "@playwright/test";
import { hydrated } from "./admin";

/* /admin/site as the landing editor's specs drive it: its fields by label, the preview's frame, the editor opened and hydrated. */

/**
 * The ceiling of a wait for what a save or a publish of the landing editor leads to (its toast, a
 * field's message): the answer, then the whole form and its preview drawn again. On CI's two cores
 * shared with the Vitest lane that took past the suite's usual 20 s (a publish's toast, stop 39).
 */
export const AFTER_SAVE = { timeout: 60_000 };

/** A text field of the editor by its exact label. */
export const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

/** The live preview's frame (its selector: axe scans of the editor's other states leave it out, admin-site-landing's scans it). */
export const PREVIEW_FRAME = 'iframe[title="Landing page preview"]';

/** The live preview's frame. */
export const preview = (page: Page) => page.frameLocator(PREVIEW_FRAME);

/** /admin/site, hydrated (its keyboard and preview work). */
export async function openEditor(page: Page) {
  await page.goto("/admin/site");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Landing page" })).toBeVisible();
}

/** Replaces the focused field's text from the keyboard: select all, type. */
export async function retype(page: Page, text: string) {
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(text);
}

import { expect, type Page } from "@playwright/test";
import { hydrated } from "./admin";

/* /admin/site as the landing editor's specs drive it: its fields by label, the preview's frame, the editor opened and hydrated. */

/** A text field of the editor by its exact label. */
export const field = (page: Page, name: string) => page.getByRole("textbox", { name, exact: true });

/** The live preview's frame. */
export const preview = (page: Page) => page.frameLocator('iframe[title="Landing page preview"]');

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

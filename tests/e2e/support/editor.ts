import { expect, type Locator, type Page } from "@playwright/test";
import { hydrated, toastText } from "./admin";
import { adminSuite } from "./admin-suite";
import { slugOf } from "./post-form";

/* The post editor as the admin-editor specs drive it: its content field, its action bar, images sent to it. */

export const content = (page: Page) => page.getByLabel("Content (Markdown)");
export const actionBar = (page: Page) => page.getByRole("region", { name: "Post actions" });

/**
 * The admin session of an editor spec file (see `adminSuite`), and `createPost`, whose posts go to
 * the trash when the file ends.
 */
export function editorSuite() {
  const { made, adminPage } = adminSuite();

  /** Fills the required fields of a new post and saves it; returns its id (for the trash afterwards). */
  async function createPost(page: Page, title: string, body: string, published: boolean) {
    await page.goto("/admin/blog/new");
    await hydrated(page);
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Slug").fill(slugOf(title));
    await page.getByLabel("Category").fill("Editor");
    await content(page).fill(body);
    if (published) await page.getByRole("switch", { name: "Published" }).check();
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(toastText(page, "Post created")).toBeVisible();
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
    const id = /\/admin\/blog\/edit\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
    if (!id) throw new Error(`not on an edit form: ${page.url()}`);
    made.push(id);
    await hydrated(page);
    return id;
  }

  return { adminPage, createPost };
}

/** Sends `files` (name and PNG bytes, base64) to the content field as a drop or as a paste, as the browser would. */
export async function sendImages(field: Locator, kind: "drop" | "paste", files: { name: string; type: string; base64: string }[]) {
  await field.evaluate(
    (el, { kind, files }) => {
      const data = new DataTransfer();
      for (const file of files) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        data.items.add(new File([bytes], file.name, { type: file.type }));
      }
      const event =
        kind === "drop"
          ? new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true })
          : new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true });
      el.dispatchEvent(event);
    },
    { kind, files },
  );
}

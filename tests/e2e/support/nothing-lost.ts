import { expect, test, type Page } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./admin";
import { adminSuite } from "./admin-suite";
import { slugOf } from "./post-form";

/* The admin forms as the admin-nothing-lost specs drive them: records made to be edited, signing in again, the offer of unsaved changes. */

/**
 * The admin session of a nothing-lost spec file (see `adminSuite`): `madePosts` go to the trash and
 * `madeRecords` (team members and testimonials, `[list path, id]`) are deleted when the file ends;
 * `draftPost` makes a post and notes it.
 */
export function nothingLostSuite() {
  const { made: madePosts, records: madeRecords, adminPage } = adminSuite();

  /** Creates a draft post whose body is `body` and returns the address of its edit form. */
  async function draftPost(page: Page, title: string, body: string) {
    const origin = { Origin: new URL(test.info().project.use.baseURL!).origin };
    const created = await page.request.post("/admin/blog/new", {
      headers: origin,
      form: { intent: "save", title, slug: slugOf(title), category: "Kept", content: body, excerpt: "The stored excerpt." },
      maxRedirects: 0,
    });
    expect(created.status()).toBe(302);
    await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
    const href = await page.getByRole("button", { name: `Edit ${title}` }).getAttribute("href");
    const id = /\/admin\/blog\/edit\/([0-9a-f-]{36})$/.exec(href ?? "")?.[1];
    if (!id) throw new Error(`no edit link for ${title}: ${href}`);
    madePosts.push(id);
    return `/admin/blog/edit/${id}`;
  }

  return { adminPage, madePosts, madeRecords, draftPost };
}

/** Signs in on the sign-in page the app sent the editor to. */
export async function signInAgain(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Admin Sign In" })).toBeVisible();
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** The offer of the unsaved changes kept in the browser. */
export const restoreButton = (page: Page) => page.getByRole("button", { name: "Restore unsaved changes" });

import { expect, type Page, type Request } from "@playwright/test";
import { toastText } from "./admin";
import { adminSuite } from "./admin-suite";
import { slugOf } from "./post-form";

/* The post form's autosave as the admin-autosave specs drive it. */

/**
 * The admin session of an autosave spec file (see `adminSuite`), and `createAndEdit`, whose posts
 * go to the trash when the file ends.
 */
export function autosaveSuite() {
  const { made, adminPage } = adminSuite();

  /** Creates a post through the form and opens its edit form; returns its id. */
  async function createAndEdit(page: Page, title: string, published: boolean) {
    await page.goto("/admin/blog/new");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Slug").fill(slugOf(title));
    await page.getByLabel("Category").fill("Autosave");
    await page.getByLabel("Content (Markdown)").fill("The first version of the body.");
    if (published) await page.getByRole("switch", { name: "Published" }).check();
    // A submission is not a departure: no confirmation although the new post was never autosaved.
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(toastText(page, "Post created")).toBeVisible();
    // Other suites add posts meanwhile: the list is paged, so the post is reached by searching for it.
    await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
    const id = /\/admin\/blog\/edit\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
    if (!id) throw new Error(`not on an edit form: ${page.url()}`);
    made.push(id);
    return id;
  }

  return { adminPage, createAndEdit };
}

/** Whether `request` is an autosave: a POST with intent 'autosave' (the live preview posts to the same address). */
export const isAutosave = (request: Request) => request.method() === "POST" && new URLSearchParams(request.postData() ?? "").get("intent") === "autosave";

/**
 * Holds the autosave requests of post `id`'s edit form (POSTs with intent 'autosave'; every other
 * request goes through): `sent` when one arrives, `finish` lets it through or fails it as a lost
 * connection would, `unroute` stops holding.
 */
export async function holdAutosave(page: Page, id: string) {
  const editForm = (url: URL) => url.pathname.startsWith(`/admin/blog/edit/${id}`);
  let arrived!: () => void;
  const sent = new Promise<void>((resolve) => (arrived = resolve));
  let finish!: (outcome: "continue" | "abort") => void;
  const finished = new Promise<"continue" | "abort">((resolve) => (finish = resolve));
  await page.route(editForm, async (route) => {
    const request = route.request();
    if (!isAutosave(request)) return route.fallback();
    arrived();
    return (await finished) === "continue" ? route.continue() : route.abort("internetdisconnected");
  });
  return { sent, finish, unroute: () => page.unroute(editForm) };
}

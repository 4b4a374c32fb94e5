import { expect, test, type APIRequestContext, type Browser, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { adminState, hydrated, unique } from "./admin";
import { slugOf } from "./post-form";

/* Deleting, restoring and bulk actions as the admin-trash specs drive them. */

/**
 * A trash spec file's hooks, registered once at its top: the admin's saved state before its tests,
 * and afterwards what they left visible to the trash (later suites expect the demo content on the
 * public pages): the posts its `createPost` made, and the titles `more` lists by admin list.
 * Serial: the tests of a file build on each other.
 */
export function trashSuite(more: Record<string, string[]> = {}) {
  test.describe.configure({ mode: "serial" });
  let statePath = "";
  const made: string[] = [];
  test.beforeAll(async ({ browser }) => {
    statePath = await adminState(browser);
  });
  test.afterAll(({ playwright, baseURL }) => trashLeftovers(playwright, baseURL!, statePath, { "/admin/blog": made, ...more }));
  return {
    createPost: postMaker(made),
    /** A new browser context signed in as the admin. */
    adminContext: (browser: Browser) => browser.newContext({ storageState: statePath }),
  };
}

/** `createPost`, noting the title of each post it makes in `made` (for `trashLeftovers`). */
export function postMaker(made: string[]) {
  /** Creates a post through the admin form action; returns its title and slug. */
  return async function createPost(request: APIRequestContext, base: string, { published = true, imageUrl = "", featured = false } = {}) {
    const title = unique("Trash post");
    const form: Record<string, string> = { intent: "save", title, slug: slugOf(title), category: "Automation", content: "Body text.", excerpt: "", imageUrl };
    if (published) form.published = "on";
    if (featured) form.featured = "on";
    const response = await request.post("/admin/blog/new", { headers: { Origin: base }, form, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    made.push(title);
    return { title, slug: slugOf(title) };
  };
}

/** The row of the post list that links to `title`. */
export const row = (page: Page, title: string) => page.getByRole("row").filter({ has: page.getByRole("link", { name: title, exact: true }) });

/** The post list showing `title`: other suites add posts meanwhile and the list is paged, so it is a search. */
export const postsMatching = (title: string) => `/admin/blog?q=${encodeURIComponent(title)}`;

/** Opens `path` and waits until it has hydrated. */
export async function openList(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

/**
 * Later suites expect the demo content on the public pages: what a trash spec left visible goes to
 * the trash. `leftovers` names, per list, the rows to delete: those whose name starts with one of
 * the names given (a post's title, or the prefix shared by a file's team members or testimonials).
 */
export async function trashLeftovers(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  statePath: string,
  leftovers: Record<string, readonly string[]>,
) {
  const admin = await playwright.request.newContext({ baseURL, storageState: statePath });
  const headers = { Origin: baseURL };
  for (const [list, names] of Object.entries(leftovers)) {
    for (const name of names) {
      const html = await (await admin.get(`${list}?q=${encodeURIComponent(name)}`)).text();
      const ids = [...html.matchAll(new RegExp(`aria-label="Edit ${name}[^"]*"[^>]*href="${list}/edit/([0-9a-f-]{36})"`, "g"))].map((m) => m[1]!);
      for (const id of ids) expect((await admin.post(list, { headers, form: { intent: "delete", id } })).status()).toBe(200);
    }
  }
  await admin.dispose();
}

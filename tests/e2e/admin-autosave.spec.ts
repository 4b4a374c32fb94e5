import { expect, test, type Browser, type Page, type Request } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminState, hydrated, toastText, trashPosts, unique } from "./support/admin";

test.describe.configure({ mode: "serial" });

let statePath = "";
/** Posts made here, moved to the trash afterwards (the blog list suite expects the demo posts first). */
const made: string[] = [];

test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});

test.afterAll(({ browser }) => trashPosts(browser, statePath, made));

const slugOf = (title: string) => title.toLowerCase().replace(/\s+/g, "-");

/** The autosave status line. */
const statusLine = (page: Page) => page.locator('[aria-live="polite"][data-autosave-status]');

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

const isAutosave = (request: Request) => request.method() === "POST" && new URLSearchParams(request.postData() ?? "").get("intent") === "autosave";

/**
 * Holds the autosave requests of post `id`'s edit form (POSTs with intent 'autosave'; every other
 * request goes through): `sent` when one arrives, `finish` lets it through or fails it as a lost
 * connection would, `unroute` stops holding.
 */
async function holdAutosave(page: Page, id: string) {
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

async function adminPage(browser: Browser) {
  const context = await browser.newContext({ storageState: statePath });
  return { context, page: await context.newPage() };
}

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
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
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
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/admin/blog/new", { waitUntil: "commit" });
  const title = unique("Typed early");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await expect(statusLine(page)).toHaveText("");
  release();
  await hydrated(page);
  await expect(statusLine(page)).toHaveText("Unsaved changes");
  // Kept in the browser: a reload offers it back.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByRole("button", { name: "Restore unsaved changes" })).toBeVisible();
  await page.getByRole("button", { name: "Discard" }).click();
  await context.close();
});

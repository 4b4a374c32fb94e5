import { expect, test, type Browser, type Page } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminState, hydrated, toastText, trashPosts, unique } from "./support/admin";

/**
 * Nothing an editor typed is lost or damaged: not by a session that expired before the save (the
 * typed values are kept in the browser, sign-in returns to the form, which offers them back), nor
 * by typing before the form's script is live (the text is kept exactly as typed).
 */

test.describe.configure({ mode: "serial" });

let statePath = "";
const madePosts: string[] = [];
/** Team members and testimonials made here, deleted afterwards: `[list path, id]`. */
const madeRecords: [string, string][] = [];

test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});

test.afterAll(async ({ browser }) => {
  await trashPosts(browser, statePath, madePosts);
  const context = await browser.newContext({ storageState: statePath });
  const origin = { Origin: new URL(test.info().project.use.baseURL!).origin };
  for (const [list, id] of madeRecords) await context.request.post(list, { headers: origin, form: { intent: "delete", id } });
  await context.close();
});

const slugOf = (title: string) => title.toLowerCase().replace(/\s+/g, "-");

async function adminPage(browser: Browser) {
  const context = await browser.newContext({ storageState: statePath });
  return { context, page: await context.newPage() };
}

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

/** Creates an inactive team member and returns the address of its edit form. */
async function teamMember(page: Page, name: string) {
  const origin = { Origin: new URL(test.info().project.use.baseURL!).origin };
  const created = await page.request.post("/admin/team/new", {
    headers: origin,
    form: { name, position: "Stored position", displayOrder: "9" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  await page.goto("/admin/team");
  const href = await page.getByRole("button", { name: `Edit ${name}` }).getAttribute("href");
  const id = /\/admin\/team\/edit\/([0-9a-f-]{36})$/.exec(href ?? "")?.[1];
  if (!id) throw new Error(`no edit link for ${name}: ${href}`);
  madeRecords.push(["/admin/team", id]);
  return `/admin/team/edit/${id}`;
}

/** Signs in on the sign-in page the app sent the editor to. */
async function signInAgain(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Admin Sign In" })).toBeVisible();
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** The post form's autosave status line. */
const statusLine = (page: Page) => page.locator('[aria-live="polite"][data-autosave-status]');

const restoreButton = (page: Page) => page.getByRole("button", { name: "Restore unsaved changes" });

test("a session that expired before 'Update Post' loses nothing: signed in again, the editor is back on the post and restores exactly what was typed", async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser);
  const title = unique("Expired at save");
  const form = await draftPost(page, title, "The stored body.");
  await page.goto(form);
  await hydrated(page);
  const tags = page.getByRole("group", { name: "Tags" });
  const tag = tags.getByRole("button", { pressed: false }).first();
  const tagName = (await tag.textContent())!.trim();

  // The session ends (signed out elsewhere, or expired) while the editor writes.
  await context.clearCookies();
  const typed = {
    title: unique("Retitled after the session ended"),
    slug: slugOf(unique("kept-slug")),
    excerpt: "An excerpt typed after the session ended.",
    content: "First body.\n\nA second paragraph, typed after the session ended,\n  with an indented line and trailing spaces.  \n",
    metaTitle: "A meta title typed late",
  };
  await page.getByLabel("Title", { exact: true }).fill(typed.title);
  await page.getByLabel("Slug").fill(typed.slug);
  await page.getByLabel("Excerpt").fill(typed.excerpt);
  await page.getByLabel("Content (Markdown)").fill(typed.content);
  await page.getByLabel("Meta title").fill(typed.metaTitle);
  await tags.getByRole("button", { name: tagName }).click();
  // Saved at once, before any autosave could run: the save is where the editor finds out.
  await page.getByRole("button", { name: "Update Post" }).click();

  await expect(page).toHaveURL(/\/admin\/auth\?redirectTo=/);
  await signInAgain(page);
  await expect(page).toHaveURL(new RegExp(`${form}$`));
  // The stored post until the editor chooses.
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByRole("region", { name: "This post has changes that were not saved" })).toContainText("kept in this browser");
  await restoreButton(page).click();
  await expect(restoreButton(page)).toHaveCount(0);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(typed.title);
  await expect(page.getByLabel("Slug")).toHaveValue(typed.slug);
  await expect(page.getByLabel("Excerpt")).toHaveValue(typed.excerpt);
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue(typed.content);
  await expect(page.getByLabel("Meta title")).toHaveValue(typed.metaTitle);
  await expect(page.getByLabel("Category")).toHaveValue("Kept");
  await expect(tags.getByRole("button", { name: tagName })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Update Post" }).click();
  await expect(toastText(page, "Post updated")).toBeVisible();
  // Saved: the post holds what was typed (a save trims the ends, as always), and nothing is offered any more.
  await page.goto(form);
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue(typed.content.trim());
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(typed.title);
  await expect(page.getByLabel("Excerpt")).toHaveValue(typed.excerpt);
  await hydrated(page);
  await expect(restoreButton(page)).toHaveCount(0);
  await context.close();
});

test("a session that expired before 'Create Post' keeps the new post too", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/blog/new");
  await hydrated(page);
  await context.clearCookies();
  const title = unique("Created after the session ended");
  const content = "A new post's body,\n\nwritten while signed out.";
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Category").fill("Kept");
  await page.getByLabel("Content (Markdown)").fill(content);
  await page.getByRole("button", { name: "Create Post" }).click();

  await signInAgain(page);
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  await restoreButton(page).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByLabel("Slug")).toHaveValue(slugOf(title));
  await expect(page.getByLabel("Content (Markdown)")).toHaveValue(content);
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(toastText(page, "Post created")).toBeVisible();
  await page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
  const href = await page.getByRole("button", { name: `Edit ${title}` }).getAttribute("href");
  madePosts.push(href!.split("/").pop()!);
  // Created: the new-post form is empty again and offers nothing.
  await page.goto("/admin/blog/new");
  await hydrated(page);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("");
  await expect(restoreButton(page)).toHaveCount(0);
  await context.close();
});

test("a team member's form saved after the session expired is offered back after signing in, every field as typed", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const name = unique("Kept Member");
  const form = await teamMember(page, name);
  await page.goto(form);
  await hydrated(page);

  await context.clearCookies();
  const typed = { name: unique("Renamed Member"), position: "Head of kept typing", linkedinUrl: "https://linkedin.com/in/kept-typing", displayOrder: "4" };
  await page.getByLabel("Name").fill(typed.name);
  await page.getByLabel("Position").fill(typed.position);
  await page.getByLabel("LinkedIn URL").fill(typed.linkedinUrl);
  await page.getByLabel("Display Order").fill(typed.displayOrder);
  await page.getByRole("button", { name: "Update", exact: true }).click();

  await expect(page).toHaveURL(/\/admin\/auth\?redirectTo=/);
  await signInAgain(page);
  await expect(page).toHaveURL(new RegExp(`${form}$`));
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByRole("region", { name: "This team member has changes that were not saved" })).toBeVisible();
  await restoreButton(page).click();
  await expect(page.getByLabel("Name")).toHaveValue(typed.name);
  await expect(page.getByLabel("Position")).toHaveValue(typed.position);
  await expect(page.getByLabel("LinkedIn URL")).toHaveValue(typed.linkedinUrl);
  await expect(page.getByLabel("Display Order")).toHaveValue(typed.displayOrder);
  await expect(page.getByRole("switch", { name: "Active" })).not.toBeChecked();

  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(toastText(page, "Team member updated")).toBeVisible();
  await page.goto(form);
  await expect(page.getByLabel("Name")).toHaveValue(typed.name);
  await expect(page.getByLabel("Position")).toHaveValue(typed.position);
  await hydrated(page);
  await expect(restoreButton(page)).toHaveCount(0);
  await context.close();
});

test("a new testimonial saved after the session expired is offered back after signing in; 'Discard' forgets it", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/testimonials/new");
  await hydrated(page);

  await context.clearCookies();
  const typed = { name: unique("Kept Client"), company: "Kept Typing Ltd", quote: "They kept every word.\nEven this second line.", displayOrder: "6" };
  await page.getByLabel("Name").fill(typed.name);
  await page.getByLabel("Company").fill(typed.company);
  await page.getByLabel("Quote").fill(typed.quote);
  await page.getByLabel("Display Order").fill(typed.displayOrder);
  await page.getByRole("switch", { name: "Active" }).uncheck();
  await page.getByRole("button", { name: "Create", exact: true }).click();

  await signInAgain(page);
  await expect(page).toHaveURL(/\/admin\/testimonials\/new$/);
  await expect(page.getByRole("region", { name: "This testimonial has changes that were not saved" })).toBeVisible();
  await restoreButton(page).click();
  await expect(page.getByLabel("Name")).toHaveValue(typed.name);
  await expect(page.getByLabel("Company")).toHaveValue(typed.company);
  await expect(page.getByLabel("Quote")).toHaveValue(typed.quote);
  await expect(page.getByLabel("Display Order")).toHaveValue(typed.displayOrder);
  await expect(page.getByRole("switch", { name: "Active" })).not.toBeChecked();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(toastText(page, "Testimonial created")).toBeVisible();
  const href = await page.getByRole("button", { name: `Edit ${typed.name}` }).getAttribute("href");
  madeRecords.push(["/admin/testimonials", href!.split("/").pop()!]);

  // Created: nothing is offered on the new form.
  await page.goto("/admin/testimonials/new");
  await hydrated(page);
  await expect(restoreButton(page)).toHaveCount(0);
  // A copy the editor does not want is forgotten with 'Discard'.
  await page.getByLabel("Name").fill("Not wanted");
  await page.getByLabel("Company").fill("Nobody");
  await page.getByRole("button", { name: "Back to Testimonials" }).click();
  await expect(page).toHaveURL(/\/admin\/testimonials$/);
  await page.goto("/admin/testimonials/new");
  await page.getByRole("button", { name: "Discard" }).click();
  await expect(restoreButton(page)).toHaveCount(0);
  await expect(page.getByLabel("Name")).toHaveValue("");
  await page.reload();
  await hydrated(page);
  await expect(restoreButton(page)).toHaveCount(0);

  // Typed a moment before the tab reloads, in the same task: kept all the same.
  const loaded = page.waitForEvent("load");
  await page.evaluate(() => {
    const field = document.querySelector<HTMLInputElement>("#field-name")!;
    field.value = "Typed just before a reload";
    field.dispatchEvent(new Event("input", { bubbles: true }));
    window.location.reload();
  });
  await loaded;
  await restoreButton(page).click();
  await expect(page.getByLabel("Name")).toHaveValue("Typed just before a reload");
  await context.close();
});

/** Holds the app's entry module (which hydrates the page) until `release` is called. */
async function holdEntry(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("text typed into the post editor before its script is live is kept exactly as typed, and that is what gets autosaved", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const title = unique("Typed before live");
  const form = await draftPost(page, title, "First body.");
  const release = await holdEntry(page);
  await page.goto(form, { waitUntil: "commit" });

  // Typed like a person on a slow phone: at the end of the body, the title and the excerpt, and a tag name.
  const content = page.getByLabel("Content (Markdown)");
  await expect(content).toHaveValue("First body.");
  await content.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\n\nTyped X");
  await page.getByLabel("Title", { exact: true }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" (typed early)");
  await page.getByLabel("Excerpt").click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" Typed early too.");
  await page.getByLabel("New tag name").click();
  await page.keyboard.type("early-tag");
  await content.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("Y");

  release();
  await hydrated(page);
  const body = "First body.\n\nTyped XY";
  await expect(content).toHaveValue(body);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${title} (typed early)`);
  await expect(page.getByLabel("Excerpt")).toHaveValue("The stored excerpt. Typed early too.");
  // The editor knows the text it holds (its word count), and so does the autosave.
  await expect(page.locator("#field-content-stats")).toContainText("4 words");
  await expect(statusLine(page)).toHaveText("Saved");
  // The form has rendered again since (the status line): still exactly what was typed.
  await expect(content).toHaveValue(body);
  await expect(page.getByLabel("New tag name")).toHaveValue("early-tag");
  // Typing on goes where the caret was.
  await content.press("End");
  await page.keyboard.type("Z");
  await expect(content).toHaveValue(`${body}Z`);

  // What was autosaved (a draft is written to the post) is the typed text, once.
  await expect(statusLine(page)).toHaveText("Unsaved changes");
  await expect(statusLine(page)).toHaveText("Saved");
  await page.reload();
  await expect(content).toHaveValue(`${body}Z`);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(`${title} (typed early)`);
  await expect(page.getByLabel("Excerpt")).toHaveValue("The stored excerpt. Typed early too.");
  await context.close();
});

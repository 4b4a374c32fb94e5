import { test, type Browser, type Page } from "@playwright/test";
import { adminState, trashPosts } from "./admin";

/**
 * A spec file's admin session and what it tidies away. Called once at the top of a spec file, it
 * registers the file's hooks: the admin's saved browser state before its tests, and afterwards the
 * posts in `made` go to the trash (the blog list suites expect the demo posts first) and the
 * records in `records` are deleted.
 */
/** How many of the last requests and console lines a failed test prints. */
const TRAIL_LINES = 200;

export function adminSuite() {
  let statePath = "";
  /** Ids of the posts the file made. */
  const made: string[] = [];
  /** Team members and testimonials the file made: `[list path, id]`. */
  const records: [string, string][] = [];

  test.beforeAll(async ({ browser }) => {
    statePath = await adminState(browser);
  });

  // What the test's admin pages asked and logged, written out when the test fails: a journey that
  // failed once in CI (a refused save whose summary never came) left only the page's last state.
  const trail: string[] = [];
  let started = 0;
  test.beforeEach(() => {
    trail.length = 0;
    started = Date.now();
  });
  test.afterEach(async () => {
    const testInfo = test.info();
    if (testInfo.status === testInfo.expectedStatus || trail.length === 0) return;
    const text = trail.slice(-TRAIL_LINES).join("\n");
    await testInfo.attach("admin pages: requests and console", { body: text, contentType: "text/plain" });
    console.log(`What the admin pages of "${testInfo.title}" asked and logged (ms from the test's start):\n${text}`);
  });
  const record = (page: Page) => {
    const note = (line: string) => trail.push(`${String(Date.now() - started).padStart(6)} ${line}`);
    const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, "").slice(0, 160);
    // Static files are left out: what matters is what the page asked the server to do.
    const asked = (url: string) => !path(url).startsWith("/assets/");
    page.on("request", (r) => asked(r.url()) && note(`→ ${r.method()} ${path(r.url())}`));
    page.on("response", (r) => asked(r.url()) && note(`← ${r.status()} ${r.request().method()} ${path(r.url())}`));
    page.on("requestfailed", (r) => note(`✖ ${r.method()} ${path(r.url())}: ${r.failure()?.errorText ?? "failed"}`));
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") note(`console.${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (error) => note(`page error: ${error.message}`));
  };

  test.afterAll(async ({ browser }) => {
    await trashPosts(browser, statePath, made);
    if (records.length === 0) return;
    const context = await browser.newContext({ storageState: statePath });
    const origin = { Origin: new URL(test.info().project.use.baseURL!).origin };
    for (const [list, id] of records) await context.request.post(list, { headers: origin, form: { intent: "delete", id } });
    await context.close();
  });

  /** A new browser context signed in as the admin, and a page in it. */
  async function adminPage(browser: Browser) {
    const context = await browser.newContext({ storageState: statePath });
    const page = await context.newPage();
    record(page);
    return { context, page };
  }

  return { made, records, adminPage };
}

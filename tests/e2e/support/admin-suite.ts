import { test, type Browser } from "@playwright/test";
import { adminState, trashPosts } from "./admin";
import { pageTrail, SERVER_LOG_ENV } from "./trail";

/**
 * A spec file's admin session and what it tidies away. Called once at the top of a spec file, it
 * registers the file's hooks: the admin's saved browser state before its tests, and afterwards the
 * posts in `made` go to the trash (the blog list suites expect the demo posts first) and the
 * records in `records` are deleted.
 */
export function adminSuite() {
  let statePath = "";
  /** Ids of the posts the file made. */
  const made: string[] = [];
  /** Team members and testimonials the file made: `[list path, id]`. */
  const records: [string, string][] = [];

  test.beforeAll(async ({ browser }) => {
    statePath = await adminState(browser);
  });

  const record = pageTrail(() => process.env[SERVER_LOG_ENV]);

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
    await record(page);
    return { context, page };
  }

  return { made, records, adminPage };
}

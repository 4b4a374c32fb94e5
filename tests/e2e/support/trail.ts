import fs from "node:fs";
import { test, type Page } from "@playwright/test";

/** How many of the last requests and console lines (and server log lines) a failed test attaches. */
const TRAIL_LINES = 200;
/**
 * How many of the pages' and the server's last lines a failed test's own report shows, each cut
 * to `SHOWN_WIDTH`: Playwright's report cuts a text attachment to its first 300 characters, and CI
 * keeps only the report's end.
 */
const SHOWN = { pages: 30, server: 10 };
const SHOWN_WIDTH = 160;

/** Names the shared server's log file for the workers (set by global setup). */
export const SERVER_LOG_ENV = "E2E_SERVER_LOG";

/** `read` of a page that failed a test, or what stopped it: an error, or no answer within 2 s. */
async function readFailedPage<T>(read: Promise<T>, notRead: (why: string) => T): Promise<T> {
  const gaveUp = new Promise<T>((resolve) => setTimeout(() => resolve(notRead("(the page did not answer)")), 2000));
  return Promise.race([read.catch((error: unknown) => notRead(`(not read: ${String(error).slice(0, 80)})`)), gaveUp]);
}

/** What a page shows in its live regions (toasts, error summaries, loading notes), read when a test failed. */
async function liveRegions(page: Page) {
  const read = page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[role="alert"], [role="status"]'))
      .map((el) => `${el.getAttribute("role")}: ${(el.innerText || "").replace(/\s+/g, " ").trim()}`)
      .filter((line) => !line.endsWith(": ")),
  );
  return readFailedPage(read, (why) => [why]);
}

/** Where the focus is and which fields are marked invalid, read when a test failed. */
async function formState(page: Page) {
  const read = page.evaluate(() => {
    const label = (el: Element | null) =>
      el && el !== document.body
        ? `<${el.tagName.toLowerCase()}${el.getAttribute("name") ? ` name=${el.getAttribute("name")}` : el.id ? ` id=${el.id}` : ""}>`
        : "the page";
    const invalid = Array.from(document.querySelectorAll('[aria-invalid="true"]')).map(label);
    return `focus on ${label(document.activeElement)}; fields marked invalid: ${invalid.length ? invalid.join(" ") : "none"}`;
  });
  return readFailedPage(read, (why) => why);
}

/**
 * Runs in each page a trail follows (an init script): reports each new text of a live region
 * (a toast, an error summary) through the `__trailLive` binding as it appears, so a message that
 * came and went before a failure is in the trail too. Looked at 50 ms after the DOM changed.
 */
function watchLiveRegions() {
  const said = new WeakMap<Element, string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const look = () => {
    timer = undefined;
    for (const el of Array.from(document.querySelectorAll('[role="alert"], [role="status"]'))) {
      const text = ((el as HTMLElement).innerText || "").replace(/\s+/g, " ").trim();
      if (!text) said.delete(el);
      else if (said.get(el) !== text) {
        said.set(el, text);
        const report = (window as unknown as { __trailLive?: (line: string) => void }).__trailLive;
        report?.(`${el.getAttribute("role")}: ${text.slice(0, 200)}`);
      }
    }
  };
  new MutationObserver(() => {
    timer ??= setTimeout(look, 50);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** A request's path and query; route discovery's long list of paths is left out. */
const path = (url: string) =>
  url
    .replace(/^https?:\/\/[^/]+/, "")
    .replace(/^(\/__manifest)\?.*/, "$1")
    .slice(0, 160);

/**
 * What a spec's pages asked the server and logged, written out when a test fails: a journey that
 * failed in CI (a refused save whose summary never came) left only the page's last state. Call
 * once at the top of a spec file (it registers the hooks); `await record(page)` follows a page, and
 * `serverLog`, when given, names the log file of the spec's server, whose lines meanwhile are
 * added. What the pages' live regions say is noted as it appears. A failed test attaches the whole
 * trail, ends with what each page still open shows in its live regions, where its focus is and which
 * fields are marked invalid, and fails its `afterEach` with the trail's last lines, so that they are printed
 * with the failure itself.
 */
export function pageTrail(serverLog?: () => string | undefined) {
  const trail: string[] = [];
  const pages = new Set<Page>();
  let started = 0;
  let logFrom = 0;
  const note = (line: string) => trail.push(`${String(Date.now() - started).padStart(6)} ${line}`);
  test.beforeEach(() => {
    trail.length = 0;
    pages.clear();
    started = Date.now();
    const log = serverLog?.();
    logFrom = log && fs.existsSync(log) ? fs.statSync(log).size : 0;
  });
  test.afterEach(async () => {
    const testInfo = test.info();
    if (testInfo.status === testInfo.expectedStatus) return;
    for (const page of pages) {
      if (page.isClosed()) continue;
      const regions = await liveRegions(page);
      note(`page at ${path(page.url())} shows ${regions.length ? "in its live regions:" : "no text in a live region"}`);
      for (const region of regions) note(`  ${region}`);
      note(`  ${await formState(page)}`);
    }
    const log = serverLog?.();
    const serverLines =
      log && fs.existsSync(log) ? fs.readFileSync(log).subarray(logFrom).toString("utf8").split("\n").filter(Boolean).slice(-TRAIL_LINES) : [];
    if (trail.length === 0 && serverLines.length === 0) return;
    const withLog = (pageLines: string[], logLines: string[]) => [...pageLines, ...(logLines.length ? ["server log:", ...logLines] : [])];
    const body = withLog(trail.slice(-TRAIL_LINES), serverLines).join("\n");
    await testInfo.attach("pages: requests and console", { body, contentType: "text/plain" });
    const cut = (line: string) => (line.length > SHOWN_WIDTH ? `${line.slice(0, SHOWN_WIDTH)}…` : line);
    const shown = withLog(trail.slice(-SHOWN.pages), serverLines.slice(-SHOWN.server)).map(cut);
    throw new Error(`What the pages asked and logged (ms from the test's start; the last lines, all attached):\n${shown.join("\n")}`);
  });
  return async function record(page: Page) {
    pages.add(page);
    // Static files are left out: what matters is what the page asked the server to do.
    const asked = (url: string) => !path(url).startsWith("/assets/");
    page.on("request", (r) => asked(r.url()) && note(`→ ${r.method()} ${path(r.url())}`));
    page.on("response", (r) => asked(r.url()) && note(`← ${r.status()} ${r.request().method()} ${path(r.url())}`));
    page.on("requestfailed", (r) => note(`✖ ${r.method()} ${path(r.url())}: ${r.failure()?.errorText ?? "failed"}`));
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") note(`console.${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (error) => note(`page error: ${error.message}`));
    // What its live regions say, as it appears: in the document it shows and in each one after.
    await page.exposeBinding("__trailLive", (_source, line: unknown) => {
      if (typeof line === "string") note(`said ${line}`);
    });
    await page.addInitScript(watchLiveRegions);
    await page.evaluate(watchLiveRegions);
  };
}

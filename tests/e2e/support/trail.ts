import fs from "node:fs";
import { test, type Page } from "@playwright/test";

/** How many of the last requests and console lines (and server log lines) a failed test prints. */
const TRAIL_LINES = 200;

/**
 * What a spec's pages asked the server and logged, written out when a test fails: a journey that
 * failed in CI (a refused save whose summary never came) left only the page's last state. Call
 * once at the top of a spec file (it registers the hooks); `record(page)` follows a page, and
 * `serverLog`, when given, names the log file of the spec's own server, whose last lines are
 * printed with it.
 */
export function pageTrail(serverLog?: () => string | undefined) {
  const trail: string[] = [];
  let started = 0;
  let logFrom = 0;
  test.beforeEach(() => {
    trail.length = 0;
    started = Date.now();
    const log = serverLog?.();
    logFrom = log && fs.existsSync(log) ? fs.statSync(log).size : 0;
  });
  test.afterEach(async () => {
    const testInfo = test.info();
    if (testInfo.status === testInfo.expectedStatus) return;
    const log = serverLog?.();
    const serverLines =
      log && fs.existsSync(log) ? fs.readFileSync(log).subarray(logFrom).toString("utf8").split("\n").filter(Boolean).slice(-TRAIL_LINES) : [];
    if (trail.length === 0 && serverLines.length === 0) return;
    const text = [...trail.slice(-TRAIL_LINES), ...(serverLines.length ? ["server log:", ...serverLines] : [])].join("\n");
    await testInfo.attach("pages: requests and console", { body: text, contentType: "text/plain" });
    console.log(`What the pages of "${testInfo.title}" asked and logged (ms from the test's start):\n${text}`);
  });
  return function record(page: Page) {
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
}

import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { startServer, type RunningServer } from "../../../scripts/lib/server-process";
import { hydrated } from "./admin";
import { seededWorkDir } from "./data-template";
import { pageTrail } from "./trail";

const root = path.resolve(import.meta.dirname, "../../..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

export type OwnServer = {
  server: RunningServer;
  url: string;
  /** The server's log file (its last lines are printed when a test of the spec fails). */
  logFile: string;
  /** A new desktop browser context on this server, signed in as its admin (landed on /admin/blog). */
  signedIn(browser: Browser): Promise<{ context: BrowserContext; page: Page }>;
  stop(): Promise<void>;
};

/** Fills /admin/auth's sign-in form with `account` and sends it; where that leads is the caller's to check. */
export async function submitSignIn(page: Page, account: { email: string; password: string }) {
  await page.goto("/admin/auth");
  await hydrated(page);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/**
 * A built server of a spec's own, on a fresh embedded database with demo content (a copy of the
 * template global setup made: as a first start leaves it, without redoing the migrations and demo covers), for journeys
 * that change what every other spec shares (site settings, whole-site figures). The admin account
 * is made before the server holds the database. Call in beforeAll (allow ~2 minutes) and `stop()`
 * in afterAll.
 */
export async function startOwnServer(prefix: string, admin: { email: string; password: string }, env: Record<string, string> = {}): Promise<OwnServer> {
  const work = seededWorkDir(`studio-${prefix}-`);
  const dataDir = work.dataDir;
  const made = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", "--email", admin.email, "--password", admin.password], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
    timeout: 120_000,
  });
  expect(made.status, made.stderr).toBe(0);
  const logFile = path.join(work.dir, "server.log");
  const server = await startServer({ buildDir, dataDir, logFile, env });
  return {
    server,
    url: server.url,
    logFile,
    async signedIn(browser) {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await submitSignIn(page, admin);
      await expect(page).toHaveURL(/\/admin\/blog/);
      return { context, page };
    },
    async stop() {
      await server.stop();
      work.remove();
    },
  };
}

/**
 * The spec's own server (startOwnServer), started before its first test and stopped after its
 * last: call once at the top of the spec file. What it answers is read once the server is up
 * (inside the tests), as `server.url`, `server.signedIn(browser)`.
 */
export function ownServerForSpec(
  prefix: string,
  admin: { email: string; password: string },
  { startTimeout = 150_000, env = {} }: { startTimeout?: number; env?: Record<string, string> } = {},
): OwnServer {
  let started: OwnServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(startTimeout);
    started = await startOwnServer(prefix, admin, env);
  });
  test.afterAll(async () => {
    await started?.stop();
  });
  // A failed test prints what its signed-in pages asked and logged, and the server's log meanwhile.
  const record = pageTrail(() => started?.logFile);
  const running = () => {
    if (!started) throw new Error(`the spec's own server (${prefix}) has not started`);
    return started;
  };
  return {
    get server() {
      return running().server;
    },
    get url() {
      return running().url;
    },
    get logFile() {
      return running().logFile;
    },
    signedIn: async (browser) => {
      const signed = await running().signedIn(browser);
      await record(signed.page);
      return signed;
    },
    stop: () => running().stop(),
  };
}

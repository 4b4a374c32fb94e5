// @ts-check
// `npm test`: the quality gates, every suite, then one summary line "N passed, N failed".
//   0. gates: typecheck (react-router typegen && tsc), ESLint, Prettier; each counts as one check
//   1. unit + integration tests (Vitest) on PGlite
//   2. the integration suite again on PostgreSQL when DATABASE_URL is set
//   3. the production build, then the browser journeys (Playwright, Debian's Chromium)
//   4. the cluster test (tests/cluster: two processes on PostgreSQL behind nginx) when DATABASE_URL
//      is set and nginx is installed; in CI (CI set) a missing nginx fails it, elsewhere it is skipped
//
// They do not run one after the other (decision 0045): two lanes run side by side, so both cores
// are kept busy. The main lane, the longest chain, is the build, the browser tests and the cluster
// test; its output is printed as it comes. The side lane is the gates and both Vitest runs, two at
// a time; each of its steps is printed whole when it ends. The summary gives each step's time.
import { spawn } from "node:child_process";
import { StringDecoder } from "node:string_decoder";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
/** @param {string} name */
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "studio-test-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** @type {string[]} */
const problems = [];
const started = Date.now();
/**
 * Niceness of the side lane (TEST_SIDE_NICENESS, default 0). On a runner of its own, 10 lets it
 * yield the CPU to the browser tests; on a machine others use too, it starved behind their
 * processes (Vitest 5× slower, some tests past their 30 s timeout), so it runs at normal priority.
 */
const SIDE_NICENESS = Number(process.env.TEST_SIDE_NICENESS ?? 0);
/** How many side-lane steps run at once. */
const SIDE_PARALLEL = Number(process.env.TEST_SIDE_PARALLEL ?? 2);

/**
 * @param {string} file
 * @returns {unknown}
 */
function readJson(file) {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

/**
 * A step of the run. The main lane's steps print as they go, line by line; a side-lane step prints
 * whole when it ends (between two lines of the main lane's output), so no two steps' lines mix.
 * @typedef {{ label: string; lane: "main" | "side"; text: string; decoder: StringDecoder; seconds?: number }} Step
 */

/** @type {Step[]} */
const steps = [];
/** The main-lane step printing now. @type {Step | undefined} */
let live;
/** A side-lane step was printed since the live step's last line. */
let interrupted = false;

/** @param {string} text a live step's lines */
function printLive(text) {
  if (!text) return;
  if (interrupted && live) process.stdout.write(`\n━━ ${live.label} (continued)\n`);
  interrupted = false;
  process.stdout.write(text);
}

/**
 * @param {string} label
 * @param {"main" | "side"} lane
 * @returns {Step}
 */
function step(label, lane) {
  const s = { label, lane, text: "", decoder: new StringDecoder("utf8") };
  steps.push(s);
  return s;
}

/**
 * What a step's command wrote. A main-lane step's complete lines are printed at once.
 * @param {Step} s
 * @param {string} text
 */
function take(s, text) {
  s.text += text;
  if (s !== live) return;
  const cut = s.text.lastIndexOf("\n");
  if (cut < 0) return;
  printLive(s.text.slice(0, cut + 1));
  s.text = s.text.slice(cut + 1);
}

/**
 * The step has started (`first`) or ended (`last`): a main-lane step starts printing, a side-lane one prints all it wrote.
 * @param {Step} s
 * @param {{ first?: boolean; last?: boolean }} moment
 */
function mark(s, { first = false, last = false }) {
  if (s.lane === "main") {
    if (first) {
      live = s;
      interrupted = false;
      process.stdout.write(`\n━━ ${s.label}\n`);
    }
    if (last) {
      const rest = s.text + s.decoder.end();
      printLive(rest && !rest.endsWith("\n") ? `${rest}\n` : rest);
      s.text = "";
      live = undefined;
      interrupted = false;
    }
    return;
  }
  if (!last) return;
  const text = s.text + s.decoder.end();
  process.stdout.write(`\n━━ ${s.label} (${(s.seconds ?? 0).toFixed(0)} s)\n${text}${text.endsWith("\n") || !text ? "" : "\n"}`);
  s.text = "";
  interrupted = true;
}

/**
 * Runs a command for a step; resolves to its exit code.
 * @param {Step} s
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: Record<string, string>; niceness?: number; first?: boolean; last?: boolean }} [options]
 *   `first: false` / `last: false`: the step ran a command before this one / has another to run
 * @returns {Promise<number>}
 */
function run(s, command, args, { env = {}, niceness = 0, first = true, last = true } = {}) {
  const t0 = Date.now();
  if (first) mark(s, { first });
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
    // Set before the child starts its own processes (a Vitest pool, Chromium): they inherit it.
    if (niceness && child.pid) {
      try {
        os.setPriority(child.pid, niceness);
      } catch {
        // not allowed here: it runs at normal priority
      }
    }
    /** @param {Buffer} chunk */
    const onData = (chunk) => take(s, s.decoder.write(chunk));
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", (error) => take(s, `${error.message}\n`));
    child.on("close", (code) => {
      s.seconds = (s.seconds ?? 0) + (Date.now() - t0) / 1000;
      if (last) mark(s, { last });
      resolve(code ?? 1);
    });
  });
}

/**
 * A step that does not run: says why.
 * @param {Step} s
 * @param {string} why
 */
function notRun(s, why) {
  mark(s, { first: true });
  take(s, `${why}\n`);
  mark(s, { last: true });
}

/**
 * @typedef {{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests?: number;
 *   testResults: { status: string; assertionResults: { status: string }[] }[] }} VitestReport
 */

/**
 * @param {string} label
 * @param {string} file
 * @param {number} status
 */
function countVitest(label, file, status) {
  if (!fs.existsSync(file)) {
    problems.push(`${label}: no results (exit ${status})`);
    totals.failed += 1;
    return;
  }
  const report = /** @type {VitestReport} */ (readJson(file));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  const suiteFailures = report.testResults.filter((r) => r.status === "failed" && r.assertionResults.every((a) => a.status !== "failed")).length;
  if (suiteFailures) {
    totals.failed += suiteFailures;
    problems.push(`${label}: ${suiteFailures} test file(s) failed to run`);
  }
  if (status !== 0 && report.numFailedTests === 0 && !suiteFailures) {
    totals.failed += 1;
    problems.push(`${label}: exited ${status}`);
  }
}

/**
 * @param {string} label
 * @param {string} file
 * @param {number} status
 */
function countPlaywright(label, file, status) {
  if (!fs.existsSync(file)) {
    problems.push(`${label}: no results (exit ${status})`);
    totals.failed += 1;
    return;
  }
  const { stats, errors } = /** @type {{ stats: { expected: number; flaky: number; unexpected: number; skipped: number }; errors?: unknown[] }} */ (
    readJson(file)
  );
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  if (errors?.length) {
    totals.failed += errors.length;
    problems.push(`${label}: ${errors.length} error(s) outside tests (setup or teardown)`);
  }
}

/**
 * A gate passes with exit code 0; any finding fails it (and so `npm test`).
 * @param {string} label
 * @param {number} status
 */
function countGate(label, status) {
  if (status === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    problems.push(`${label}: failed (see above)`);
  }
}

/** Debian's nginx, when installed. */
function hasNginx() {
  return ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"].some((file) => fs.existsSync(file));
}

/**
 * Runs `jobs` at most `limit` at a time, in order.
 * @param {(() => Promise<void>)[]} jobs
 * @param {number} limit
 */
async function inTurn(jobs, limit) {
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await job();
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, jobs.length)) }, worker));
}

const postgres = process.env.DATABASE_URL;

const typecheck = step("Typecheck (react-router typegen && tsc)", "side");
const lint = step("Lint (ESLint)", "side");
const format = step("Format (Prettier)", "side");
const unit = step("Unit and integration tests (PGlite)", "side");
const integration = postgres ? step("Integration tests (PostgreSQL at DATABASE_URL)", "side") : undefined;
const build = step("Production build", "main");
const browser = step("Browser tests (Playwright, Chromium)", "main");
const cluster = step("Cluster test (two processes on PostgreSQL behind nginx, s3rver)", "main");

const side = { niceness: SIDE_NICENESS };
// The route types: the typecheck and ESLint's typed rules read them (nothing else does).
const typegen = run(typecheck, bin("react-router"), ["typegen"], { ...side, last: false });
const sideLane = inTurn(
  [
    async () => {
      const status =
        (await typegen) === 0 ? await run(typecheck, bin("tsc"), [], { ...side, first: false }) : (notRun(typecheck, "react-router typegen failed"), 1);
      countGate(typecheck.label, status);
    },
    async () => {
      await typegen;
      countGate(lint.label, await run(lint, bin("eslint"), [".", "--max-warnings", "0"], side));
    },
    async () => countGate(format.label, await run(format, bin("prettier"), ["--check", "."], side)),
    async () => {
      const file = path.join(work, "vitest-pglite.json");
      const status = await run(unit, bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`], {
        ...side,
        env: { DATABASE_URL: "", TEST_DATABASE_URL: "" },
      });
      countVitest("vitest (PGlite)", file, status);
    },
    async () => {
      if (!integration) return;
      const file = path.join(work, "vitest-postgres.json");
      const status = await run(integration, bin("vitest"), ["run", "tests/integration", "--reporter=default", "--reporter=json", `--outputFile.json=${file}`], {
        ...side,
        env: { TEST_DATABASE_URL: postgres ?? "", DATABASE_URL: "" },
      });
      countVitest("vitest (PostgreSQL)", file, status);
    },
  ],
  SIDE_PARALLEL,
);

const mainLane = (async () => {
  if ((await run(build, process.execPath, [path.join(root, "scripts", "build.mjs")])) !== 0) {
    totals.failed += 1;
    problems.push("build failed: browser tests not run");
    notRun(browser, "not run: the build failed");
    // No build: the cluster test cannot run either (the build failure is counted above).
    notRun(cluster, "not run: the build failed");
    return;
  }
  const e2eFile = path.join(work, "playwright.json");
  countPlaywright(
    "playwright",
    e2eFile,
    // The suite's server uses the embedded database; the two-process scheduling test gets the PostgreSQL server.
    await run(browser, bin("playwright"), ["test"], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile, DATABASE_URL: "", E2E_POSTGRES_URL: postgres ?? "" },
    }),
  );

  if (!postgres || !hasNginx()) {
    const missing = !postgres ? "PostgreSQL (DATABASE_URL)" : "nginx";
    if (process.env.CI && !hasNginx()) {
      totals.failed += 1;
      problems.push("cluster test: nginx is not installed (.ci/run installs it)");
      notRun(cluster, "failed: nginx is not installed");
    } else {
      notRun(cluster, `skipped, needs ${missing}`);
      totals.skipped += 1;
      problems.push(`cluster test: skipped (needs ${missing})`);
    }
    return;
  }
  // After the PostgreSQL suite: both use that server, and this test times what it serves.
  await sideLane;
  const clusterFile = path.join(work, "vitest-cluster.json");
  countVitest(
    "cluster test",
    clusterFile,
    await run(cluster, bin("vitest"), ["run", "-c", "vitest.cluster.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${clusterFile}`], {
      env: { DATABASE_URL: postgres },
    }),
  );
})();

await Promise.all([sideLane, mainLane]);

fs.rmSync(work, { recursive: true, force: true });
console.log("\nTime per step (the two lanes run side by side):");
for (const s of steps) if (s.seconds !== undefined) console.log(`  ${s.seconds.toFixed(0).padStart(5)} s  ${s.lane === "side" ? "side" : "main"}  ${s.label}`);
console.log(`  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  in all`);
for (const p of problems) console.log(`! ${p}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(totals.failed > 0 ? 1 : 0);

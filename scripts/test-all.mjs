// @ts-check
// `npm test`: the quality gates, every suite, then one summary line "N passed, N failed".
//   0. gates: typecheck (react-router typegen && tsc), ESLint, Prettier; each counts as one check
//   1. unit + integration tests (Vitest) on PGlite
//   2. the integration suite again on PostgreSQL when DATABASE_URL is set
//   3. the production build, then the browser journeys (Playwright, Debian's Chromium)
//   4. the cluster test (tests/cluster: two processes on PostgreSQL behind nginx) when DATABASE_URL
//      is set and nginx is installed; in CI (CI set) a missing nginx fails it, elsewhere it is skipped
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
/** @param {string} name */
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "studio-test-"));
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
/** @type {{ label: string; seconds: number }[]} */
const phases = [];
const started = Date.now();

/**
 * @param {string} file
 * @returns {unknown}
 */
function readJson(file) {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

/**
 * @param {string} label
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 */
function run(label, command, args, env = {}) {
  console.log(`\n━━ ${label}`);
  const t0 = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  phases.push({ label, seconds: (Date.now() - t0) / 1000 });
  return result.status ?? 1;
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
 * @param {string} command
 * @param {string[]} args
 */
function gate(label, command, args) {
  if (run(label, command, args) === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    problems.push(`${label}: failed (see above)`);
  }
}

gate("Typecheck (react-router typegen && tsc)", "sh", ["-c", `"${bin("react-router")}" typegen && "${bin("tsc")}"`]);
gate("Lint (ESLint)", bin("eslint"), [".", "--max-warnings", "0"]);
gate("Format (Prettier)", bin("prettier"), ["--check", "."]);

const unitFile = path.join(work, "vitest-pglite.json");
countVitest(
  "vitest (PGlite)",
  unitFile,
  run("Unit and integration tests (PGlite)", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${unitFile}`], {
    DATABASE_URL: "",
    TEST_DATABASE_URL: "",
  }),
);

if (process.env.DATABASE_URL) {
  const pgFile = path.join(work, "vitest-postgres.json");
  countVitest(
    "vitest (PostgreSQL)",
    pgFile,
    run(
      "Integration tests (PostgreSQL at DATABASE_URL)",
      bin("vitest"),
      ["run", "tests/integration", "--reporter=default", "--reporter=json", `--outputFile.json=${pgFile}`],
      {
        TEST_DATABASE_URL: process.env.DATABASE_URL,
        DATABASE_URL: "",
      },
    ),
  );
}

if (run("Production build", process.execPath, [path.join(root, "scripts", "build.mjs")]) !== 0) {
  totals.failed += 1;
  problems.push("build failed: browser tests not run");
} else {
  const e2eFile = path.join(work, "playwright.json");
  countPlaywright(
    "playwright",
    e2eFile,
    // The suite's server uses the embedded database; the two-process scheduling test gets the PostgreSQL server.
    run("Browser tests (Playwright, Chromium)", bin("playwright"), ["test"], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile,
      DATABASE_URL: "",
      E2E_POSTGRES_URL: process.env.DATABASE_URL ?? "",
    }),
  );
}

/** Debian's nginx, when installed. */
function hasNginx() {
  return ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"].some((file) => fs.existsSync(file));
}

if (problems.some((p) => p.startsWith("build failed"))) {
  // No build: the cluster test cannot run either (the build failure is counted above).
} else if (!process.env.DATABASE_URL || !hasNginx()) {
  const missing = !process.env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : "nginx";
  if (process.env.CI && !hasNginx()) {
    totals.failed += 1;
    problems.push("cluster test: nginx is not installed (.ci/run installs it)");
  } else {
    console.log(`\n━━ Cluster test (two processes behind nginx): skipped, needs ${missing}`);
    totals.skipped += 1;
    problems.push(`cluster test: skipped (needs ${missing})`);
  }
} else {
  const clusterFile = path.join(work, "vitest-cluster.json");
  countVitest(
    "cluster test",
    clusterFile,
    run(
      "Cluster test (two processes on PostgreSQL behind nginx, s3rver)",
      bin("vitest"),
      ["run", "-c", "vitest.cluster.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${clusterFile}`],
      { DATABASE_URL: process.env.DATABASE_URL },
    ),
  );
}

fs.rmSync(work, { recursive: true, force: true });
console.log("\nTime per phase:");
for (const p of phases) console.log(`  ${p.seconds.toFixed(0).padStart(5)} s  ${p.label}`);
console.log(`  ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s  in all`);
for (const p of problems) console.log(`! ${p}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(totals.failed > 0 ? 1 : 0);

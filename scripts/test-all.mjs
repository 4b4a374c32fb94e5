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
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { countGate, countPlaywright, countVitest, problems, totals } from "./lib/test-counts.mjs";
import { inTurn, notRun, run, step, steps } from "./lib/test-steps.mjs";

const root = path.resolve(import.meta.dirname, "..");
/** @param {string} name */
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "studio-test-"));
const started = Date.now();
/**
 * Niceness of the side lane (TEST_SIDE_NICENESS, default 0). On a runner of its own, 10 lets it
 * yield the CPU to the browser tests; on a machine others use too, it starved behind their
 * processes (Vitest 5× slower, some tests past their 30 s timeout), so it runs at normal priority.
 */
const SIDE_NICENESS = Number(process.env.TEST_SIDE_NICENESS ?? 0);
/** How many side-lane steps run at once. */
const SIDE_PARALLEL = Number(process.env.TEST_SIDE_PARALLEL ?? 2);

/** Debian's nginx, when installed. */
function hasNginx() {
  return ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"].some((file) => fs.existsSync(file));
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

/**
 * `npm run bench:pages`: Lighthouse (mobile, simulated throttling) on /, /team and /privacy of the
 * built server, with the four category scores, CLS and the compressed JavaScript per page.
 *
 * 1. Uses BENCH_BUILD_DIR (default build-bench-pages): builds into it unless it already holds a
 *    build and BENCH_SKIP_BUILD=1 is set.
 * 2. Starts server/main.js on a free 127.0.0.1 port with a temp DATA_DIR (demo content seeded).
 * 3. Runs node_modules/.bin/lighthouse (CHROME_PATH, default /usr/bin/chromium) once per page.
 * 4. Prints a table and exits non-zero when a target is missed (performance >= 95; accessibility,
 *    best practices and SEO 100; CLS < 0.05; <= 150 KB compressed JavaScript on /).
 * Only 127.0.0.1 is contacted; everything it starts it stops. KEEP_BENCH_DIR=1 keeps the reports.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildInto, canSkipBuild } from "./lib/build";
import { missedTargets, runLighthouse, scores, type Scores } from "./lib/lighthouse";
import { getText, ROOT, startServer } from "./lib/server-process";

const buildDir = path.resolve(ROOT, process.env.BENCH_BUILD_DIR ?? "build-bench-pages");
const pages = (process.env.BENCH_PAGES ?? "/,/team,/privacy").split(",");
const JS_BUDGET_BYTES = 150 * 1024;

type Row = Scores & {
  page: string;
  cls: number;
  lcpMs: number;
  jsBytes: number;
  jsFiles: number;
};

async function main() {
  if (!canSkipBuild(buildDir)) {
    console.log(`Building into ${path.relative(ROOT, buildDir)}…`);
    buildInto(buildDir);
  }

  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-"));
  const server = await startServer({ buildDir, dataDir: path.join(work, "data"), logFile: path.join(work, "server.log") });
  const base = server.url;
  const rows: Row[] = [];
  try {
    for (const page of pages) {
      // Loaded once first, so Lighthouse measures a warm public page cache.
      await getText(base + page, 2);
      const report = runLighthouse(base + page, path.join(work, `lighthouse-${page.replace(/\W+/g, "_") || "home"}.json`), { showErrors: true });
      const scripts = (report.audits["network-requests"]?.details?.items ?? []).filter((i) => i.resourceType === "Script");
      rows.push({
        page,
        ...scores(report),
        cls: report.audits["cumulative-layout-shift"]?.numericValue ?? 0,
        lcpMs: report.audits["largest-contentful-paint"]?.numericValue ?? 0,
        jsBytes: scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
        jsFiles: scripts.length,
      });
    }
  } finally {
    await server.stop();
    if (process.env.KEEP_BENCH_DIR) console.log(`reports kept in ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }

  console.log("\nLighthouse (mobile) against the built server\n");
  console.log("page      perf  a11y  best  seo   CLS     LCP      JS (compressed)");
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(9)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r.bestPractices).padStart(4)}  ${String(r.seo).padStart(3)}   ${r.cls.toFixed(3)}   ${(r.lcpMs / 1000).toFixed(2)} s   ${(r.jsBytes / 1024).toFixed(1)} KB in ${r.jsFiles} files`,
    );
  }
  const misses: string[] = [];
  for (const r of rows) {
    misses.push(...missedTargets(r).map((miss) => `${r.page}: ${miss}`));
    if (r.cls >= 0.05) misses.push(`${r.page}: CLS ${r.cls.toFixed(3)} >= 0.05`);
    if (r.page === "/" && r.jsBytes > JS_BUDGET_BYTES) misses.push(`/: ${(r.jsBytes / 1024).toFixed(1)} KB of JavaScript > 150 KB`);
  }
  console.log(misses.length ? `\nTargets missed:\n  ${misses.join("\n  ")}` : "\nAll targets met.");
  process.exitCode = misses.length ? 1 : 0;
}

await main();

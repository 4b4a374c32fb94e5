/**
 * `npm run bench:blog`: how fast the blog is at 10,000 published posts.
 *
 * 1. Builds the app into its own BUILD_DIR (BENCH_BUILD_DIR, default build-bench-blog), or with
 *    BENCH_SKIP_BUILD=1 reuses the build already there.
 * 2. Makes a throwaway PGlite database in a temp DATA_DIR, inserts 10,000 generated published
 *    posts in batches with 10 revisions each, then VACUUM ANALYZE; times the loaders' database work in-process
 *    (list, category filter, search, post page with markdown, post history) and prints p50/p95;
 *    then the back-office list (/admin/blog: all, drafts, search, page 200) with one post in ten
 *    made a draft and one in a hundred scheduled for the time of the measurement.
 *    With DATABASE_URL it does the same on a throwaway database on that PostgreSQL server.
 * 3. Starts the built server on that data and measures: full renders through HTTP (cache misses),
 *    requests per second of /blog and a post under autocannon (50 connections) next to a bare
 *    Node server sending the same HTML from memory (same run, same machine), and Lighthouse
 *    (mobile) scores for /blog and a post.
 *
 * Only 127.0.0.1 is contacted; every loop is bounded; everything it starts it stops.
 * Options (env): BENCH_POSTS (10000), BENCH_SAMPLES (200), BENCH_DURATION (5 s per load run),
 * BENCH_REDIRECTS (2000 old post addresses redirecting to posts), BENCH_SKIP_BUILD=1,
 * BENCH_SKIP_LIGHTHOUSE=1, BENCH_QUERIES_ONLY=1 (only the database timings: no build, server, load or
 * Lighthouse), KEEP_BENCH_DIR=1.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase } from "../app/server/db/client.server";
import { buildInto, canSkipBuild } from "./lib/build";
import { missedTargets, runLighthouse, scores, weakAudits, type Scores } from "./lib/lighthouse";
import { freePort, getText, ROOT, spawnNode, startServer, waitForOk } from "./lib/server-process";
import { CATEGORIES, fillBlog, rand, REVISIONS } from "./lib/bench-content";
import { measure, median } from "./lib/stats";
import { adminListTimings, printTimings, queryTimings, SEARCHES } from "./lib/blog-query-timings";

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const REDIRECTS = Number(process.env.BENCH_REDIRECTS ?? 2_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const BUILD_DIR = process.env.BENCH_BUILD_DIR ?? "build-bench-blog";

const size = { posts: POSTS, samples: SAMPLES, redirects: REDIRECTS };
const cleanup: (() => Promise<void> | void)[] = [];
const hardStop = setTimeout(() => {
  console.error("bench-blog: took longer than 30 minutes, stopping");
  void shutdown(1);
}, 30 * 60_000);
hardStop.unref();

async function load(url: string) {
  const result = await autocannon({ url, connections: 50, duration: DURATION, timeout: 20 });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Lighthouse scores vary run to run on a shared machine: the median of three runs per category. */
function lighthouse(url: string, outDir: string): Scores & { weak: string[] } {
  const runs = [0, 1, 2].map(() => {
    const report = runLighthouse(url, path.join(outDir, `lh-${crypto.randomBytes(4).toString("hex")}.json`));
    return { ...scores(report), weak: weakAudits(report) };
  });
  return {
    performance: median(runs.map((s) => s.performance)),
    accessibility: median(runs.map((s) => s.accessibility)),
    bestPractices: median(runs.map((s) => s.bestPractices)),
    seo: median(runs.map((s) => s.seo)),
    weak: [...new Set(runs.flatMap((s) => s.weak))],
  };
}

async function shutdown(code: number) {
  for (const step of cleanup.reverse()) {
    try {
      await step();
    } catch (error) {
      console.error("cleanup:", (error as Error).message);
    }
  }
  process.exit(code);
}

/* ------------------------------------------------------------------ main */

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-blog-"));
  if (!process.env.KEEP_BENCH_DIR) cleanup.push(() => fs.rmSync(work, { recursive: true, force: true }));
  console.log(`bench-blog: ${POSTS} published posts, ${SAMPLES} samples per query, ${DURATION} s per load run (work dir ${work})`);

  const queriesOnly = Boolean(process.env.BENCH_QUERIES_ONLY);
  if (!queriesOnly && !canSkipBuild(path.resolve(ROOT, BUILD_DIR))) {
    console.log(`building into ${BUILD_DIR}…`);
    if (!process.env.KEEP_BENCH_DIR) cleanup.push(() => fs.rmSync(path.resolve(ROOT, BUILD_DIR), { recursive: true, force: true }));
    buildInto(path.resolve(ROOT, BUILD_DIR));
  }

  // ---- PGlite: throwaway database, in-process query timings
  const dataDir = path.join(work, "data");
  const pglite = await openDatabase({ dataDir });
  await migrateDatabase(pglite);
  const fillMs = await fillBlog(pglite, { posts: POSTS, redirects: REDIRECTS });
  console.log(`PGlite: inserted ${POSTS} posts with ${REVISIONS} revisions each and ran VACUUM ANALYZE in ${fillMs} ms`);
  printTimings("PGlite, loader database work per request (cache miss)", await queryTimings(pglite, size), 30);
  printTimings(`PGlite, back-office post list (/admin/blog) at ${POSTS} posts`, await adminListTimings(pglite, size), 50);
  await pglite.close();

  // ---- PostgreSQL, when a server is given
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import("pg");
    const name = `bench_blog_${crypto.randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name}`);
      await c.end();
    };
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    const postgres = await openDatabase({ databaseUrl: url.toString(), dataDir: work });
    try {
      await migrateDatabase(postgres);
      await postgres.db.execute(sql`select 1`);
      const ms2 = await fillBlog(postgres, { posts: POSTS, redirects: REDIRECTS });
      console.log(`\nPostgreSQL: inserted ${POSTS} posts with ${REVISIONS} revisions each and analyzed in ${ms2} ms`);
      printTimings("PostgreSQL, loader database work per request (cache miss)", await queryTimings(postgres, size));
      printTimings(`PostgreSQL, back-office post list (/admin/blog) at ${POSTS} posts`, await adminListTimings(postgres, size), 50);
    } finally {
      await postgres.close();
      await dropDatabase();
    }
  } else {
    console.log("\nPostgreSQL: skipped (set DATABASE_URL to a server to include it)");
  }

  if (queriesOnly) return;

  // ---- the built server on the PGlite data
  const server = await startServer({
    buildDir: path.resolve(ROOT, BUILD_DIR),
    dataDir,
    logFile: path.join(work, "server.log"),
    env: { SEED_DEMO: "never", LOG_LEVEL: "warn" },
  });
  cleanup.push(server.stop);
  const base = server.url;

  // Full renders through HTTP: every address is new, so neither cache helps.
  const r = rand(7);
  const renders: [string, { p50: number; p95: number }][] = [];
  const timeFetch = async (u: string) => {
    const { status } = await getText(base + u);
    if (status !== 200) throw new Error(`${u}: ${status}`);
  };
  const httpSamples = Math.min(SAMPLES, 100);
  renders.push(["GET /blog?page=N (unique pages)", await measure(httpSamples, (i) => timeFetch(`/blog?page=${i + 2}`))]);
  renders.push([
    "GET /blog?category=…&page=N",
    await measure(httpSamples, (i) => timeFetch(`/blog?category=${encodeURIComponent(CATEGORIES[i % CATEGORIES.length]!)}&page=${i + 2}`)),
  ]);
  renders.push(["GET /blog?q=… (unique searches)", await measure(httpSamples, (i) => timeFetch(`/blog?q=${SEARCHES[i % SEARCHES.length]}+${i}`))]);
  renders.push(["GET /blog/{slug} (unique posts)", await measure(httpSamples, () => timeFetch(`/blog/bench-post-${Math.floor(r() * POSTS)}`))]);
  printTimings("HTTP, full server render on a cache miss (request to last byte, 127.0.0.1)", renders);

  const postPath = "/blog/bench-post-0";
  // Lighthouse first, while the machine is not yet warm from the load runs.
  if (!process.env.BENCH_SKIP_LIGHTHOUSE) {
    console.log("\nLighthouse (mobile, median of 3 runs)");
    console.log(`  ${"".padEnd(22)}${"perf".padStart(6)}${"a11y".padStart(6)}${"bp".padStart(6)}${"seo".padStart(6)}`);
    for (const [name, p] of [
      ["/blog", "/blog"],
      ["post page", postPath],
    ] as const) {
      try {
        const s = lighthouse(base + p, work);
        const ok = missedTargets(s).length === 0;
        console.log(
          `  ${name.padEnd(22)}${String(s.performance).padStart(6)}${String(s.accessibility).padStart(6)}${String(s.bestPractices).padStart(6)}${String(s.seo).padStart(6)}  ${ok ? "ok" : "BELOW TARGET"}`,
        );
        if (s.weak.length) console.log(`  ${"".padEnd(22)}audits below 0.9 in some run: ${s.weak.join(", ")}`);
      } catch (error) {
        console.log(`  ${name.padEnd(22)}lighthouse failed: ${(error as Error).message.split("\n")[0]}`);
      }
    }
  }
  // Requests per second: cached pages vs a bare Node server sending the same bytes from memory.
  const listHtml = (await getText(`${base}/blog`)).text;
  const postHtml = (await getText(base + postPath)).text;
  fs.writeFileSync(path.join(work, "list.html"), listHtml);
  fs.writeFileSync(path.join(work, "post.html"), postHtml);
  const barePort = await freePort();
  const bare = spawnNode(
    [
      "-e",
      `const http=require("node:http"),fs=require("node:fs");const pages={"/blog":fs.readFileSync(process.argv[1]),"${postPath}":fs.readFileSync(process.argv[2])};` +
        `http.createServer((q,s)=>{const b=pages[q.url];if(!b){s.writeHead(200,{"content-type":"text/plain"});s.end("ok");return}s.writeHead(200,{"content-type":"text/html; charset=utf-8","content-length":b.length,"cache-control":"public, max-age=0, s-maxage=60"});s.end(b)}).listen(${barePort},"127.0.0.1")`,
      path.join(work, "list.html"),
      path.join(work, "post.html"),
    ],
    process.env,
    path.join(work, "bare.log"),
  );
  cleanup.push(bare.stop);
  await waitForOk(`http://127.0.0.1:${barePort}/`, bare.child, path.join(work, "bare.log"));

  // The machine is shared (and so is the load generator): alternate app and bare runs and take
  // each one's median, so a burst of other work does not land on one side only.
  const ROUNDS = 3;
  console.log(`\nLoad (autocannon, 50 connections, ${ROUNDS} alternating rounds of ${DURATION} s, medians; load generator shares the machine)`);
  console.log(`  ${"".padEnd(22)}${"app req/s".padStart(11)}${"bare req/s".padStart(12)}${"ratio".padStart(8)}${"app p99".padStart(10)}`);
  for (const [name, p] of [
    ["/blog", "/blog"],
    ["post page", postPath],
  ] as const) {
    await load(base + p); // warm-up (fills the page cache, JIT)
    const appRuns: Awaited<ReturnType<typeof load>>[] = [];
    const bareRuns: Awaited<ReturnType<typeof load>>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      appRuns.push(await load(base + p));
      bareRuns.push(await load(`http://127.0.0.1:${barePort}${p}`));
    }
    const appRps = median(appRuns.map((x) => x.rps));
    const bareRps = median(bareRuns.map((x) => x.rps));
    const errors = appRuns.reduce((n, x) => n + x.errors, 0);
    const ratio = appRps / bareRps;
    console.log(
      `  ${name.padEnd(22)}${appRps.toFixed(0).padStart(11)}${bareRps.toFixed(0).padStart(12)}${ratio.toFixed(2).padStart(8)}${`${median(appRuns.map((x) => x.p99))} ms`.padStart(10)}` +
        `${errors ? `  (${errors} errors)` : ""}  ${ratio >= 0.5 ? "ok" : "BELOW 0.5"}`,
    );
  }

  console.log("\nTargets: p95 < 30 ms on PGlite (admin list < 50 ms); cached pages >= 0.5 x bare server; Lighthouse perf >= 95, others 100.");
}

main()
  .then(() => shutdown(0))
  .catch(async (error) => {
    console.error("bench-blog failed:", error);
    await shutdown(1);
  });

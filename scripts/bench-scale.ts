/**
 * `npm run bench:scale`: the site at 10,000 and 100,000 posts, on PGlite and on PostgreSQL.
 *
 * For each database and size (BENCH_DATABASES, default "pglite,postgres"; BENCH_SIZES, default
 * "10000,100000"): seeds a throwaway site in its own process (scripts/lib/scale-seed.ts: the posts
 * with revisions and redirects, 2,000 tags, BENCH_EVENTS analytics events over 13 months, rolled
 * up), starts the built server on it (start-up time to the first healthy answer), then measures
 * over HTTP from 127.0.0.1: the first BENCH_SAMPLES (40) posts asked for after start-up (cold
 * caches, the first analytics upkeep), then public pages on a cache miss in the running site,
 * BENCH_MISS_SAMPLES (200) addresses of each kind, every one new (a page served from the page cache
 * stops the run: it would flatter the figure), p50 and p95; BENCH_SAMPLES requests each of the same
 * pages cached and of the back-office signed in; the server's memory after
 * warming every public page; with the server stopped, the sitemap, feed and llms.txt work
 * in-process, and the Analytics screen's loader work for 'Last 12 months' (scale-analytics.ts); then `npm run export` and `npm run import` into an empty site (time, peak memory)
 * and a table-by-table comparison of the two. Prints each figure beside its target, the sizes
 * side by side. PostgreSQL: DATABASE_URL when set, else a throwaway server from
 * scripts/throwaway-postgres.sh (skipped when PostgreSQL is not installed).
 * Only 127.0.0.1 is contacted; everything it starts it stops.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { buildInto, canSkipBuild } from "./lib/build";
import { getText, ROOT, startServer } from "./lib/server-process";
import { signIn } from "./lib/cluster";
import { measure } from "./lib/stats";
import { CATEGORIES, rand, WORDS } from "./lib/bench-content";
import { PAGE_CACHE_HIT_TIMING } from "../app/server/cache/page-cache-rule.server";
import { laterAddresses, WARM_UP_MOST, WARM_UP_PAGES } from "../app/server/site/warm-up.server";
import { afterFirstUpkeep, getBytes, residentMb, runTsx, tableDigests, throwawayDatabase, untilRefined } from "./lib/scale-run";
import { fixedFileTimings } from "./lib/scale-files";
import { printTable, type Figure } from "./lib/scale-table";

const SIZES = (process.env.BENCH_SIZES ?? "10000,100000").split(",").map(Number);
const DATABASES = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",") as ("pglite" | "postgres")[];
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
/** Misses per kind: the p95 of 40 is the second-slowest request, too few to tell a change from noise. */
const MISS_SAMPLES = Number(process.env.BENCH_MISS_SAMPLES ?? 200);
const BUILD_DIR = path.resolve(ROOT, process.env.BENCH_BUILD_DIR ?? "build-bench-scale");
const ADMIN = { email: "bench-owner@studio.test", password: "bench-owner-password-1" };
/** A production server on PostgreSQL needs its own secret (the embedded site makes one in DATA_DIR). */
const AUTH_SECRET = crypto.randomBytes(24).toString("hex");

const cleanup: (() => Promise<void> | void)[] = [];

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

/** A PostgreSQL server: DATABASE_URL, else a throwaway one (null when PostgreSQL is not installed). */
function postgresServer(): string | null {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  try {
    const out = execFileSync("bash", [path.join(ROOT, "scripts/throwaway-postgres.sh"), "start"], { encoding: "utf8" });
    const url = /DATABASE_URL=(\S+)/.exec(out)?.[1];
    const dir = /PG_TMP_DIR=(\S+)/.exec(out)?.[1];
    if (!url || !dir) return null;
    cleanup.push(() => void execFileSync("bash", [path.join(ROOT, "scripts/throwaway-postgres.sh"), "stop", dir]));
    return url;
  } catch {
    return null;
  }
}

/**
 * BENCH_SEEDED_DATA_DIR (PGlite) or BENCH_SEEDED_DATABASE_URL (PostgreSQL): a site seeded before by
 * scripts/lib/scale-seed.ts with the size asked (one size per run), measured without seeding again.
 */
function seededSite(kind: "pglite" | "postgres") {
  const dir = process.env.BENCH_SEEDED_DATA_DIR;
  const url = process.env.BENCH_SEEDED_DATABASE_URL;
  if (kind === "pglite" && dir) return { DATA_DIR: dir, DATABASE_URL: "" };
  if (kind === "postgres" && url) return { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "bench-scale-seeded-")), DATABASE_URL: url };
  return null;
}

async function runOne(kind: "pglite" | "postgres", posts: number, pgServer: string | null): Promise<Figure[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `bench-scale-${kind}-${posts}-`));
  const done: (() => Promise<void> | void)[] = [() => fs.rmSync(work, { recursive: true, force: true })];
  const site = async (name: string) => {
    const dataDir = path.join(work, name);
    if (kind === "pglite") return { DATA_DIR: dataDir, DATABASE_URL: "" };
    const database = await throwawayDatabase(pgServer!);
    done.push(database.drop);
    return { DATA_DIR: dataDir, DATABASE_URL: database.url };
  };
  try {
    const reused = seededSite(kind);
    const env = { ...(reused ?? (await site("data"))), SEED_DEMO: "never", LOG_LEVEL: "warn", AUTH_SECRET };
    const seed = reused
      ? (console.log(`  seeding skipped: the site of ${reused.DATABASE_URL || reused.DATA_DIR} is measured as it is`),
        { seconds: Number.NaN, peakMb: Number.NaN })
      : runTsx("scripts/lib/scale-seed.ts", [], { ...env, SCALE_POSTS: String(posts), SCALE_EVENTS: String(EVENTS) });
    try {
      runTsx("scripts/admin-create.ts", ["--email", ADMIN.email, "--password", ADMIN.password], env);
    } catch (error) {
      if (!reused) throw error; // a site measured before already has the bench's admin
    }

    const started = performance.now();
    const logFile = path.join(work, "server.log");
    // At info, its log tells when its first analytics upkeep is done (httpFigures waits for it).
    const server = await startServer({ buildDir: BUILD_DIR, dataDir: env.DATA_DIR, logFile, env: { ...env, LOG_LEVEL: "info" } });
    const startup = (performance.now() - started) / 1000;
    const figures: Figure[] = [
      // A site seeded before (BENCH_SEEDED_…) has no seeding figures: none are printed.
      ...(reused
        ? []
        : [
            { label: "seed (posts, tags, events, rollups)", value: seed.seconds, unit: "s" },
            { label: "seed peak memory", value: seed.peakMb, unit: "MB" },
          ]),
      { label: "start-up to healthy", value: startup, unit: "s", target: 10 },
    ];
    try {
      figures.push(...(await httpFigures(kind, server.url, posts, logFile)));
      const memory = residentMb(server.pid);
      figures.push(
        { label: "server memory after warming (RSS)", value: memory.now, unit: "MB" },
        { label: "server peak memory", value: memory.peak, unit: "MB" },
      );
    } finally {
      await server.stop();
    }
    figures.push(...(await fixedFileTimings(env, SAMPLES, kind === "pglite" ? 30 : 15)));
    // The Analytics screen's loader work, in-process (scripts/lib/scale-analytics.ts; it adds a few events).
    const screen = JSON.parse(
      runTsx("scripts/lib/scale-analytics.ts", [], { ...env, BENCH_SAMPLES: String(Math.min(SAMPLES, 30)) })
        .stdout.trim()
        .split("\n")
        .at(-1)!,
    ) as {
      firstMs: number;
      quiet: { p95: number };
      busy: { p95: number };
    };
    figures.push(
      { label: "in-process: analytics 12 months, first view", value: screen.firstMs, unit: "ms" },
      { label: "in-process: analytics 12 months, nothing new", value: screen.quiet.p95, unit: "ms", target: 100 },
      { label: "in-process: analytics 12 months, 20 new events", value: screen.busy.p95, unit: "ms", target: 100 },
    );

    const archive = path.join(work, "site.tar.gz");
    const exported = runTsx("scripts/export.ts", ["--out", archive], env);
    const target = { ...(await site("imported")), SEED_DEMO: "never", LOG_LEVEL: "warn", AUTH_SECRET };
    const imported = runTsx("scripts/import.ts", [archive], target);
    figures.push(
      { label: "export", value: exported.seconds, unit: "s" },
      { label: "export peak memory", value: exported.peakMb, unit: "MB" },
      { label: "archive size", value: fs.statSync(archive).size / 1024 / 1024, unit: "MB" },
      { label: "import", value: imported.seconds, unit: "s" },
      { label: "import peak memory", value: imported.peakMb, unit: "MB" },
    );
    const { openDatabase } = await import("../app/server/db/client.server");
    const digest = async (e: { DATA_DIR: string; DATABASE_URL: string }) => {
      const handle = await openDatabase({ dataDir: e.DATA_DIR, databaseUrl: e.DATABASE_URL || undefined });
      try {
        return await tableDigests(handle);
      } finally {
        await handle.close();
      }
    };
    const [before, after] = [await digest(env), await digest(target)];
    const differ = Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
    if (differ.length) console.log(`  round trip differs in: ${differ.join(", ")}`);
    figures.push({ label: "round trip: tables that differ", value: differ.length, unit: "", target: 0 });
    return figures;
  } finally {
    for (const step of done.reverse()) await step();
  }
}

/** Public pages on a cache miss and cached, and the back-office, over HTTP; each address asked once for a miss. */
async function httpFigures(kind: "pglite" | "postgres", base: string, posts: number, logFile: string): Promise<Figure[]> {
  const missTarget = kind === "pglite" ? 30 : 15;
  const r = rand(posts);
  let n = 0;
  /** The address's answer (200 expected), and whether it came from the page cache. */
  const fetchOk = async (url: string, cookie?: string) => {
    const response = await getBytes(base + url, cookie ? { cookie } : {});
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    return { cached: response.headers["server-timing"] === PAGE_CACHE_HIT_TIMING };
  };
  // The warm-up's pages are kept already, and a second reading starts a refinement (decisions 0070, 0066): never asked.
  const asked = new Set<string>([...WARM_UP_PAGES, ...laterAddresses(Math.ceil(posts / 12), [])]);
  /**
   * A miss: an address not asked before in this run, answered by a render; returns its time. A page
   * the server kept before this run asked for it (one of the newest posts its warm-up rendered) is
   * passed over for the next new address, at most as many times as the warm-up renders pages; past
   * that, a page served from the cache stops the run.
   */
  const fetchMiss = async (address: () => string) => {
    for (let passed = 0; ; passed++) {
      let url = address();
      for (let tries = 0; asked.has(url); tries++) {
        if (tries > 1000) throw new Error(`no new address left after ${url}`);
        url = address();
      }
      asked.add(url);
      const started = performance.now();
      const { cached } = await fetchOk(url);
      if (!cached) return performance.now() - started;
      if (passed >= WARM_UP_MOST) throw new Error(`${url} was served from the page cache: not a miss`);
    }
  };
  const [lastPage, categoryPages] = [Math.floor(posts / 12), Math.floor(posts / 12 / CATEGORIES.length)];
  const misses: [string, () => string][] = [
    ["a post", () => `/blog/bench-post-${Math.floor(r() * posts)}`],
    ["/blog, page N", () => `/blog?page=${2 + (n++ % Math.min(lastPage - 1, 5000))}`],
    ["/blog, page ~500", () => `/blog?page=${Math.min(lastPage, 300 + (n++ % 400))}`],
    ["/blog?q= a rare word (one post)", () => `/blog?q=${Math.floor(r() * posts)}`],
    ["/blog?q= two digits (~1% of posts)", () => `/blog?q=${10 + (n++ % 90)}&page=${1 + (Math.floor(n / 90) % 3)}`],
    // Pages 1 to 50 of ten common words (each in most posts; a search's later pages share its ranking), then first pages of new pairs.
    ["/blog?q= a common word, page N", () => `/blog?q=${WORDS[n % 10]}&page=${1 + (Math.floor(n++ / 10) % 50)}`],
    ["/blog?q= two common words, first page", () => ((i) => `/blog?q=${WORDS[i % 50]}+${WORDS[(i + 1 + (Math.floor(i / 50) % 49)) % 50]}`)(n++)],
    [
      "a category, page N",
      () => `/blog?category=${encodeURIComponent(CATEGORIES[n % CATEGORIES.length]!)}&page=${1 + (Math.floor(n++ / CATEGORIES.length) % categoryPages)}`,
    ],
    ["a tag", () => `/blog?tag=topic-${1 + (n++ % 2000)}`],
  ];
  const figures: Figure[] = [];
  // Right after start-up, as before: cold caches, and the first analytics upkeep may fall among them.
  const first = await measure(SAMPLES, () => fetchMiss(misses[0]![1]));
  figures.push({ label: `miss: a post, first ${SAMPLES} after start`, value: first.p95, p50: first.p50, unit: "ms" });
  // The other misses are a running site's: measured once its first analytics upkeep is done (scale-run.ts).
  await afterFirstUpkeep(logFile);

  for (const [label, next] of misses) {
    const { p50, p95 } = await measure(MISS_SAMPLES, () => fetchMiss(next));
    figures.push({ label: `miss: ${label}`, value: p95, p50, unit: "ms", target: missTarget });
  }
  for (const url of ["/", "/blog", "/blog/bench-post-1", "/sitemap.xml", "/rss.xml", "/llms.txt"]) {
    if (!(await untilRefined(base, url, PAGE_CACHE_HIT_TIMING))) throw new Error(`${url} was not kept and refined within 15 s`);
    const { p95 } = await measure(SAMPLES, () => fetchOk(url));
    figures.push({ label: `cached: ${url}`, value: p95, unit: "ms" });
  }
  const cookie = await signIn(base, base, ADMIN.email, ADMIN.password);
  // The year's page sums are kept once computed (decision 0038): the first view is shown apart.
  const firstStarted = performance.now();
  await fetchOk("/admin/analytics?period=12m", cookie);
  figures.push({ label: "admin: analytics, 12 months, first view", value: performance.now() - firstStarted, unit: "ms" });
  const adminPages: [string, string][] = [
    ["admin: posts, page 1", "/admin/blog"],
    ["admin: posts, last page", `/admin/blog?page=${Math.ceil(posts / 25)}`],
    ["admin: posts, search", "/admin/blog?q=automation"],
    ["admin: dashboard", "/admin/dashboard"],
    ["admin: analytics, 12 months", "/admin/analytics?period=12m"],
  ];
  for (const [label, url] of adminPages) {
    const { p95 } = await measure(Math.min(SAMPLES, 20), () => fetchOk(url, cookie));
    figures.push({ label, value: p95, unit: "ms", target: 100 });
  }
  // Warm every public page kind once more so the memory figure includes them all.
  for (const url of ["/", "/team", "/privacy", "/terms", "/audit", "/blog", "/sitemaps/1.xml"]) await getText(base + url);
  return figures;
}

async function main() {
  const timer = setTimeout(() => void shutdown(1), 3 * 60 * 60_000);
  timer.unref();
  if (!canSkipBuild(BUILD_DIR)) buildInto(BUILD_DIR);
  const pgServer = DATABASES.includes("postgres") ? postgresServer() : null;
  const results = new Map<string, Map<number, Figure[]>>();
  for (const kind of DATABASES) {
    if (kind === "postgres" && !pgServer) {
      console.log("PostgreSQL: skipped (not installed and DATABASE_URL not set)");
      continue;
    }
    const bySize = new Map<number, Figure[]>();
    for (const posts of SIZES) {
      console.log(`bench-scale: ${kind}, ${posts.toLocaleString("en")} posts…`);
      bySize.set(posts, await runOne(kind, posts, pgServer));
      printTable(new Map([[kind, bySize]]), EVENTS); // as measured too: a run stopped later still leaves the sizes it finished
    }
    results.set(kind, bySize);
  }
  console.log("\nAll runs:");
  printTable(results, EVENTS);
  console.log(
    "\nmiss: a full server render of an address asked for the first time, in the running site (p50 / p95, request to last byte, Brotli accepted, the bytes counted as sent, not decoded; the target is the p95); cached: the same address again, once kept, compressed and refined (asked until the page cache answers with its refined copy).",
  );
}

main()
  .then(() => shutdown(0))
  .catch(async (error) => {
    console.error("bench-scale failed:", error);
    await shutdown(1);
  });

/**
 * `npm run bench:abuse`: hostile traffic against a built server, for a bounded time, on 127.0.0.1 only.
 *
 * 1. Uses BENCH_BUILD_DIR (default build-bench-abuse): builds into it unless it already holds a
 *    build and BENCH_SKIP_BUILD=1 is set. Starts server/main.js with a temp DATA_DIR (demo content)
 *    and TRUST_PROXY=1, so flood requests can come from many made-up addresses (X-Forwarded-For).
 * 2. A cached page (/): one request every 10 ms for BENCH_SECONDS (10) alone; then again while a
 *    cache-busting flood (/?u=N, or / with a made-up cookie) runs at BENCH_FLOOD_RATE (40) requests a
 *    second from BENCH_FLOOD_CLIENTS (8) connections; then while a flood of made-up 404 paths runs.
 *    Prints p50/p99 of each; target: the flood raises the p50 by less than 2×.
 * 3. Large bodies: BENCH_BODIES (20) bodies of 50 MB sent in chunks, 4 at a time, to the endpoints
 *    anyone may post to; prints the statuses and the server's peak resident memory over its figure before.
 * 4. Analytics: BENCH_EVENTS (3,000) valid beacon events from many addresses with a poisoned one
 *    (a NUL byte in its path) every 500; stops the server (it writes its batch on the way out),
 *    opens its database and prints events stored vs valid ones sent: no valid event may be lost.
 * Reported only (exit 0 unless the run itself fails or a valid event was lost). Everything it starts it stops.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { buildInto, canSkipBuild } from "./lib/build";
import { countStoredEvents } from "./lib/stored-events";
import { residentBytes, sendChunked, withPeakResident } from "./lib/hostile";
import { getText, ROOT, startServer } from "./lib/server-process";
import { percentile } from "./lib/stats";

const buildDir = path.resolve(ROOT, process.env.BENCH_BUILD_DIR ?? "build-bench-abuse");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The cached page is asked for once every this many milliseconds (a steady reader, not a load). */
const SAMPLE_EVERY_MS = 10;
const FLOOD_RATE = Number(process.env.BENCH_FLOOD_RATE ?? 40);
const FLOOD_CLIENTS = Number(process.env.BENCH_FLOOD_CLIENTS ?? 8);
const BODIES = Number(process.env.BENCH_BODIES ?? 20);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 3000);
const MB = 1024 * 1024;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";

const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** One GET on a kept-alive connection: its status and milliseconds to the last byte. */
function timedGet(agent: http.Agent, url: string, headers: Record<string, string> = {}): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { "accept-encoding": "br, gzip", "user-agent": BROWSER, ...headers } }, (response) => {
        response.on("data", () => {});
        response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      })
      .on("error", reject);
  });
}

type Latency = { p50: number; p99: number; statuses: Record<number, number> };

/** The cached page, once every SAMPLE_EVERY_MS for SECONDS (the next request waits for the one before). */
async function measureCachedPage(url: string): Promise<Latency> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  const end = performance.now() + SECONDS * 1000;
  try {
    while (performance.now() < end) {
      const { status, ms } = await timedGet(agent, `${url}/`);
      statuses[status] = (statuses[status] ?? 0) + 1;
      times.push(ms);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, SAMPLE_EVERY_MS - ms)));
    }
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), statuses };
}

/** Runs a flood of `pathFor(n)` at FLOOD_RATE requests a second until stop() is called; counts statuses. */
function startFlood(url: string, pathFor: (n: number) => string, headersFor: (n: number) => Record<string, string> = () => ({})) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: FLOOD_CLIENTS });
  const statuses: Record<string, number> = {};
  let n = 0;
  let inFlight = 0;
  const timer = setInterval(() => {
    // Never more than the connections can carry: the flood is a steady rate, not a pile-up.
    if (inFlight >= FLOOD_CLIENTS * 4) return;
    n += 1;
    inFlight += 1;
    timedGet(agent, `${url}${pathFor(n)}`, { "x-forwarded-for": address(n), ...headersFor(n) })
      .then(({ status }) => (statuses[status] = (statuses[status] ?? 0) + 1))
      .catch(() => (statuses.error = (statuses.error ?? 0) + 1))
      .finally(() => (inFlight -= 1));
  }, 1000 / FLOOD_RATE);
  const started = performance.now();
  return {
    stop() {
      clearInterval(timer);
      agent.destroy();
      return { sent: n, seconds: (performance.now() - started) / 1000, statuses };
    },
  };
}

async function largeBodies(url: string, pid: number) {
  const targets: [string, string][] = [
    ["/api/leads", "multipart/form-data; boundary=x"],
    ["/audit", "application/x-www-form-urlencoded"],
    ["/admin/auth", "application/x-www-form-urlencoded"],
    ["/api/auth/sign-in/email", "application/json"],
    ["/api/event", "text/plain"],
  ];
  const before = residentBytes(pid);
  const statuses: Record<string, number> = {};
  const started = performance.now();
  const { peakBytes } = await withPeakResident(pid, async () => {
    for (let i = 0; i < BODIES; i += 4) {
      await Promise.all(
        Array.from({ length: Math.min(4, BODIES - i) }, async (_, j) => {
          const [target, type] = targets[(i + j) % targets.length]!;
          try {
            const { status } = await sendChunked(`${url}${target}`, 50 * MB, { Origin: url, "Content-Type": type });
            statuses[status] = (statuses[status] ?? 0) + 1;
          } catch {
            statuses.error = (statuses.error ?? 0) + 1;
          }
        }),
      );
    }
  });
  return { before, peakBytes, statuses, seconds: (performance.now() - started) / 1000 };
}

async function analyticsEvents(url: string) {
  const statuses: Record<string, number> = {};
  let valid = 0;
  let poisoned = 0;
  const send = async (n: number) => {
    const bad = n % 500 === 250;
    if (bad) poisoned += 1;
    else valid += 1;
    const body = JSON.stringify({ type: "pageview", path: bad ? `/blog/poison\u0000${n}` : `/blog/post-${n % 40}`, landing: "/", referrer: "" });
    const response = await fetch(`${url}/api/event`, {
      method: "POST",
      headers: { origin: url, "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER, "x-forwarded-for": address(n) },
      body,
    });
    await response.arrayBuffer();
    const key = bad ? `poisoned ${response.status}` : `valid ${response.status}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
  };
  for (let n = 0; n < EVENTS; n += 20) await Promise.all(Array.from({ length: Math.min(20, EVENTS - n) }, (_, j) => send(n + j)));
  return { valid, poisoned, statuses };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const show = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");

async function main() {
  if (!canSkipBuild(buildDir)) {
    console.log(`Building into ${path.relative(ROOT, buildDir)}…`);
    buildInto(buildDir);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-abuse-"));
  const misses: string[] = [];
  try {
    const dataDir = path.join(work, "data");
    const server = await startServer({ buildDir, dataDir, logFile: path.join(work, "server.log"), env: { TRUST_PROXY: "1", LOG_LEVEL: "warn" } });
    let analytics: Awaited<ReturnType<typeof analyticsEvents>>;
    try {
      // The page is kept, then refined in the background: measured once that is done.
      for (let i = 0; i < 5; i++) await getText(`${server.url}/`);
      await new Promise((resolve) => setTimeout(resolve, 2000));

      console.log(`Cached page /: one request every ${SAMPLE_EVERY_MS} ms for ${SECONDS} s, alone…`);
      const alone = await measureCachedPage(server.url);
      console.log(`…under a cache-busting flood (/?u=N, or / with a made-up cookie, ${FLOOD_RATE}/s)…`);
      // Half with a made-up parameter, half with a made-up cookie: two ways past a cache keyed on the whole request.
      const busting = startFlood(
        server.url,
        (n) => (n % 2 ? `/?u=${n}` : "/"),
        (n): Record<string, string> => (n % 2 ? {} : { cookie: `visitor=${n}` }),
      );
      const underBusting = await measureCachedPage(server.url);
      const bustingFlood = busting.stop();
      console.log(`…under a flood of made-up 404 paths (${FLOOD_RATE}/s)…`);
      const notFound = startFlood(server.url, (n) => `/no-such-page-${n}`);
      const underNotFound = await measureCachedPage(server.url);
      const notFoundFlood = notFound.stop();

      console.log(`Large bodies: ${BODIES} × 50 MB in chunks, 4 at a time…`);
      const bodies = await largeBodies(server.url, server.pid);

      console.log(`Analytics: ${EVENTS} events, a poisoned one every 500…`);
      analytics = await analyticsEvents(server.url);

      console.log(`\nCached page / (one request every ${SAMPLE_EVERY_MS} ms for ${SECONDS} s, kept-alive connection)`);
      console.log(`  alone                       p50 ${ms(alone.p50)}   p99 ${ms(alone.p99)}   ${show(alone.statuses)}`);
      console.log(`  under a cache-busting flood p50 ${ms(underBusting.p50)}   p99 ${ms(underBusting.p99)}   ${show(underBusting.statuses)}`);
      console.log(
        `    flood: ${bustingFlood.sent} requests in ${bustingFlood.seconds.toFixed(1)} s (${(bustingFlood.sent / bustingFlood.seconds).toFixed(0)}/s)   ${show(bustingFlood.statuses)}`,
      );
      console.log(`  under a 404 flood           p50 ${ms(underNotFound.p50)}   p99 ${ms(underNotFound.p99)}   ${show(underNotFound.statuses)}`);
      console.log(
        `    flood: ${notFoundFlood.sent} requests in ${notFoundFlood.seconds.toFixed(1)} s (${(notFoundFlood.sent / notFoundFlood.seconds).toFixed(0)}/s)   ${show(notFoundFlood.statuses)}`,
      );
      console.log(`  target: p50 under a flood < 2 × alone (${ms(2 * alone.p50)})`);
      if (underBusting.p50 >= 2 * alone.p50) misses.push(`p50 under the cache-busting flood ${ms(underBusting.p50)} ≥ 2 × ${ms(alone.p50)}`);
      if (underNotFound.p50 >= 2 * alone.p50) misses.push(`p50 under the 404 flood ${ms(underNotFound.p50)} ≥ 2 × ${ms(alone.p50)}`);

      const growth = (bodies.peakBytes - bodies.before) / MB;
      console.log(`\nLarge bodies (${BODIES} × 50 MB, chunked, 4 at a time, ${bodies.seconds.toFixed(1)} s)`);
      console.log(`  answers: ${show(bodies.statuses)}`);
      console.log(`  server memory: ${(bodies.before / MB).toFixed(0)} MB before, peak ${(bodies.peakBytes / MB).toFixed(0)} MB (+${growth.toFixed(0)} MB)`);
    } finally {
      await server.stop();
    }
    const stored = await countStoredEvents(dataDir);
    const accepted = analytics.statuses["valid 204"] ?? 0;
    console.log(`\nAnalytics events (${analytics.valid} valid, ${analytics.poisoned} poisoned with a NUL byte)`);
    console.log(`  answers: ${show(analytics.statuses)}`);
    console.log(`  stored: ${stored} of ${accepted} valid events accepted   lost: ${Math.max(0, accepted - stored)}`);
    if (stored < accepted) misses.push(`${accepted - stored} valid events accepted but not stored`);
    console.log(misses.length ? `\nTargets missed:\n  ${misses.join("\n  ")}` : "\nAll targets met.");
    console.log("\n(Load generator and server share this machine's cores: compare figures within one run.)");
    process.exitCode = stored < accepted ? 1 : 0;
  } finally {
    if (process.env.KEEP_BENCH_DIR) console.log(`kept ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();

/**
 * `npm run bench:analytics`: the beacon's collect endpoint under load, and the beacon's cost to the home page.
 *
 * 1. Uses BENCH_BUILD_DIR (default build-bench-analytics): builds into it unless it already holds a
 *    build and BENCH_SKIP_BUILD=1 is set.
 * 2. Starts server/main.js on 127.0.0.1 with a temp DATA_DIR and TRUST_PROXY=true, so each event can
 *    come from its own fake address (X-Forwarded-For; 4,000 addresses, each under the endpoint's
 *    300 events a minute), and sends BENCH_RATE (5,000) events a second for BENCH_SECONDS (20) with
 *    autocannon in this process (keep-alive connections): page views, CTA clicks and dialog events.
 * 3. Stops the server (it writes its batch on the way out), opens its database and counts the
 *    stored events: at least every accepted (204) one, nothing lost (the few still in flight when
 *    the run stops are stored too, without their answer being counted).
 * 4. Lighthouse (mobile) on / with ANALYTICS=off and on, BENCH_LH_RUNS (3) runs each, alternating; medians.
 * Prints events/s accepted and stored, the endpoint's p50/p99, and the Lighthouse figures; exits
 * non-zero when an event was lost or the home page got slower with the beacon (performance score down
 * by more than 2 points, or LCP up by more than 10 %). Only 127.0.0.1 is contacted; everything it starts it stops.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildInto, canSkipBuild } from "./lib/build";
import { countStoredEvents } from "./lib/stored-events";
import { runLighthouse, scores } from "./lib/lighthouse";
import { getText, ROOT, startServer } from "./lib/server-process";
import { median } from "./lib/stats";

const buildDir = path.resolve(ROOT, process.env.BENCH_BUILD_DIR ?? "build-bench-analytics");
const RATE = Number(process.env.BENCH_RATE ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const ADDRESSES = 4000;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";

/** The events a day of visits sends, in proportion: mostly page views. */
function eventBody(n: number) {
  const pages = ["/", "/blog", "/team", "/privacy", `/blog/post-${n % 40}`];
  const path = pages[n % pages.length]!;
  if (n % 10 === 7) return JSON.stringify({ type: "cta", path, landing: "/", label: "audit-hero" });
  if (n % 20 === 9) return JSON.stringify({ type: "audit_open", path, landing: "/" });
  return JSON.stringify({
    type: "pageview",
    path,
    landing: "/",
    referrer: n % 3 === 0 ? "https://news.example/item" : "",
    utm_source: n % 5 === 0 ? "newsletter" : "",
    utm_medium: n % 5 === 0 ? "email" : "",
    utm_campaign: n % 5 === 0 ? `week-${n % 4}` : "",
  });
}

async function load(url: string) {
  let n = 0;
  return autocannon({
    url: `${url}/api/event`,
    connections: 50,
    duration: SECONDS,
    overallRate: RATE,
    timeout: 10,
    method: "POST",
    headers: { origin: url, "content-type": "text/plain;charset=UTF-8", "user-agent": BROWSER },
    requests: [
      {
        method: "POST",
        path: "/api/event",
        setupRequest: (request) => {
          n += 1;
          const address = n % ADDRESSES;
          return {
            ...request,
            headers: { ...request.headers, "x-forwarded-for": `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` },
            body: eventBody(n),
          };
        },
      },
    ],
  });
}

async function lighthouseHome(work: string, analytics: "on" | "off", run: number) {
  const dataDir = path.join(work, `data-lh-${analytics}`);
  const server = await startServer({ buildDir, dataDir, logFile: path.join(work, `server-lh-${analytics}.log`), env: { ANALYTICS: analytics } });
  try {
    // Loaded once first, so Lighthouse measures a warm public page cache.
    await getText(`${server.url}/`, 2);
    const report = runLighthouse(`${server.url}/`, path.join(work, `lighthouse-${analytics}-${run}.json`), { showErrors: true });
    return { performance: scores(report).performance, lcpMs: report.audits["largest-contentful-paint"]?.numericValue ?? 0 };
  } finally {
    await server.stop();
  }
}

async function main() {
  if (!canSkipBuild(buildDir)) {
    console.log(`Building into ${path.relative(ROOT, buildDir)}…`);
    buildInto(buildDir);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-analytics-"));
  try {
    const dataDir = path.join(work, "data");
    const server = await startServer({ buildDir, dataDir, logFile: path.join(work, "server.log"), env: { TRUST_PROXY: "true", LOG_LEVEL: "warn" } });
    let result: Awaited<ReturnType<typeof load>>;
    try {
      console.log(`Sending ${RATE} events/s to /api/event for ${SECONDS} s…`);
      result = await load(server.url);
    } finally {
      await server.stop();
    }
    const stored = await countStoredEvents(dataDir);
    const accepted = result["2xx"];

    const lighthouse: Record<"on" | "off", { performance: number; lcpMs: number }[]> = { on: [], off: [] };
    for (let run = 0; run < LH_RUNS; run++) {
      for (const mode of ["off", "on"] as const) {
        console.log(`Lighthouse on / with ANALYTICS=${mode} (run ${run + 1} of ${LH_RUNS})…`);
        lighthouse[mode].push(await lighthouseHome(work, mode, run));
      }
    }
    const summary = (mode: "on" | "off") => ({
      performance: median(lighthouse[mode].map((r) => r.performance)),
      lcpMs: median(lighthouse[mode].map((r) => r.lcpMs)),
    });
    const off = summary("off");
    const on = summary("on");

    console.log(
      `\nCollect endpoint: ${RATE} events/s offered for ${result.duration.toFixed(1)} s (autocannon, 50 keep-alive connections, ${ADDRESSES} addresses)`,
    );
    console.log(`  sent      ${result.requests.sent}`);
    console.log(`  accepted  ${accepted} (204)   ${(accepted / result.duration).toFixed(0)} events/s`);
    // Requests still in flight when autocannon stops (one per connection at most) are stored without their answer being counted.
    console.log(
      `  stored    ${stored}   ${(stored / result.duration).toFixed(0)} events/s   lost: ${Math.max(0, accepted - stored)} (answered after the run: ${Math.max(0, stored - accepted)})`,
    );
    console.log(`  refused   ${result.non2xx}   errors ${result.errors}   timeouts ${result.timeouts}`);
    console.log(`  latency   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms`);
    console.log(`\nLighthouse (mobile) on /, medians of ${LH_RUNS} runs`);
    console.log(`  beacon off  performance ${off.performance}   LCP ${(off.lcpMs / 1000).toFixed(2)} s`);
    console.log(`  beacon on   performance ${on.performance}   LCP ${(on.lcpMs / 1000).toFixed(2)} s`);

    const misses: string[] = [];
    if (stored < accepted) misses.push(`${accepted - stored} accepted events were not stored`);
    if (result.non2xx > 0 || result.errors > 0) misses.push(`${result.non2xx} refused and ${result.errors} failed requests`);
    if (on.performance < off.performance - 2) misses.push(`performance ${on.performance} with the beacon < ${off.performance} without`);
    if (on.lcpMs > off.lcpMs * 1.1) misses.push(`LCP ${on.lcpMs.toFixed(0)} ms with the beacon > ${off.lcpMs.toFixed(0)} ms without (+10 %)`);
    console.log(misses.length ? `\nTargets missed:\n  ${misses.join("\n  ")}` : "\nAll targets met.");
    process.exitCode = misses.length ? 1 : 0;
  } finally {
    if (process.env.KEEP_BENCH_DIR) console.log(`kept ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();

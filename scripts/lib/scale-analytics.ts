/**
 * bench:scale's in-process timing of /admin/analytics 'Last 12 months': the route loader's work
 * (analyticsScreen: this process's queued events written, the roll-up on view, the report) on the
 * site DATA_DIR (or DATABASE_URL) names, run as its own process with the server stopped (an
 * embedded database opens in one process at a time). The first view (nothing kept yet) apart,
 * then BENCH_SAMPLES views with no new event between them ("quiet"), and as many with
 * BENCH_NEW_EVENTS (20) events of today queued before each ("busy", a site being read meanwhile).
 * Prints one JSON line: { firstMs, quiet: { p50, p95 }, busy: { p50, p95 } }, times in ms.
 * `tsx scripts/lib/scale-analytics.ts` on a site seeded by scale-seed.ts measures it alone.
 */
import { pathToFileURL } from "node:url";
import { closeDatabase } from "../../app/server/db/client.server";
import { queueEvent, utcDay } from "../../app/server/analytics/store.server";
import { analyticsScreen } from "../../app/server/analytics/screen.server";
import { periodRange } from "../../app/lib/analytics-period";
import { measure } from "./stats";

const NEW_EVENTS = Number(process.env.BENCH_NEW_EVENTS ?? 20);

export async function analyticsScreenTimings(samples: number) {
  const view = () => analyticsScreen(periodRange("12m", new Date()));
  let n = 0;
  const arrive = () => {
    for (let i = 0; i < NEW_EVENTS; i++, n++) {
      queueEvent({
        day: utcDay(),
        visitor: `bench-${n % 500}`,
        type: "pageview",
        path: n % 3 ? `/blog/bench-post-${n % 1000}` : "/",
        referrer: n % 4 ? null : "www.bing.com",
        landing: "/",
      });
    }
  };
  const started = performance.now();
  await view();
  const firstMs = performance.now() - started;
  const quiet = await measure(samples, view);
  const busy = await measure(samples, () => (arrive(), view()));
  return { firstMs, quiet, busy };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const result = await analyticsScreenTimings(Number(process.env.BENCH_SAMPLES ?? 40));
  console.log(JSON.stringify(result));
  await closeDatabase();
}

/**
 * `npm run bench:cluster`: the production topology under load (issue #15).
 *
 * 1. Uses BENCH_BUILD_DIR (default build-bench-cluster): builds into it unless it already holds a
 *    build and BENCH_SKIP_BUILD=1 is set.
 * 2. PostgreSQL: the server at DATABASE_URL, else a throwaway one (scripts/throwaway-postgres.sh).
 *    Starts the cluster of the cluster test (scripts/lib/cluster.ts): two app processes on one
 *    database behind Debian's nginx, uploads in s3rver. BENCH_PORT_BASE pins its four ports.
 * 3. For BENCH_SECONDS (60): 200 reader connections (BENCH_CONNECTIONS) through nginx across the
 *    public pages, and a writer: an admin saving a new post through process A about every second;
 *    after each save, process B's blog list is read until it shows the post (the freshness).
 * 4. Prints errors (must be 0), non-2xx, p50/p99 latency, requests/s, and the freshness after the
 *    writes (p50 and worst); exits non-zero on any error or non-2xx answer, or a write B never showed.
 * Only 127.0.0.1 is contacted; everything it starts it stops.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import { buildInto, canSkipBuild } from "./lib/build";
import { createPostThrough, signIn, startCluster } from "./lib/cluster";
import { ROOT } from "./lib/server-process";
import { median } from "./lib/stats";

const buildDir = path.resolve(ROOT, process.env.BENCH_BUILD_DIR ?? "build-bench-cluster");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const PORT_BASE = process.env.BENCH_PORT_BASE ? Number(process.env.BENCH_PORT_BASE) : undefined;

function throwawayPostgres() {
  const script = path.join(ROOT, "scripts/throwaway-postgres.sh");
  const out = execFileSync(script, ["start"], { encoding: "utf8" });
  const url = /DATABASE_URL=(\S+)/.exec(out)?.[1];
  const dir = /PG_TMP_DIR=(\S+)/.exec(out)?.[1];
  if (!url || !dir) throw new Error(`could not start PostgreSQL: ${out}`);
  return { url, stop: () => execFileSync(script, ["stop", dir]) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  if (!canSkipBuild(buildDir)) {
    console.log(`Building into ${path.relative(ROOT, buildDir)}…`);
    buildInto(buildDir);
  }
  const postgres = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, stop: () => undefined } : throwawayPostgres();
  const cluster = await startCluster({ buildDir, serverUrl: postgres.url, portBase: PORT_BASE, env: { LOG_LEVEL: "error" } }).catch((error: unknown) => {
    postgres.stop();
    throw error;
  });
  try {
    const cookie = await signIn(cluster.a.url, cluster.a.url, cluster.admin.email, cluster.admin.password);
    const run = Date.now().toString(36);
    let written = 0;
    const write = async () => {
      written += 1;
      const title = `Bench post ${run} ${written}`;
      const slug = `bench-post-${run}-${written}`;
      await createPostThrough(cluster.a.url, cluster.a.url, cookie, { title, slug });
      return { title, slug };
    };
    // A few posts for the readers' pages.
    const slugs: string[] = [];
    for (let i = 0; i < 5; i++) slugs.push((await write()).slug);
    const paths = ["/", "/blog", "/team", "/privacy", "/blog?page=1", ...slugs.map((s) => `/blog/${s}`)];

    console.log(`Readers: ${CONNECTIONS} connections through nginx for ${SECONDS} s; a writer on process A every ~second…`);
    const readers = autocannon({ url: cluster.url, connections: CONNECTIONS, duration: SECONDS, timeout: 10, requests: paths.map((p) => ({ path: p })) });

    const freshness: number[] = [];
    let unseen = 0;
    const deadline = Date.now() + SECONDS * 1000 - 1500;
    while (Date.now() < deadline) {
      const started = Date.now();
      const { title } = await write();
      const saved = Date.now();
      let seenAfter: number | null = null;
      while (Date.now() - saved < 10_000) {
        const response = await fetch(`${cluster.b.url}/blog`);
        if ((await response.text()).includes(title)) {
          seenAfter = Date.now() - saved;
          break;
        }
        await sleep(20);
      }
      if (seenAfter === null) unseen += 1;
      else freshness.push(seenAfter);
      await sleep(Math.max(0, 1000 - (Date.now() - started)));
    }
    const result = await readers;

    // autocannon counts a timeout as an error too.
    const errors = Math.max(result.errors, result.timeouts);
    const sorted = [...freshness].sort((x, y) => x - y);
    console.log("\nbench:cluster — two processes on PostgreSQL behind nginx");
    console.log(`  readers:   ${CONNECTIONS} connections, ${result.requests.total} requests in ${SECONDS} s = ${Math.round(result.requests.average)} req/s`);
    console.log(`  latency:   p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
    console.log(`  errors:    ${errors} (of which timeouts after 10 s: ${result.timeouts})`);
    console.log(`  non-2xx:   ${result.non2xx}`);
    console.log(`  writes:    ${freshness.length + unseen} posts saved through process A`);
    console.log(
      `  freshness: process B showed each new post ${sorted.length ? `after p50 ${median(sorted)} ms, worst ${sorted.at(-1)} ms` : "(no writes)"}${unseen ? `; ${unseen} never within 10 s` : ""}`,
    );
    const ok = errors === 0 && result.non2xx === 0 && unseen === 0;
    console.log(ok ? "\n✔ no errors" : "\n✖ errors, non-2xx answers or stale reads (see above)");
    process.exitCode = ok ? 0 : 1;
  } finally {
    await cluster.stop();
    postgres.stop();
  }
}

await main();

/**
 * bench:scale's parts: a child process timed with its peak memory, a throwaway database on the
 * PostgreSQL server, the server's resident memory, and a digest of every table to compare a site
 * with its export imported elsewhere.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import type { DbHandle } from "../../app/server/db/client.server";
import { isExcludedTable } from "../../app/server/archive/archive-format.server";
import { FIRST_PERIODIC_RUN } from "../../app/server/jobs/jobs.server";
import { ROOT } from "./server-process";

export type ChildRun = { stdout: string; seconds: number; peakMb: number };

/**
 * Runs `node --import tsx <script> <args>` from the repository root under /usr/bin/time and returns
 * its output, wall time and peak resident memory; throws with its output when it fails.
 */
export function runTsx(script: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 60 * 60_000): ChildRun {
  const result = spawnSync("/usr/bin/time", ["-f", "TIME %e %M", process.execPath, "--import", "tsx", script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  const timing = /TIME ([\d.]+) (\d+)\s*$/.exec(result.stderr ?? "");
  if (result.status !== 0 || !timing) throw new Error(`${script} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
  return { stdout: result.stdout, seconds: Number(timing[1]), peakMb: Math.round(Number(timing[2]) / 1024) };
}

/** A new empty database on the PostgreSQL server at `serverUrl`; its URL and a drop(). */
export async function throwawayDatabase(serverUrl: string) {
  const { default: pg } = await import("pg");
  const name = `bench_scale_${crypto.randomBytes(5).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** A process's resident memory now and at its peak, in MB (Linux /proc). */
export function residentMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { now: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}

/**
 * Each table of the site's schema: its row count and a digest of its rows (each row's text hashed,
 * the hashes sorted and hashed again, so row order does not matter and no table is held whole);
 * the tables an archive leaves out (sessions, counters) are not compared.
 */
export async function tableDigests(handle: DbHandle) {
  const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
  const tables = rowsOf<{ name: string }>(
    await handle.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    if (isExcludedTable(name) || name.startsWith("__drizzle")) continue;
    const [row] = rowsOf<{ n: number; digest: string }>(
      await handle.db.execute(
        sql`select count(*)::int as n, md5(coalesce(string_agg(h, '' order by h), '')) as digest from (select md5(t::text) as h from ${sql.identifier(name)} t) rows`,
      ),
    );
    digests[name] = `${row?.n ?? 0}:${row?.digest ?? ""}`;
  }
  return digests;
}

/**
 * Asks `base + url` until the page cache answers it in its final form (at once for a type it does
 * not keep): a hit (the Server-Timing mark `hitTiming`) sent whole from memory (a Content-Length:
 * until its encodings are made, a kept page goes through Express, compressed as it streams) and,
 * for a page with an inline stylesheet, the refined copy (`data-cut=""`, decision 0036); every
 * 0.25 s for at most `timeoutMs`; whether it got there. Refining the home page (PurgeCSS, Brotli 11
 * of ~260 KB) can outlast a fixed few asks on a loaded machine, and a "cached" figure measured
 * meanwhile also measured the refinement.
 */
export async function untilRefined(base: string, url: string, hitTiming: string, timeoutMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(base + url, { headers: { "accept-encoding": "gzip, br" } });
    const body = await response.text();
    if (!/^(text\/(html|markdown|plain)|application\/(rss\+)?xml)\b/.test(response.headers.get("content-type") ?? "")) return true;
    const fromMemory = response.headers.get("server-timing") === hitTiming && response.headers.has("content-length");
    if (fromMemory && (!body.includes("<style data-href") || body.includes('data-cut=""'))) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

const keptAlive = new http.Agent({ keepAlive: true });

/**
 * GET `url` as a browser asks for a page (Brotli or gzip accepted) and count its bytes as sent, not
 * decoded: the time is the server's, request to last byte. Decoded by undici's fetch in this
 * process (through zlib's stream), a 60-card blog page of 24 KB of Brotli took ~2 ms longer at
 * p50 and ~6 ms at p95 on this two-core machine, where the client competes with the server.
 */
export function getBytes(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }>((resolve, reject) => {
    const request = http.get(url, { agent: keptAlive, headers: { "accept-encoding": "br, gzip", ...headers } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/**
 * Waits (`ms` at most, polling every 250 ms) until a line of `logFile` holds every one of `parts`;
 * returns the seconds waited, or null when none came.
 */
export async function untilLogged(logFile: string, parts: string[], ms = 90_000): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    const lines = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").split("\n") : [];
    if (lines.some((line) => parts.every((part) => line.includes(part)))) return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return null;
}

/**
 * Waits until a server's log (at info) says its first analytics upkeep is done, and says how long that
 * took. A start brings it within seconds (the minute missed, and the Analytics screen's kept sums made
 * anew: ~0.3 s of queries at a million events); bench:scale measures a running site's misses after
 * it, not in whichever kind it happens to fall among.
 */
export async function afterFirstUpkeep(logFile: string) {
  const waited = await untilLogged(logFile, [FIRST_PERIODIC_RUN, `"queue":"analytics-maintenance"`]);
  console.log(
    waited === null
      ? "  the server's first analytics upkeep was not seen within 90 s: the misses are measured without it"
      : `  the misses below are measured after the server's first analytics upkeep (waited ${waited.toFixed(1)} s)`,
  );
}

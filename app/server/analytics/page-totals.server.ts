import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { addDays, PERIODS, periodRange } from "~/lib/analytics-period";

/** Today in UTC, as analytics_daily's days are written. */
const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * Page views per path over a period, for the top pages and posts of /admin/analytics
 * (docs/decisions/0038, amended 2026-11-28).
 *
 * A year of a busy site holds about a million page rows in analytics_daily (one per page and day),
 * and summing them on every view of 'Last 12 months' took 1.4 s on PGlite at 100,000 posts. But
 * only yesterday's and today's rows change: the minute's rollup rewrites those two days, and older
 * days change only when a whole day is written again (an import, a rollup asked for by hand). So
 * the sums of a period's older days ("closed") are computed once and kept in memory, each path's
 * entry sorted; a view adds the last days' rows, a few thousand at most, and merges. A fingerprint
 * of the closed days (their total rows: count, events and the newest row version, read through
 * analytics_daily_totals_idx) is read on each view, so any rewrite of one of those days, by this
 * process or another, is seen and the sums computed again.
 */

export type PathSums = { path: string; views: number; visitors: number };

/** Periods kept at once (the screen offers three); the least recently used is dropped first. */
const KEPT_PERIODS = 3;
/** Days before today whose rows the minute's rollup may still rewrite (today and yesterday). */
const OPEN_DAYS = 2;

type Closed = {
  fingerprint: string;
  /** Every path of the closed days, most viewed first (then most visitors, then path). */
  sorted: PathSums[];
  byPath: Map<string, PathSums>;
};

/** Per database handle (tests open several), the kept periods by their days, in order of use. */
const keptBy = new WeakMap<Queryable, Map<string, Promise<Closed>>>();

/** The pages' breakdown rows (report.server.ts says how the rows of a day are laid out). */
const BY_PAGE = sql`type = 'pageview' and path <> '*'`;
/** The '*' rows: each day's total per type (indexed: analytics_daily_totals_idx). */
export const TOTAL_ROW = sql`path = '*' and label = '*' and referrer = '*' and utm_source = '*' and utm_medium = '*' and utm_campaign = '*'`;

async function rows<T>(db: Queryable, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

/** Views first, then visitors, then the path: the order of the top pages. */
export function byViews(a: PathSums, b: PathSums) {
  return b.views - a.views || b.visitors - a.visitors || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
}

function sumsBetween(db: Queryable, from: string, to: string, pathLike: string | null) {
  return rows<PathSums>(
    db,
    sql`select path, sum(events)::int as views, sum(visitors)::int as visitors
          from analytics_daily
         where day between ${from}::date and ${to}::date and ${BY_PAGE}${pathLike ? sql` and path like ${pathLike}` : sql``}
         group by path`,
  ).then((list) => list.map((r) => ({ path: r.path, views: Number(r.views), visitors: Number(r.visitors) })));
}

async function fingerprint(db: Queryable, from: string, to: string) {
  const [row] = await rows<{ n: number; events: string; version: string }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(events), 0)::text as events, coalesce(max(xmin::text::bigint), 0)::text as version
          from analytics_daily
         where day between ${from}::date and ${to}::date and ${TOTAL_ROW}`,
  );
  return `${row?.n}:${row?.events}:${row?.version}`;
}

async function closedSums(db: Queryable, from: string, to: string): Promise<Closed> {
  const kept = keptBy.get(db) ?? new Map<string, Promise<Closed>>();
  keptBy.set(db, kept);
  const key = `${from}..${to}`;
  const print = await fingerprint(db, from, to);
  const known = kept.get(key);
  if (known) {
    const closed = await known.catch(() => null);
    if (closed?.fingerprint === print) {
      kept.delete(key);
      kept.set(key, known); // most recently used last
      return closed;
    }
    if (kept.get(key) === known) kept.delete(key);
  }
  const computing = sumsBetween(db, from, to, null).then((list) => ({
    fingerprint: print,
    sorted: list.sort(byViews),
    byPath: new Map(list.map((s) => [s.path, s])),
  }));
  kept.set(key, computing);
  computing.catch(() => kept.get(key) === computing && kept.delete(key));
  while (kept.size > KEPT_PERIODS) kept.delete(kept.keys().next().value!);
  return computing;
}

/** A period's sums per path: in byViews order, and by path. */
export type PeriodSums = { ordered: Iterable<PathSums>; get: (path: string) => PathSums | undefined };

/**
 * The sums per path of from..to: the closed days' kept sums, with the paths the last days touched
 * taken out of their order and merged back with their new sums, lazily. `pathPrefix` keeps only
 * the paths that start with it (e.g. '/blog/').
 */
export async function pathSums(db: Queryable, from: string, to: string, pathPrefix = ""): Promise<PeriodSums> {
  const like = pathPrefix ? `${pathPrefix}%` : null;
  const lastClosed = addDays(utcToday(), -OPEN_DAYS);
  const closedTo = lastClosed < to ? lastClosed : to;
  if (closedTo < from) {
    const list = (await sumsBetween(db, from, to, like)).sort(byViews);
    const byPath = new Map(list.map((s) => [s.path, s]));
    return { ordered: list, get: (path) => byPath.get(path) };
  }
  const closed = await closedSums(db, from, closedTo);
  const open = closedTo < to ? await sumsBetween(db, addDays(closedTo, 1), to, like) : [];
  const touched = new Map<string, PathSums>();
  for (const s of open) {
    const before = closed.byPath.get(s.path);
    touched.set(s.path, before ? { path: s.path, views: before.views + s.views, visitors: before.visitors + s.visitors } : s);
  }
  const keep = (s: PathSums) => s.path.startsWith(pathPrefix) && !touched.has(s.path);
  return {
    ordered: { [Symbol.iterator]: () => merged(closed.sorted, [...touched.values()].sort(byViews), keep) },
    get: (path) => (path.startsWith(pathPrefix) ? (touched.get(path) ?? closed.byPath.get(path)) : undefined),
  };
}

/** Two lists in byViews order as one, lazily; `keep` filters the first. */
function* merged(first: PathSums[], second: PathSums[], keep: (s: PathSums) => boolean): Generator<PathSums> {
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < first.length && !keep(first[i]!)) i++;
    const a = first[i];
    const b = second[j];
    if (!a && !b) return;
    if (a && (!b || byViews(a, b) <= 0)) {
      i++;
      yield a;
    } else {
      j++;
      yield b!;
    }
  }
}

/**
 * Computes, or checks, the kept sums of the screen's three periods: run by the minute's analytics
 * job after its rollup, so the first view of a day, or after an import, does not pay for the sum.
 */
export async function warmPathSums(db: Queryable, now = new Date()) {
  for (const { key } of PERIODS) {
    const { from, to } = periodRange(key, now);
    await pathSums(db, from, to);
  }
}

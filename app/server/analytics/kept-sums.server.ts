import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { addDays, PERIODS, periodRange } from "~/lib/analytics-period";

/** Today in UTC, as analytics_daily's days are written. */
const utcToday = () => new Date().toISOString().slice(0, 10);

/**
 * Page views per page, per referrer and per campaign over a period, for the top lists of
 * /admin/analytics (docs/decisions/0038, amended 2026-11-28).
 *
 * A year of a busy site holds about a million page rows in analytics_daily (one per page and day),
 * and tens of thousands of referrer and campaign rows; summing them on every view of 'Last 12
 * months' took most of the screen's time. But only yesterday's and today's rows change: the
 * minute's rollup rewrites those two days, and older days change only when a day is written again
 * (an import, a rollup asked for by hand). So the sums of a period's older days ("closed") are
 * computed once per kind of key and kept in memory, sorted; a view adds the last days' rows, a few
 * thousand at most, and merges. Whether a closed day changed is read on each view from
 * analytics_daily_changes: a trigger adds one to a day's version there whenever any of its rows
 * (totals or breakdowns, whichever kind) is inserted, updated or deleted, by this process or
 * another; a change in those few rows computes the sums again.
 */

/** Views and visitors summed per key: a path, a referrer ('' for direct) or a campaign (campaignKey). */
export type KeySums = { key: string; views: number; visitors: number };

/** What the sums are kept by, and the breakdown rows each reads (report.server.ts says how a day's rows are laid out). */
export type KeyKind = "page" | "referrer" | "campaign";

const KINDS: Record<KeyKind, { key: SQL; rows: SQL }> = {
  page: { key: sql`path`, rows: sql`type = 'pageview' and path <> '*'` },
  referrer: { key: sql`referrer`, rows: sql`type = 'pageview' and referrer <> '*'` },
  campaign: {
    key: sql`json_build_array(utm_source, utm_medium, utm_campaign)::text`,
    rows: sql`type = 'pageview' and (utm_source <> '*' or utm_medium <> '*' or utm_campaign <> '*')`,
  },
};

/**
 * A campaign's key, as the kept sums hold it: its three UTM tags as a JSON array ('' for a tag not
 * given), from the database's json_build_array so that the rows' and the leads' keys are alike.
 */
export const campaignKey = (utmSource: SQL, utmMedium: SQL, utmCampaign: SQL) => sql`json_build_array(${utmSource}, ${utmMedium}, ${utmCampaign})::text`;

/** Periods kept at once per kind (the screen offers three); the least recently used is dropped first. */
const KEPT_PERIODS = 3;
/** Days before today whose rows the minute's rollup may still rewrite (today and yesterday). */
const OPEN_DAYS = 2;

type Closed = {
  fingerprint: string;
  /** Every key of the closed days, most viewed first (then most visitors, then key). */
  sorted: KeySums[];
  byKey: Map<string, KeySums>;
};

/** Per database handle (tests open several), the kept sums by kind and days, in order of use. */
const keptBy = new WeakMap<Queryable, Map<string, Promise<Closed>>>();

/** The '*' rows: each day's total per type (indexed: analytics_daily_totals_idx). */
export const TOTAL_ROW = sql`path = '*' and label = '*' and referrer = '*' and utm_source = '*' and utm_medium = '*' and utm_campaign = '*'`;

async function rows<T>(db: Queryable, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

/** Views first, then visitors, then the key: the order the sums are kept in. */
export function byViews(a: KeySums, b: KeySums) {
  return b.views - a.views || b.visitors - a.visitors || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

function sumsBetween(db: Queryable, kind: KeyKind, from: string, to: string, pathLike: string | null) {
  const { key, rows: which } = KINDS[kind];
  return rows<KeySums>(
    db,
    sql`select ${key} as key, sum(events)::int as views, sum(visitors)::int as visitors
          from analytics_daily
         where day between ${from}::date and ${to}::date and ${which}${pathLike ? sql` and path like ${pathLike}` : sql``}
         group by 1`,
  ).then((list) => list.map((r) => ({ key: r.key, views: Number(r.views), visitors: Number(r.visitors) })));
}

/** Per database handle, the open days' reads under way: by kind and days. */
const readingBy = new WeakMap<Queryable, Map<string, Promise<KeySums[]>>>();

/**
 * The sums per key of the open days from..to, every key of the kind: the reads asked for at the
 * same time share one (a view's top pages and top posts read the same page rows, a few thousand a
 * day on a busy site), and each caller keeps the keys it wants.
 */
function openSums(db: Queryable, kind: KeyKind, from: string, to: string): Promise<KeySums[]> {
  const reading = readingBy.get(db) ?? new Map<string, Promise<KeySums[]>>();
  readingBy.set(db, reading);
  const key = `${kind}:${from}..${to}`;
  const underway = reading.get(key);
  if (underway) return underway;
  const read = sumsBetween(db, kind, from, to, null);
  reading.set(key, read);
  read.then(
    () => reading.delete(key),
    () => reading.delete(key),
  );
  return read;
}

/** Whether any row of from..to changed: the days' versions (one row a day), their sum and newest row version. */
async function fingerprint(db: Queryable, from: string, to: string) {
  const [row] = await rows<{ n: number; versions: string; newest: string }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(version), 0)::text as versions, coalesce(max(xmin::text::bigint), 0)::text as newest
          from analytics_daily_changes
         where day between ${from}::date and ${to}::date`,
  );
  return `${row?.n}:${row?.versions}:${row?.newest}`;
}

async function closedSums(db: Queryable, kind: KeyKind, from: string, to: string): Promise<Closed> {
  const kept = keptBy.get(db) ?? new Map<string, Promise<Closed>>();
  keptBy.set(db, kept);
  const key = `${kind}:${from}..${to}`;
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
  const computing = sumsBetween(db, kind, from, to, null).then((list) => ({
    fingerprint: print,
    sorted: list.sort(byViews),
    byKey: new Map(list.map((s) => [s.key, s])),
  }));
  kept.set(key, computing);
  computing.catch(() => kept.get(key) === computing && kept.delete(key));
  while (kept.size > KEPT_PERIODS * Object.keys(KINDS).length) kept.delete(kept.keys().next().value!);
  return computing;
}

/** A period's sums per key: in byViews order, and by key. */
export type PeriodSums = { ordered: Iterable<KeySums>; get: (key: string) => KeySums | undefined };

/**
 * The sums per key of from..to: the closed days' kept sums, with the keys the last days touched
 * taken out of their order and merged back with their new sums, lazily. `pathPrefix` (pages only)
 * keeps the paths that start with it (e.g. '/blog/').
 */
export async function keptSums(db: Queryable, kind: KeyKind, from: string, to: string, pathPrefix = ""): Promise<PeriodSums> {
  const like = pathPrefix ? `${pathPrefix}%` : null;
  const lastClosed = addDays(utcToday(), -OPEN_DAYS);
  const closedTo = lastClosed < to ? lastClosed : to;
  if (closedTo < from) {
    const list = (await sumsBetween(db, kind, from, to, like)).sort(byViews);
    const byKey = new Map(list.map((s) => [s.key, s]));
    return { ordered: list, get: (key) => byKey.get(key) };
  }
  const closed = await closedSums(db, kind, from, closedTo);
  const open = closedTo < to ? (await openSums(db, kind, addDays(closedTo, 1), to)).filter((s) => s.key.startsWith(pathPrefix)) : [];
  const touched = new Map<string, KeySums>();
  for (const s of open) {
    const before = closed.byKey.get(s.key);
    touched.set(s.key, before ? { key: s.key, views: before.views + s.views, visitors: before.visitors + s.visitors } : s);
  }
  const keep = (s: KeySums) => s.key.startsWith(pathPrefix) && !touched.has(s.key);
  return {
    ordered: { [Symbol.iterator]: () => merged(closed.sorted, [...touched.values()].sort(byViews), keep) },
    get: (key) => (key.startsWith(pathPrefix) ? (touched.get(key) ?? closed.byKey.get(key)) : undefined),
  };
}

/** Two lists in byViews order as one, lazily; `keep` filters the first. */
function* merged(first: KeySums[], second: KeySums[], keep: (s: KeySums) => boolean): Generator<KeySums> {
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
 * The keys that can be among the first `top` of a list ordered by views, then leads, then key:
 * every key read as much as the top-th (ties included, in the kept sums' order, skipping those
 * `listed` refuses) and every key that brought a lead, each with its views and leads. The
 * database then orders them as the single query over every row did (its collation for the keys).
 */
export function topCandidates(top: number, sums: PeriodSums, brought: Map<string, number>, listed: (key: string) => boolean) {
  const candidates = new Map<string, { views: number; leads: number }>();
  const views: number[] = [];
  for (const s of sums.ordered) {
    if (!listed(s.key)) continue;
    if (views.length >= top && s.views < views[top - 1]!) break;
    views.push(s.views);
    candidates.set(s.key, { views: s.views, leads: brought.get(s.key) ?? 0 });
  }
  for (const [key, leads] of brought) if (listed(key)) candidates.set(key, { views: sums.get(key)?.views ?? 0, leads });
  return [...candidates];
}

/**
 * Computes, or checks, the kept sums of the screen's three periods, every kind: run by the
 * minute's analytics job after its rollup, so the first view of a day, or after an import, does
 * not pay for the sums.
 */
export async function warmKeptSums(db: Queryable, now = new Date()) {
  for (const { key } of PERIODS) {
    const { from, to } = periodRange(key, now);
    for (const kind of Object.keys(KINDS) as KeyKind[]) await keptSums(db, kind, from, to);
  }
}

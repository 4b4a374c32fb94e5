import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { addDays, type PeriodRange } from "~/lib/analytics-period";

/**
 * Booked calls and won value, credited to what brought the lead (docs/decisions/0052, amended).
 *
 * - A lead **booked a call** in a span when its first booking the scheduler's webhook confirmed
 *   (scheduler_bookings; a reschedule keeps the first one's time) was made in it and one of its
 *   bookings is still on (booked or held): a cancelled call leaves the count.
 * - Its call is **in the pipeline** while the lead is 'Booked' or 'Call held' (no value is known
 *   before 'Won': the value is asked only then).
 * - A lead is **won** in a span when its status was last set to 'Won' in it (the audit log's
 *   `lead.status` entry) and it is still 'Won' with a value; the value is summed per currency.
 *
 * Credit goes to the lead's attribution as stored: the post or case study it landed on (first
 * touch) and the one it converted on (last touch), the referrer's domain and the UTM tags of the visit's first page
 * view (there is no last-touch referrer or campaign: the lead keeps only the first). Every query
 * binds the same few parameters whatever the data holds, and sums in the database (decision 0038).
 */

const TOP = 10;

export type Money = { currency: string; value: string };
export type RevenueCells = { calls: number; open: number; won: Money[] };
export type PostRevenueRow = { path: string; title: string; first: RevenueCells; last: RevenueCells };
/** `referrer` '' for direct; `medianHours` from the audit request to the booking, null without one. */
export type SourceRevenueRow = RevenueCells & { referrer: string; medianHours: number | null };
export type CampaignRevenueRow = RevenueCells & { source: string; medium: string; campaign: string };
export type RevenueReport = { total: RevenueCells; posts: PostRevenueRow[]; sources: SourceRevenueRow[]; campaigns: CampaignRevenueRow[] };

/** A span of time: `start` included, `end` not. */
export type Span = { start: Date; end: Date };

export function spanOfPeriod({ from, to }: Pick<PeriodRange, "from" | "to">): Span {
  return { start: new Date(`${from}T00:00:00Z`), end: new Date(`${addDays(to, 1)}T00:00:00Z`) };
}

/** Both drivers (PGlite, node-postgres) answer raw SQL with { rows }. */
async function query<T>(db: Queryable, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (result as { rows: T[] }).rows;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The leads that booked a call or were won in the span, with `called`, `closed` and `booked_at`. */
function credited({ start, end }: Span) {
  return sql`with booked as (
      select lead_id, min(created_at) as at
        from scheduler_bookings
       where state <> 'cancelled'
       group by lead_id
      having bool_or(state in ('booked', 'held'))
    ), won as (
      select target_id, max(at) as at
        from audit_log
       where action = 'lead.status' and after->>'status' = 'won' and at >= ${at(start)} and at < ${at(end)}
       group by target_id
    ), credited as (
      select l.*, booked.at as booked_at,
             coalesce(booked.at >= ${at(start)} and booked.at < ${at(end)}, false) as called,
             (l.status = 'won' and l.deal_value is not null and won.target_id is not null) as closed
        from leads l
        left join booked on booked.lead_id = l.id
        left join won on won.target_id = l.id::text
    )`;
}

type Row = { key: string; calls: number; open: number; won: Money[] | string | null };

/** Calls, open calls and won value per `key` (an expression over a credited lead; null: not credited), most won first. */
export async function revenueByKey(db: Queryable, span: Span, key: SQL, limit = TOP): Promise<Array<RevenueCells & { key: string }>> {
  const rows = await query<Row>(
    db,
    sql`${credited(span)}
        select key, sum(calls)::int as calls, sum(open)::int as open,
               coalesce(json_agg(json_build_object('currency', currency, 'value', won::text) order by currency) filter (where won is not null), '[]') as won
          from (
            select ${key} as key, coalesce(deal_currency, '') as currency,
                   count(*) filter (where called) as calls,
                   count(*) filter (where called and status in ('booked', 'held')) as open,
                   sum(deal_value) filter (where closed) as won
              from credited
             where called or closed
             group by 1, 2
          ) per_currency
         where key is not null
         group by key
         order by sum(won) desc nulls last, 2 desc, key
         limit ${limit}`,
  );
  return rows.map((r) => ({ key: r.key, calls: Number(r.calls ?? 0), open: Number(r.open ?? 0), won: moneyOf(r.won) }));
}

function moneyOf(value: Row["won"]): Money[] {
  const list = typeof value === "string" ? (JSON.parse(value) as Money[]) : (value ?? []);
  return list.map((m) => ({ currency: m.currency, value: m.value }));
}

const NONE: RevenueCells = { calls: 0, open: 0, won: [] };

/** This span's booked calls and won value, all leads together (the dashboard's and the funnel's figure). */
export async function revenueTotal(db: Queryable, span: Span): Promise<RevenueCells> {
  const [row] = await revenueByKey(db, span, sql`''`, 1);
  return row ? { calls: row.calls, open: row.open, won: row.won } : NONE;
}

/** A post's or a case study's address (what a lead can be credited to by page), else null. */
const FIRST_POST = sql`case when landing_page like '/blog/%' or landing_page like '/case-studies/%' then landing_page end`;
const LAST_POST = sql`case when converted_on like '/blog/%' or converted_on like '/case-studies/%' then converted_on end`;
const CAMPAIGN = sql`case when coalesce(utm_source, utm_medium, utm_campaign) is not null
  then json_build_array(coalesce(utm_source, ''), coalesce(utm_medium, ''), coalesce(utm_campaign, ''))::text end`;

export async function revenueReport(db: Queryable, range: Pick<PeriodRange, "from" | "to">): Promise<RevenueReport> {
  const span = spanOfPeriod(range);
  const [total, first, last, sources, medians, campaigns] = await Promise.all([
    revenueTotal(db, span),
    revenueByKey(db, span, FIRST_POST),
    revenueByKey(db, span, LAST_POST),
    revenueByKey(db, span, sql`coalesce(referrer, '')`),
    medianHoursToCall(db, span),
    revenueByKey(db, span, CAMPAIGN),
  ]);
  return {
    total,
    posts: await postRows(db, first, last),
    sources: sources.map(({ key, ...cells }) => ({ referrer: key, ...cells, medianHours: medians.get(key) ?? null })),
    campaigns: campaigns.map(({ key, ...cells }) => {
      const [source = "", medium = "", campaign = ""] = JSON.parse(key) as string[];
      return { source, medium, campaign, ...cells };
    }),
  };
}

/** First and last touch side by side, per post or case study still on the site (by its current slug). */
async function postRows(db: Queryable, first: Array<RevenueCells & { key: string }>, last: Array<RevenueCells & { key: string }>) {
  const paths = [...new Set([...first, ...last].map((r) => r.key))];
  if (paths.length === 0) return [];
  const titles = await query<{ path: string; title: string }>(
    db,
    sql`with asked as (select json_array_elements_text(${JSON.stringify(paths)}::json) as path)
        select '/blog/' || slug as path, title from blog_posts where deleted_at is null and '/blog/' || slug in (select path from asked)
        union all
        select '/case-studies/' || slug, title from case_studies where deleted_at is null and '/case-studies/' || slug in (select path from asked)`,
  );
  return titles
    .map(({ path, title }) => ({
      path,
      title,
      first: first.find((r) => r.key === path) ?? NONE,
      last: last.find((r) => r.key === path) ?? NONE,
    }))
    .map(({ first: f, last: l, ...post }) => ({ ...post, first: strip(f), last: strip(l) }))
    .sort((a, b) => wonSum(b) - wonSum(a) || b.first.calls + b.last.calls - (a.first.calls + a.last.calls) || a.title.localeCompare(b.title));
}

function strip({ calls, open, won }: RevenueCells): RevenueCells {
  return { calls, open, won };
}

/** For ordering only (currencies mixed): the larger of a post's first- and last-touch won sums. */
function wonSum(row: PostRevenueRow) {
  const sum = (cells: RevenueCells) => cells.won.reduce((s, m) => s + Number(m.value), 0);
  return Math.max(sum(row.first), sum(row.last));
}

/**
 * The median time from the audit request (the lead's creation) to its booked call, per referrer, in
 * hours, of the leads that booked in the span. A lead the scheduler created (a booking without an
 * audit request, source 'scheduler') has no request to measure from and is left out.
 */
async function medianHoursToCall(db: Queryable, span: Span): Promise<Map<string, number>> {
  const rows = await query<{ referrer: string; hours: number | string }>(
    db,
    sql`${credited(span)}
        select coalesce(referrer, '') as referrer,
               percentile_cont(0.5) within group (order by extract(epoch from booked_at - created_at) / 3600) as hours
          from credited
         where called and source is distinct from 'scheduler' and booked_at >= created_at
         group by 1`,
  );
  return new Map(rows.map((r) => [r.referrer, Number(r.hours)]));
}

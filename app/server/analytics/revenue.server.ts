import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { addDays, type PeriodRange } from "~/lib/analytics-period";

/**
 * Booked calls and won value, credited to what brought the lead (docs/decisions/0052, amended).
 *
 * - A lead **booked a call** in a span when its first booking the scheduler's webhook confirmed
 *   (scheduler_bookings; a reschedule keeps the first one's time) was made in it and one of its
 *   bookings is still on (booked or held): a cancelled call leaves the count.
 * - Its call is **in the pipeline** while the lead is 'Booked' or 'Call held'; the pipeline's value
 *   is the sum of those leads' expected values (entered on the lead while it is open; decision 0058),
 *   per currency; a lead without one counts as an open call only.
 * - A lead is **won** in a span when its status was last set to 'Won' in it (the audit log's
 *   `lead.status` entry) and it is still 'Won' with a value; the value is summed per currency.
 *
 * Credit goes to the lead's attribution as stored, first touch and last touch side by side: the post
 * or case study it landed on and the one it converted on; the referrer's domain, the UTM tags and the
 * answer engine of the visit's first page view and of its last page view that came with any (decision
 * 0058). Every query binds the same few parameters whatever the data holds, and sums in the database
 * (decision 0038).
 */

const TOP = 10;

export type Money = { currency: string; value: string };
/** Calls booked, of them still open, the open ones' expected value (`pipeline`) and the won value, each per currency. */
export type RevenueCells = { calls: number; open: number; pipeline: Money[]; won: Money[] };
/** A row credited both ways: first touch and last touch. */
export type Touches = { first: RevenueCells; last: RevenueCells };
export type PostRevenueRow = Touches & { path: string; title: string };
/** `referrer` '' for direct; `medianHours` from the audit request to the booking (first touch), null without one. */
export type SourceRevenueRow = Touches & { referrer: string; medianHours: number | null };
export type CampaignRevenueRow = Touches & { source: string; medium: string; campaign: string };
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

type Row = { key: string; calls: number; open: number; pipeline: Money[] | string | null; won: Money[] | string | null };

/** Per key and currency, a sum as [{ currency, value }] (`what`: the value column, `which`: the leads it counts). */
function perCurrency(value: SQL, currency: SQL, which: SQL) {
  return sql`select key, sum(amount) as total,
                    json_agg(json_build_object('currency', currency, 'value', amount::text) order by currency) as list
               from (select key, ${currency} as currency, sum(${value}) as amount from keyed where ${which} group by 1, 2) per_currency
              group by key`;
}

/**
 * Calls, open calls, the open calls' expected value and the won value per `key` (an expression over a
 * credited lead; null: not credited), most won first.
 */
export async function revenueByKey(db: Queryable, span: Span, key: SQL, limit = TOP): Promise<Array<RevenueCells & { key: string }>> {
  const rows = await query<Row>(
    db,
    sql`${credited(span)}, keyed as (
          select ${key} as key, * from credited where called or closed
        )
        select counted.key, counted.calls, counted.open, coalesce(pipeline.list, '[]') as pipeline, coalesce(won.list, '[]') as won
          from (
            select key, count(*) filter (where called)::int as calls,
                   count(*) filter (where called and status in ('booked', 'held'))::int as open
              from keyed
             where key is not null
             group by key
          ) counted
          left join (${perCurrency(sql`deal_value`, sql`deal_currency`, sql`closed`)}) won on won.key = counted.key
          left join (${perCurrency(
            sql`expected_value`,
            sql`expected_currency`,
            sql`called and status in ('booked', 'held') and expected_value is not null`,
          )}) pipeline on pipeline.key = counted.key
         order by won.total desc nulls last, counted.calls desc, counted.key
         limit ${limit}`,
  );
  return rows.map((r) => ({
    key: r.key,
    calls: Number(r.calls ?? 0),
    open: Number(r.open ?? 0),
    pipeline: moneyOf(r.pipeline),
    won: moneyOf(r.won),
  }));
}

function moneyOf(value: Money[] | string | null): Money[] {
  const list = typeof value === "string" ? (JSON.parse(value) as Money[]) : (value ?? []);
  return list.map((m) => ({ currency: m.currency, value: m.value }));
}

const NONE: RevenueCells = { calls: 0, open: 0, pipeline: [], won: [] };

/** This span's booked calls, pipeline and won value, all leads together (the dashboard's and the funnel's figure). */
export async function revenueTotal(db: Queryable, span: Span): Promise<RevenueCells> {
  const [row] = await revenueByKey(db, span, sql`''`, 1);
  return row ? strip(row) : NONE;
}

/** A post's or a case study's address (what a lead can be credited to by page), else null. */
const FIRST_POST = sql`case when landing_page like '/blog/%' or landing_page like '/case-studies/%' then landing_page end`;
const LAST_POST = sql`case when converted_on like '/blog/%' or converted_on like '/case-studies/%' then converted_on end`;
const campaignOf = (source: SQL, medium: SQL, campaign: SQL) => sql`case when coalesce(${source}, ${medium}, ${campaign}) is not null
  then json_build_array(coalesce(${source}, ''), coalesce(${medium}, ''), coalesce(${campaign}, ''))::text end`;
const FIRST_CAMPAIGN = campaignOf(sql`utm_source`, sql`utm_medium`, sql`utm_campaign`);
const LAST_CAMPAIGN = campaignOf(sql`last_utm_source`, sql`last_utm_medium`, sql`last_utm_campaign`);

export async function revenueReport(db: Queryable, range: Pick<PeriodRange, "from" | "to">): Promise<RevenueReport> {
  const span = spanOfPeriod(range);
  const [total, firstPost, lastPost, firstSource, lastSource, medians, firstCampaign, lastCampaign] = await Promise.all([
    revenueTotal(db, span),
    revenueByKey(db, span, FIRST_POST),
    revenueByKey(db, span, LAST_POST),
    revenueByKey(db, span, sql`coalesce(referrer, '')`),
    revenueByKey(db, span, sql`coalesce(last_referrer, '')`),
    medianHoursToCall(db, span),
    revenueByKey(db, span, FIRST_CAMPAIGN),
    revenueByKey(db, span, LAST_CAMPAIGN),
  ]);
  return {
    total,
    posts: await postRows(db, sideBySide(firstPost, lastPost)),
    sources: sideBySide(firstSource, lastSource).map(({ key, ...touches }) => ({ referrer: key, ...touches, medianHours: medians.get(key) ?? null })),
    campaigns: sideBySide(firstCampaign, lastCampaign).map(({ key, ...touches }) => {
      const [source = "", medium = "", campaign = ""] = JSON.parse(key) as string[];
      return { source, medium, campaign, ...touches };
    }),
  };
}

type Keyed = RevenueCells & { key: string };

/** First and last touch side by side per key (each list the top of its own), most won first, then most calls. */
export function sideBySide(first: Keyed[], last: Keyed[]): Array<Touches & { key: string }> {
  const keys = [...new Set([...first, ...last].map((r) => r.key))];
  return keys
    .map((key) => ({ key, first: strip(first.find((r) => r.key === key) ?? NONE), last: strip(last.find((r) => r.key === key) ?? NONE) }))
    .sort((a, b) => byValue(a, b) || a.key.localeCompare(b.key));
}

/** Per post or case study still on the site (by its current slug), with its title. */
async function postRows(db: Queryable, rows: Array<Touches & { key: string }>): Promise<PostRevenueRow[]> {
  if (rows.length === 0) return [];
  const titles = await query<{ path: string; title: string }>(
    db,
    sql`with asked as (select json_array_elements_text(${JSON.stringify(rows.map((r) => r.key))}::json) as path)
        select '/blog/' || slug as path, title from blog_posts where deleted_at is null and '/blog/' || slug in (select path from asked)
        union all
        select '/case-studies/' || slug, title from case_studies where deleted_at is null and '/case-studies/' || slug in (select path from asked)`,
  );
  const titleOf = new Map(titles.map((t) => [t.path, t.title]));
  return rows
    .flatMap(({ key, first, last }) => {
      const title = titleOf.get(key);
      return title === undefined ? [] : [{ path: key, title, first, last }];
    })
    .sort((a, b) => byValue(a, b) || a.title.localeCompare(b.title));
}

function strip({ calls, open, pipeline, won }: RevenueCells): RevenueCells {
  return { calls, open, pipeline, won };
}

/** Most won first (the larger of either touch), then most calls (both touches together). */
function byValue(a: Touches, b: Touches) {
  return wonSum(b) - wonSum(a) || b.first.calls + b.last.calls - (a.first.calls + a.last.calls);
}

/** For ordering only (currencies mixed): the larger of a row's first- and last-touch won sums. */
function wonSum(row: Touches) {
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

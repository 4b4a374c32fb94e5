import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { addDays, type PeriodRange } from "~/lib/analytics-period";
import { query, timestampOf, TOP } from "./report-sql.server";

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
       where action = 'lead.status' and after->>'status' = 'won' and at >= ${timestampOf(start)} and at < ${timestampOf(end)}
       group by target_id
    ), credited as (
      select l.*, booked.at as booked_at,
             coalesce(booked.at >= ${timestampOf(start)} and booked.at < ${timestampOf(end)}, false) as called,
             (l.status = 'won' and l.deal_value is not null and won.target_id is not null) as closed
        from leads l
        left join booked on booked.lead_id = l.id
        left join won on won.target_id = l.id::text
    )`;
}

type Row = {
  way: string;
  key: string;
  calls: number;
  open: number;
  hours: number | string | null;
  pipeline: Money[] | string | null;
  won: Money[] | string | null;
};

/** Per way, key and currency, a sum as [{ currency, value }] (`value`: the column, `which`: the leads it counts). */
function perCurrency(value: SQL, currency: SQL, which: SQL) {
  return sql`select way, key, sum(amount) as total,
                    json_agg(json_build_object('currency', currency, 'value', amount::text) order by currency) as list
               from (select way, key, ${currency} as currency, sum(${value}) as amount from keyed where ${which} group by 1, 2, 3) per_currency
              group by way, key`;
}

/** A way of crediting leads: `key` an expression over a credited lead (null: not credited), the `limit` most won kept (null: every key). */
export type Way = { key: SQL; limit: number | null };

/** Calls, open calls, their expected value and the won value per key; `hours`: the median from the audit request to the call. */
export type Keyed = RevenueCells & { key: string; hours: number | null };

/**
 * Calls, open calls, the open calls' expected value and the won value per key of each way, most won
 * first, in one statement however many ways are asked: on PGlite a statement's planning costs more
 * than these few rows' execution, and the Analytics screen asks for eleven ways (docs/decisions/0061).
 * The credited leads (called or closed in the span) are read once, then fanned out to the ways' keys.
 * `hours`: the median time from the audit request (the lead's creation) to its booked call of the
 * key's leads that booked in the span; a lead the scheduler created (a booking without an audit
 * request, source 'scheduler') has no request to measure from and is left out.
 */
export async function revenueByWays<W extends string>(db: Queryable, span: Span, ways: Record<W, Way>): Promise<Record<W, Keyed[]>> {
  const names = Object.keys(ways) as W[];
  const keys = sql.join(
    names.map((name) => sql`(${name}::text, (${ways[name].key})::text)`),
    sql`, `,
  );
  const limits = sql.join(
    names.map((name) => sql`(${name}::text, ${ways[name].limit}::int)`),
    sql`, `,
  );
  const rows = await query<Row>(
    db,
    sql`${credited(span)}, kept as materialized (
          select * from credited where called or closed
        ), keyed as (
          select k.way, k.key, kept.* from kept cross join lateral (values ${keys}) as k(way, key) where k.key is not null
        ), ranked as (
          select counted.way, counted.key, counted.calls, counted.open, counted.hours,
                 coalesce(pipeline.list, '[]') as pipeline, coalesce(won.list, '[]') as won,
                 row_number() over (partition by counted.way order by won.total desc nulls last, counted.calls desc, counted.key) as rank
            from (
              select way, key, count(*) filter (where called)::int as calls,
                     count(*) filter (where called and status in ('booked', 'held'))::int as open,
                     percentile_cont(0.5) within group (order by extract(epoch from booked_at - created_at) / 3600)
                       filter (where called and source is distinct from 'scheduler' and booked_at >= created_at) as hours
                from keyed
               group by way, key
            ) counted
            left join (${perCurrency(sql`deal_value`, sql`deal_currency`, sql`closed`)}) won using (way, key)
            left join (${perCurrency(
              sql`expected_value`,
              sql`expected_currency`,
              sql`called and status in ('booked', 'held') and expected_value is not null`,
            )}) pipeline using (way, key)
        )
        select ranked.* from ranked join (values ${limits}) as limits(way, n) using (way)
         where limits.n is null or ranked.rank <= limits.n
         order by ranked.way, ranked.rank`,
  );
  const result = Object.fromEntries(names.map((name) => [name, [] as Keyed[]])) as Record<W, Keyed[]>;
  for (const r of rows) {
    result[r.way as W].push({
      key: r.key,
      calls: Number(r.calls ?? 0),
      open: Number(r.open ?? 0),
      pipeline: moneyOf(r.pipeline),
      won: moneyOf(r.won),
      hours: r.hours === null ? null : Number(r.hours),
    });
  }
  return result;
}

function moneyOf(value: Money[] | string | null): Money[] {
  const list = typeof value === "string" ? (JSON.parse(value) as Money[]) : (value ?? []);
  return list.map((m) => ({ currency: m.currency, value: m.value }));
}

const NONE: RevenueCells = { calls: 0, open: 0, pipeline: [], won: [] };

const TOTAL: Way = { key: sql`''`, limit: 1 };

/** This span's booked calls, pipeline and won value, all leads together (the dashboard's and the funnel's figure). */
export async function revenueTotal(db: Queryable, span: Span): Promise<RevenueCells> {
  const { total } = await revenueByWays(db, span, { total: TOTAL });
  return total[0] ? strip(total[0]) : NONE;
}

/** A post's or a case study's address (what a lead can be credited to by page), else null. */
const FIRST_POST = sql`case when landing_page like '/blog/%' or landing_page like '/case-studies/%' then landing_page end`;
const LAST_POST = sql`case when converted_on like '/blog/%' or converted_on like '/case-studies/%' then converted_on end`;
const campaignOf = (source: SQL, medium: SQL, campaign: SQL) => sql`case when coalesce(${source}, ${medium}, ${campaign}) is not null
  then json_build_array(coalesce(${source}, ''), coalesce(${medium}, ''), coalesce(${campaign}, ''))::text end`;

/** The report's ways of crediting; `medians` has every first-touch referrer, for its median hours to the call. */
export const REPORT_WAYS = {
  total: TOTAL,
  firstPost: { key: FIRST_POST, limit: TOP },
  lastPost: { key: LAST_POST, limit: TOP },
  firstSource: { key: sql`coalesce(referrer, '')`, limit: TOP },
  lastSource: { key: sql`coalesce(last_referrer, '')`, limit: TOP },
  medians: { key: sql`coalesce(referrer, '')`, limit: null },
  firstCampaign: { key: campaignOf(sql`utm_source`, sql`utm_medium`, sql`utm_campaign`), limit: TOP },
  lastCampaign: { key: campaignOf(sql`last_utm_source`, sql`last_utm_medium`, sql`last_utm_campaign`), limit: TOP },
} satisfies Record<string, Way>;

/**
 * The report's revenue. `credited`: its ways already read (the Analytics screen reads them with the
 * answer engines' in one statement), else read here.
 */
export async function revenueReport(
  db: Queryable,
  range: Pick<PeriodRange, "from" | "to">,
  credited: Promise<Record<keyof typeof REPORT_WAYS, Keyed[]>> = revenueByWays(db, spanOfPeriod(range), REPORT_WAYS),
): Promise<RevenueReport> {
  const ways = await credited;
  const medians = new Map(ways.medians.flatMap((r) => (r.hours === null ? [] : [[r.key, r.hours] as const])));
  return {
    total: ways.total[0] ? strip(ways.total[0]) : NONE,
    posts: await postRows(db, sideBySide(ways.firstPost, ways.lastPost)),
    sources: sideBySide(ways.firstSource, ways.lastSource).map(({ key, ...touches }) => ({ referrer: key, ...touches, medianHours: medians.get(key) ?? null })),
    campaigns: sideBySide(ways.firstCampaign, ways.lastCampaign).map(({ key, ...touches }) => {
      const [source = "", medium = "", campaign = ""] = JSON.parse(key) as string[];
      return { source, medium, campaign, ...touches };
    }),
  };
}

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

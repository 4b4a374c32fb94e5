import { sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { ANSWER_ENGINES } from "~/lib/answer-engines";
import { SITE_PAGES } from "~/lib/site-pages";
import type { PeriodRange } from "~/lib/analytics-period";
import { query, timestampOf } from "./report-sql.server";
import { publiclyVisible } from "~/server/posts/post-queries.server";
import { caseStudyVisible } from "~/server/case-studies/case-study-queries.server";
import { revenueByWays, spanOfPeriod, type Keyed, type RevenueCells, type Span, type Touches, type Way } from "./revenue.server";

/**
 * Answer engines measured end to end (docs/decisions/0053): per engine, the visits it referred
 * (answer_engine_visits, rolled up from the raw events), the leads whose first touch it was
 * (leads.answer_engine) and whose last touch (leads.last_answer_engine, decision 0058), their calls,
 * pipeline and won value both ways (revenue.server.ts's rules); per post and case
 * study, the fetches of known AI crawlers (ai_crawls: the page and its markdown together), then
 * the same chain for the visits that landed on it from an engine. Every query binds the same few
 * parameters whatever the data holds, and sums in the database (decision 0038).
 */

const TOP_PAGES = 20;

/** `leads` and `lastLeads`: the leads whose first and whose last touch the engine was; `first`/`last`: their calls and value. */
export type EngineRow = Touches & { engine: string; name: string; visits: number; leads: number; lastLeads: number };
export type AiPageRow = RevenueCells & { path: string; title: string; crawled: number; visits: number; leads: number };
export type CrawlerRow = { crawler: string; fetches: number };
export type AnswerEngineReport = { engines: EngineRow[]; pages: AiPageRow[]; crawlers: CrawlerRow[]; llmsFetches: number };

/**
 * Whether a landing page (`page`, an SQL expression) is kept under its own path: a site page, a
 * public post or a visible case study (else it counts under `other`). Each landing is looked up
 * by its slug: the list of every public post, read for each rollup, took ~27 ms at 100,000 posts.
 */
const keptPage = (page: SQL) => sql`(${page} = any(${sql.param(SITE_PAGES)}::text[])
  or (${page} like '/blog/%' and exists (select 1 from blog_posts where blog_posts.slug = substr(${page}, 7) and ${publiclyVisible()}))
  or (${page} like '/case-studies/%' and exists (select 1 from case_studies where case_studies.slug = substr(${page}, 15) and ${caseStudyVisible()})))`;

/**
 * Replaces the answer-engine visits of the UTC days `first`..`last` that still have raw events:
 * distinct visitors per day, landing page and engine. Run inside rollUpAnalytics's transaction
 * (under its lock), so it follows the same days and never races another process.
 */
export async function rollUpAnswerEngineVisits(tx: Queryable, first: string, last: string, other: string) {
  await tx.execute(sql`
    delete from answer_engine_visits v
     where v.day between ${first}::date and ${last}::date and exists (select 1 from analytics_events e where e.day = v.day)`);
  await tx.execute(answerEngineVisitsOf(first, last, other));
}

/** The insert of `rollUpAnswerEngineVisits` (exported for its test). */
export function answerEngineVisitsOf(first: string, last: string, other: string) {
  const page = sql`coalesce(landing, path)`;
  return sql`
    insert into answer_engine_visits (day, landing, engine, visitors)
    select day, case when ${keptPage(page)} then ${page} else ${other} end, engine, count(distinct visitor)::int
      from analytics_events
     where day between ${first}::date and ${last}::date and type = 'pageview' and engine is not null
     group by 1, 2, 3`;
}

const AI_PAGE = sql`(landing_page like '/blog/%' or landing_page like '/case-studies/%')`;

const inSpan = ({ start, end }: Span) => sql`created_at >= ${timestampOf(start)} and created_at < ${timestampOf(end)}`;

/** The answer engines' ways of crediting leads: by first and last touch, and by the page an engine's visit landed on. */
export const ENGINE_WAYS = {
  engineFirst: { key: sql`answer_engine`, limit: ANSWER_ENGINES.length + 5 },
  engineLast: { key: sql`last_answer_engine`, limit: ANSWER_ENGINES.length + 5 },
  enginePage: { key: sql`case when answer_engine is not null and ${AI_PAGE} then landing_page end`, limit: 100 },
} satisfies Record<string, Way>;

const COUNTS = ["visits", "pageVisits", "leads", "lastLeads", "pageLeads", "crawled", "crawlers"] as const;
type Counts = Record<(typeof COUNTS)[number], Map<string, number>>;

/**
 * The report's counts, in one statement (on PGlite a statement's planning costs more than these
 * sums): the visits each engine referred and those per page it landed on (answer_engine_visits), the
 * leads whose first and whose last touch it was and those per page (leads), the AI crawlers' fetches
 * per page, a page and its markdown together, /llms.txt apart, and the 20 crawlers that fetched most
 * (ai_crawls). Each count is a map from its key, in the statement's order.
 */
async function engineCounts(db: Queryable, days: SQL, span: Span): Promise<Counts> {
  const rows = await query<{ kind: (typeof COUNTS)[number]; key: string; n: number | string }>(
    db,
    sql`select 'visits' as kind, engine as key, sum(visitors) as n, 0 as rank from answer_engine_visits where ${days} group by engine
        union all
        select 'pageVisits', landing, sum(visitors), 0 from answer_engine_visits
         where ${days} and (landing like '/blog/%' or landing like '/case-studies/%') group by landing
        union all
        select k.kind, k.key, count(*), 0 from leads
         cross join lateral (values ('leads', answer_engine), ('lastLeads', last_answer_engine),
                                    ('pageLeads', case when answer_engine is not null and ${AI_PAGE} then landing_page end)) as k(kind, key)
         where k.key is not null and ${inSpan(span)} group by 1, 2
        union all
        select 'crawled', regexp_replace(path, '\\.md$', ''), sum(fetches), 0 from ai_crawls where ${days} group by 2
        union all
        select 'crawlers', crawler, n, rank from (
          select crawler, sum(fetches) as n, row_number() over (order by sum(fetches) desc, crawler) as rank
            from ai_crawls where ${days} group by crawler
        ) ranked where rank <= 20
        order by kind, rank`,
  );
  const counts = Object.fromEntries(COUNTS.map((kind) => [kind, new Map<string, number>()])) as Counts;
  for (const r of rows) counts[r.kind].set(r.key, Number(r.n));
  return counts;
}

/** `credited`: the engines' ways already read (with the rest of the Analytics screen's, in one statement), else read here. */
export async function answerEngineReport(
  db: Queryable,
  range: Pick<PeriodRange, "from" | "to">,
  credited: Promise<Record<keyof typeof ENGINE_WAYS, Keyed[]>> = revenueByWays(db, spanOfPeriod(range), ENGINE_WAYS),
): Promise<AnswerEngineReport> {
  const span = spanOfPeriod(range);
  const days = sql`day between ${range.from}::date and ${range.to}::date`;
  const [counted, { engineFirst: revenue, engineLast: lastRevenue, enginePage: pageRevenue }] = await Promise.all([engineCounts(db, days, span), credited]);
  const { visits, leads, lastLeads, pageVisits, pageLeads, crawled } = counted;
  const crawlers = [...counted.crawlers].map(([crawler, fetches]) => ({ crawler, fetches }));
  const cellsOf = (list: typeof revenue, key: string): RevenueCells => {
    const { calls = 0, open = 0, pipeline = [], won = [] } = list.find((r) => r.key === key) ?? {};
    return { calls, open, pipeline, won };
  };
  const engines = ANSWER_ENGINES.map(({ key, name }) => ({
    engine: key,
    name,
    visits: visits.get(key) ?? 0,
    leads: leads.get(key) ?? 0,
    lastLeads: lastLeads.get(key) ?? 0,
    first: cellsOf(revenue, key),
    last: cellsOf(lastRevenue, key),
  }));
  const paths = [...new Set([...crawled.keys(), ...pageVisits.keys(), ...pageLeads.keys(), ...pageRevenue.map((r) => r.key)])].filter(
    (p) => p.startsWith("/blog/") || p.startsWith("/case-studies/"),
  );
  const titles = paths.length
    ? await query<{ path: string; title: string }>(
        db,
        sql`with asked as (select json_array_elements_text(${JSON.stringify(paths)}::json) as path)
            select '/blog/' || slug as path, title from blog_posts where deleted_at is null and '/blog/' || slug in (select path from asked)
            union all
            select '/case-studies/' || slug, title from case_studies where deleted_at is null and '/case-studies/' || slug in (select path from asked)`,
      )
    : [];
  const pages = titles
    .map(({ path, title }) => ({
      path,
      title,
      crawled: crawled.get(path) ?? 0,
      visits: pageVisits.get(path) ?? 0,
      leads: pageLeads.get(path) ?? 0,
      ...cellsOf(pageRevenue, path),
    }))
    .sort(
      (a, b) =>
        wonSum(b) - wonSum(a) || b.calls - a.calls || b.leads - a.leads || b.visits - a.visits || b.crawled - a.crawled || a.title.localeCompare(b.title),
    )
    .slice(0, TOP_PAGES);
  return {
    engines,
    pages,
    crawlers,
    llmsFetches: crawled.get("/llms.txt") ?? 0,
  };
}

/** For ordering only (currencies mixed). */
function wonSum(row: RevenueCells) {
  return row.won.reduce((s, m) => s + Number(m.value), 0);
}

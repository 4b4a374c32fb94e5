/**
 * bench:scale's seeding, run as its own process on the site that DATA_DIR (or DATABASE_URL) names,
 * so its memory and time are its own: SCALE_POSTS generated published posts with 2 revisions each
 * and one renamed address in twenty, SCALE_TAGS tags (three on each post), and SCALE_EVENTS
 * analytics events spread over the last 13 months, rolled up into the daily table; then the raw
 * events past the kept 30 days are purged as the running site would, and VACUUM ANALYZE.
 * Every insert is set-based or batched: minutes, not hours, at 100,000 posts.
 * Prints one JSON line: { ms: { posts, tags, events, rollup, vacuum } }.
 */
import { sql } from "drizzle-orm";
import { closeDatabase, database } from "../../app/server/db/client.server";
import { purgeAnalytics, rollUpAnalytics } from "../../app/server/analytics/store.server";
import { fillBlog } from "./bench-content";

const POSTS = Number(process.env.SCALE_POSTS ?? 10_000);
const TAGS = Number(process.env.SCALE_TAGS ?? 2_000);
const EVENTS = Number(process.env.SCALE_EVENTS ?? 1_000_000);
const DAYS = 396; // 13 months
const EVENT_BATCH = 100_000;
const ROLLUP_DAYS = 31;

async function timed(run: () => Promise<unknown>) {
  const started = performance.now();
  await run();
  return Math.round(performance.now() - started);
}

async function main() {
  const handle = await database();
  const db = handle.db;
  const ms: Record<string, number> = {};
  ms.posts = await timed(() => fillBlog(handle, { posts: POSTS, redirects: Math.floor(POSTS / 20), revisions: 2, vacuum: false }));

  ms.tags = await timed(async () => {
    await db.execute(sql`insert into blog_tags (name, slug) select 'Topic ' || g, 'topic-' || g from generate_series(1, ${TAGS}) g`);
    // Three tags a post, spread so every tag has posts (the sitemap and tag pages see them all).
    await db.execute(sql`
      insert into blog_post_tags (post_id, tag_id)
      select p.id, t.id
        from (select id, row_number() over (order by id) as n from blog_posts) p
        join (select id, row_number() over (order by slug) as n from blog_tags) t
          on t.n in (1 + p.n % ${TAGS}, 1 + (p.n * 7 + 3) % ${TAGS}, 1 + (p.n * 13 + 5) % ${TAGS})
      on conflict do nothing`);
  });

  ms.events = await timed(async () => {
    for (let from = 1; from <= EVENTS; from += EVENT_BATCH) {
      const to = Math.min(EVENTS, from + EVENT_BATCH - 1);
      // Mostly page views of the home page, the list and the posts; some audit events, referrers
      // (a search engine, an answer engine) and campaigns; about four events per visitor, on one
      // day. Stored oldest first, as a site's events arrive: a day's events lie together in the
      // table (the days taken in turn, one event each, put today's 2,500 on as many pages).
      const dayOf = sql.raw(`(current_date - (${DAYS - 1} - ((g - 1)::bigint * ${DAYS} / ${EVENTS})::int))::date`);
      await db.execute(sql`
        insert into analytics_events (day, visitor, type, path, label, referrer, utm_source, utm_medium, utm_campaign, landing)
        select ${dayOf},
               md5((g / 4)::text),
               case when g % 40 = 0 then 'audit_open' when g % 200 = 1 then 'audit_sent' when g % 13 = 2 then 'cta' else 'pageview' end,
               case g % 5 when 0 then '/' when 1 then '/blog' when 2 then '/team' else '/blog/bench-post-' || (g % ${POSTS}) end,
               case when g % 13 = 2 then 'audit-hero' end,
               case when g % 3 = 0 then 'www.google.com' when g % 17 = 0 then 'chatgpt.com' when g % 29 = 0 then 'news.ycombinator.com' end,
               case when g % 11 = 0 then 'newsletter' end,
               case when g % 11 = 0 then 'email' end,
               case when g % 11 = 0 then 'issue-' || (g % 24) end,
               '/'
          from generate_series(${from}::int, ${to}::int) g`);
    }
  });

  // A month at a time: one statement over 13 months of events ran past 19 minutes on PostgreSQL 15
  // and was stopped; a month at a time keeps each statement's sorts small.
  ms.rollup = await timed(async () => {
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    for (let end = DAYS; end > 0; end -= ROLLUP_DAYS) await rollUpAnalytics(day(end), day(Math.max(end - ROLLUP_DAYS + 1, 0)));
  });
  ms.purge = await timed(() => purgeAnalytics());
  ms.vacuum = await timed(() => handle.vacuum());
  console.log(JSON.stringify({ ms }));
  await closeDatabase();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

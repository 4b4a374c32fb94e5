import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import type { PeriodRange } from "~/lib/analytics-period";
import { keptSums } from "./kept-sums.server";
import { leadsBetween, n, query, TOP } from "./report-sql.server";

export type PostRow = { slug: string; title: string; path: string; views: number; visitors: number; leads: number };

/**
 * The posts read or converted on in the period (matched by their current slug), most read first,
 * with the leads each brought; ties by leads, then title (the database's collation). The paths are
 * walked most read first (kept-sums.server.ts) in batches of TOP paths and every path read as much
 * as the batch's last (a tie is ordered by title, which only the database knows). One statement
 * joins a batch, with the posts that brought leads (candidates whatever their views) and the best
 * found so far, to blog_posts and keeps the first TOP. When the TOP-th of those is read more than
 * the next path, no path after it can enter; else (paths that are not posts: a renamed or deleted
 * post) the walk goes on. Usually one statement, however many paths tie at the tenth.
 */
export async function topPosts(db: Queryable, { from, to }: PeriodRange): Promise<PostRow[]> {
  const [sums, brought] = await Promise.all([
    keptSums(db, "page", from, to, "/blog/"),
    query<{ path: string; leads: number }>(
      db,
      sql`select converted_on as path, count(*)::int as leads from leads
           where ${leadsBetween(from, to)} and converted_on like '/blog/%' group by converted_on`,
    ),
  ]);
  const leadsOf = new Map(brought.map((b) => [b.path, n(b.leads)]));
  type Candidate = { path: string; views: number; visitors: number; leads: number };
  let batch: Candidate[] = [...leadsOf].map(([path, leads]) => {
    const s = sums.get(path);
    return { path, views: s?.views ?? 0, visitors: s?.visitors ?? 0, leads };
  });
  let best: PostRow[] = [];
  const walk = sums.ordered[Symbol.iterator]();
  let next = walk.next();
  for (;;) {
    // TOP paths more, and every path read as much as the last of them.
    for (let taken = 0, last = -1; !next.done && (taken < TOP || next.value.views === last); next = walk.next()) {
      const { key, views, visitors } = next.value;
      if (!leadsOf.has(key)) batch.push({ path: key, views, visitors, leads: 0 });
      taken += 1;
      last = views;
    }
    // The batch's last views are a tie that only titles order: of those, the first TOP posts by title
    // (walked in title order on blog_posts_title_idx); the rest are few, and ordered with them.
    const tieViews = batch.at(-1)?.views ?? -1;
    const tied = batch.filter((c) => c.leads === 0 && c.views === tieViews);
    const few = [...best, ...batch.filter((c) => c.leads > 0 || c.views !== tieViews)];
    const visitorsOf = new Map([...best, ...batch].map((c) => [c.path, c.visitors]));
    const rows = await query<Omit<PostRow, "visitors">>(
      db,
      sql`with tied as (
            select slug, title from blog_posts where slug = any(${sql.param(tied.map((c) => c.path.slice(6)))}::text[]) order by title limit ${TOP}
          ), candidates as (
            select p.slug, p.title, c.views, c.leads
              from unnest(${sql.param(few.map((c) => c.path))}::text[], ${sql.param(few.map((c) => c.views))}::int[], ${sql.param(few.map((c) => c.leads))}::int[])
                   as c(path, views, leads)
              join blog_posts p on p.slug = substr(c.path, 7)
             where c.views > 0 or c.leads > 0
            union all
            select slug, title, ${tieViews}::int, 0 from tied where ${tieViews}::int > 0
          )
          select slug, title, '/blog/' || slug as path, views, leads from candidates
           order by views desc, leads desc, title
           limit ${TOP}`,
    );
    best = rows.map((r) => ({ ...r, views: n(r.views), visitors: visitorsOf.get(r.path) ?? 0, leads: n(r.leads) }));
    batch = [];
    // A path not yet walked is read less than the batch's last: it cannot pass a tenth read more.
    const tenth = best[TOP - 1];
    if (next.done || (tenth && next.value.views < tenth.views)) return best;
  }
}

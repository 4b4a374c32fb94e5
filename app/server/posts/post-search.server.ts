/**
 * A search of the public posts (/blog?q=, docs/decisions/0012): its words as a full-text query,
 * the filters as a WHERE, how many match, the ranking of a common word's newest matches, and the
 * newest-first pages past them. listPublishedPosts (post-list-queries.server.ts) puts them together.
 */
import { and, eq, ne, sql, type Placeholder, type SQL } from "drizzle-orm";
import { rows, type Queryable } from "~/server/db/client.server";
import { blogPostTags, blogPosts } from "~/server/db/schema.server";
import { publiclyVisible, type PostCard } from "./post-queries.server";
/**
 * The words of a search as the full-text query sees them: lower-case letters and digits, at
 * most 8 (anything else separates words). An empty list means nothing searchable.
 */
export function searchWords(input: string): string[] {
  return input
    .toLowerCase()
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/**
 * What a visitor typed, as a full-text query on the English-stemmed document: every word must
 * match in one of its forms ("agents" finds "agent", "automating" finds "automation"), and the
 * last one may be unfinished ("autom" finds "automation"). The last word also matches as typed,
 * unstemmed, so a word the English dictionary ignores ("the", "about") still finds longer words
 * while it is being typed. Words reach Postgres as parameters, never as SQL text.
 */
export function searchQuery(input: string): SQL | null {
  const words = searchWords(input);
  const last = words.pop();
  if (last === undefined) return null;
  const prefix = `${last}:*`;
  const lastWord = sql`(to_tsquery('english', ${prefix}) || to_tsquery('simple', ${prefix}))`;
  return words.length ? sql`(to_tsquery('english', ${words.join(" & ")}) && ${lastWord})` : lastWord;
}

export type PostFilter = {
  category?: string | null;
  q?: string | null;
  /** A tag's id: only posts that carry it. */
  tagId?: string | null;
  /** Leaves one post out (the featured card's, so it is not shown twice). */
  excludeId?: string | null;
};

/** A filter whose values may be placeholders (a prepared statement's, post-list-queries.server.ts). */
export type WhereFilter = { [K in keyof PostFilter]?: PostFilter[K] | (K extends "q" ? never : Placeholder) };

export function publicWhere(filter: WhereFilter, query: SQL | null): SQL | undefined {
  const parts: (SQL | undefined)[] = [publiclyVisible()];
  if (filter.category && filter.category !== "All") parts.push(eq(blogPosts.category, filter.category));
  if (filter.q && filter.q.trim() && !query) parts.push(sql`false`);
  if (query) parts.push(sql`${blogPosts.search} @@ ${query}`);
  if (filter.tagId) {
    parts.push(sql`exists (select 1 from ${blogPostTags} where ${blogPostTags.postId} = ${blogPosts.id} and ${blogPostTags.tagId} = ${filter.tagId})`);
  }
  if (filter.excludeId) parts.push(ne(blogPosts.id, filter.excludeId));
  return and(...parts);
}

/**
 * Search limits. A search ranks at most `rankedMatches` posts: all its matches when there are
 * that many or fewer (then the count is exact), else the newest `rankedMatches` of them (the
 * count reads "500+"), with the older matches following newest first. A common word would
 * otherwise make every request read and rank every matching document (about 45 ms for 10,000
 * matches on PGlite). The newest matches of a common word are found by walking the newest
 * `window` posts in date order, which stops after enough matches; when the window holds too few,
 * the full-text index finds them. Whether a search has more matches than are ranked is counted
 * the same two ways: the newest `probe` posts are looked at first, and when enough of them match
 * for the window to hold the ranked matches, the window is walked (a few ms); otherwise the
 * full-text index counts (a few ms for a rare word, but 25–40 ms on PGlite for a word in most of
 * 100,000 posts). Tests lower them to see every path on a few rows.
 */
export const SEARCH_TUNING = { rankedMatches: 500, window: 1500, probe: 50 };

const newestOrder = sql`${blogPosts.publishedAt} desc nulls last, ${blogPosts.createdAt} desc, ${blogPosts.id} desc`;

/**
 * The same order for public posts (their published_at is set), written so that no index gives it:
 * for a word found in few posts the planner must read its matches through the full-text index and
 * sort them. Given the list index's own order, PGlite's planner walked every post in date order
 * for a two-digit number (1,111 matches in 100,000 posts: 330–410 ms, against ~5).
 */
const sparseOrder = sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt}) desc, ${blogPosts.createdAt} desc, ${blogPosts.id} desc`;

/** The newest `n` posts `filter` shows, whatever the search: their `columns`, by default the `search` document alone. */
const newestPosts = (filter: PostFilter, n: number, columns: SQL = sql`${blogPosts.search} as search`) =>
  sql`select ${columns} from ${blogPosts} where ${publicWhere({ ...filter, q: null }, null)} order by ${newestOrder} limit ${n}`;

/**
 * Whether a word is common among the newest posts: at least `enough` of the newest `probe` match
 * it, as many as the newest `window` need to hold the ranked matches (a predicate for a WHERE).
 */
export function commonAmongNewest(filter: PostFilter, query: SQL) {
  const { rankedMatches: cap, window } = SEARCH_TUNING;
  const probe = Math.min(SEARCH_TUNING.probe, window);
  const enough = Math.ceil((cap * probe) / window);
  return sql`(select count(*) from (${newestPosts(filter, probe)}) probe where search @@ ${query}) >= ${enough}`;
}

/**
 * How many posts match a search, up to `rankedMatches` and one more, as one expression with
 * three subqueries that Postgres runs only when reached: the newest `probe` posts are looked at
 * (`commonAmongNewest`); when enough of them match, the newest `window` posts are walked until one
 * more than the ranked matches are found; when the probe finds few or the walk runs out, the
 * full-text index counts. (Exported for the test of which of them run.)
 */
export function searchCount(filter: PostFilter, query: SQL) {
  const { rankedMatches: cap, window } = SEARCH_TUNING;
  return sql`(case
    when ${commonAmongNewest(filter, query)}
     and (select count(*) from (select 1 from (${newestPosts(filter, window)}) recent where search @@ ${query} limit ${cap + 1}) walked) > ${cap}
    then ${cap + 1}
    else (select count(*) from (select 1 from ${blogPosts} where ${publicWhere(filter, query)} limit ${cap + 1}) indexed)
  end)`;
}

/**
 * The ids of `limit` matches of a search from `offset`, newest first: the pages past a common
 * word's ranked matches. Left to itself the planner reads such a word's every match through the
 * full-text index and sorts them (it estimates a word in every post and a number alike, at ~4% of
 * posts): 72–117 ms on PostgreSQL at 100,000 posts for page 45. Walking the posts in date order and
 * stopping after the page takes 2–5 ms for such a word, but reads every post for a rare one (0.2–0.8
 * s). So the probe of `commonAmongNewest` picks, in one statement: the walk when the word is common
 * (the match written as `coalesce(…, false)`, which the full-text index cannot serve and the
 * planner guesses true for half the posts, so it walks blog_posts_public_list_idx), else the
 * matches through the full-text index (`sparseOrder`); the other branch never runs.
 */
export function searchNewestIds(filter: PostFilter, query: SQL, limit: number, offset: number) {
  const page = (match: SQL, order: SQL) =>
    sql`select ${blogPosts.id} as id from ${blogPosts} where ${publicWhere({ ...filter, q: null }, null)} and ${match}
         order by ${order} limit ${limit} offset ${offset}`;
  return sql`with word as (select ${commonAmongNewest(filter, query)} as common)
    select id from (${page(sql`coalesce(${blogPosts.search} @@ ${query}, false)`, newestOrder)}) walked_page where (select common from word)
    union all
    select id from (${page(sql`${blogPosts.search} @@ ${query}`, sparseOrder)}) indexed_page where not (select common from word)`;
}

/** A row of the ranking's raw SQL, as the drivers return it (numbers and dates may come back as text). */
type RankedRow = {
  /** On every row: how many posts match, up to `rankedMatches` and one more. */
  found: number | string;
  /** On the first row: the id of every ranked post, most relevant first (both drivers parse the array); null when nothing matches. */
  ranked: string[] | null;
  /** The page's card, or null on the one row of a page past the matches. */
  id: string | null;
  title: string;
  slug: string;
  excerpt: string;
  category: string;
  image_url: string | null;
  cover_alt: string;
  read_time: number | string;
  featured: boolean;
  date: Date | string;
};

/** A search's count, its ranking and one page of it: what `rankSearch` reads in one statement. */
export type SearchRanking = {
  /** How many posts match, up to `rankedMatches` and one more. */
  found: number;
  /** The ranked posts' ids, most relevant first: every match when there are `rankedMatches` or fewer, else the newest that many. */
  ids: string[];
  page: PostCard[];
};

/**
 * One statement for a search's first visit: how many posts match (up to `rankedMatches` and one
 * more), the ranking by relevance (ts_rank: a title match weighs most, then the excerpt, then the
 * body; ties newest first) of every match when there are that many or fewer, else of the newest
 * `rankedMatches`, the ids of all the ranked posts in that order (~18 KB for 500: the loader keeps
 * them with the count for the search's other pages, 'Load more' and ?page=N, which then read only
 * their own cards), and positions `offset` to `offset + limit` of it as cards. Asked as two
 * statements, a count and then the ranking, a two-digit number's first page spent ~1.6 ms more on
 * PostgreSQL at 100,000 posts (a second round trip, planning, and counting the matches twice).
 *
 * The matches are found as the count used to find them, in branches Postgres runs only when
 * reached (each behind a one-time filter): when the word is common among the newest posts (the
 * probe, `commonAmongNewest`), walking the newest `window` posts in date order finds its newest
 * matches and stops; when the probe finds it uncommon, or the walk finds too few, the full-text
 * index finds them (`sparseOrder`). For a word in ~1% of posts the walk would read 1,500 posts for
 * a handful of matches (11–21 ms on PGlite at 100,000 posts). Either way gives the same newest
 * matches. The steps carry each match's id, dates and relevance, and only the page's posts are
 * read as cards at the end: carrying the 500 matches' cards through the sorts and windows cost
 * ~0.7 ms of a two-digit number's ~4.6 ms on PostgreSQL (PGlite ~0.5 of 5.7). Always one row at
 * least (the page's cards, or one row without a card), so the count comes back for a page past the
 * matches too. (The statement is exported for the test of which branch runs.)
 */
export function searchRanking(filter: PostFilter, query: SQL, offset: number, limit: number) {
  const { rankedMatches: cap, window } = SEARCH_TUNING;
  const dates = sql`${blogPosts.id} as id, ${blogPosts.publishedAt} as published_at, ${blogPosts.createdAt} as created_at`;
  const byDate = sql`published_at desc nulls last, created_at desc, id desc`;
  return sql`
    with word as materialized (select ${commonAmongNewest(filter, query)} as common),
    walked as materialized (
      select id, published_at, created_at, ts_rank(search, ${query}) as relevance, row_number() over (order by ${byDate}) as by_date from (
        select * from (${newestPosts(filter, window, sql`${dates}, ${blogPosts.search} as search`)}) recent
         where (select common from word) and search @@ ${query}
         order by ${byDate} limit ${cap + 1}) walk
    ),
    indexed as materialized (
      select id, published_at, created_at, relevance, row_number() over (order by date desc, created_at desc, id desc) as by_date from (
        select ${dates}, coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt}) as date, ts_rank(${blogPosts.search}, ${query}) as relevance
          from ${blogPosts}
         where (select count(*) from walked) <= ${cap} and ${publicWhere(filter, query)}
         order by ${sparseOrder} limit ${cap + 1}) found
    ),
    matches as materialized (
      select * from walked where (select count(*) from walked) > ${cap}
      union all
      select * from indexed
    ),
    ranked as materialized (
      select id, row_number() over (order by relevance desc, ${byDate}) as position from matches where by_date <= ${cap}
    )
    select (select count(*) from matches) as found,
           -- On the first row alone: sent with every card, the array made a page ~200 KB to parse.
           case when coalesce(page.position, ${offset + 1}) = ${offset + 1} then (select array_agg(id::text order by position) from ranked) end as ranked,
           page.*
      from (select 1) one
      left join (
        select ${blogPosts.id} as id, ${blogPosts.title} as title, ${blogPosts.slug} as slug, ${blogPosts.excerpt} as excerpt,
               ${blogPosts.category} as category, ${blogPosts.imageUrl} as image_url, ${blogPosts.coverAlt} as cover_alt,
               ${blogPosts.readTime} as read_time, ${blogPosts.featured} as featured,
               coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt}) as date, ranked.position
          from ranked join ${blogPosts} on ${blogPosts.id} = ranked.id
         where ranked.position > ${offset} and ranked.position <= ${offset + limit}) page on true
     order by page.position`;
}

/** A search's first visit (`searchRanking`): its count, its ranking and one page of it. */
export async function rankSearch(db: Queryable, filter: PostFilter, query: SQL, offset: number, limit: number): Promise<SearchRanking> {
  const found = await rows<RankedRow>(db, searchRanking(filter, query, offset, limit));
  const first = found[0];
  return {
    found: Number(first?.found ?? 0),
    ids: first?.ranked ?? [],
    page: found.flatMap((r): PostCard[] =>
      r.id === null
        ? []
        : [
            {
              id: r.id,
              title: r.title,
              slug: r.slug,
              excerpt: r.excerpt,
              category: r.category,
              imageUrl: r.image_url,
              coverAlt: r.cover_alt,
              readTime: Number(r.read_time),
              featured: r.featured,
              date: r.date instanceof Date ? r.date : new Date(r.date),
            },
          ],
    ),
  };
}

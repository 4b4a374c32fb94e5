/**
 * The public list and search of posts (/blog: filters, full-text search by word forms and
 * relevance, paging; docs/decisions/0012): one page of cards and how many match. The search's
 * parts are in post-search.server.ts.
 */
import { and, inArray, sql, type Placeholder, type SQL, type SQLWrapper } from "drizzle-orm";
import { preparedOnce, rows, type Queryable } from "~/server/db/client.server";
import { keepNothing, type KeepOptions } from "~/server/cache/data-cache.server";
import { blogPosts } from "~/server/db/schema.server";
import { cardColumns, newestFirst, publiclyVisible, type PostCard } from "./post-queries.server";
import { publicWhere, rankSearch, searchCount, searchNewestIds, searchQuery, SEARCH_TUNING, type PostFilter, type SearchRanking } from "./post-search.server";

/**
 * The cards of the posts whose ids `ids` selects, newest first. A page's ids are picked first
 * (`newestIds`: from blog_posts_public_list_idx alone, an index-only scan, so an offset of 60,000
 * skips index entries, not wide rows: page 5,000 of /blog took a sort of every post, 0.65 s on
 * PGlite at 100,000 posts; `searchNewestIds` for a search), then the cards of those, by primary key
 * (`= any(array(…))`: the ids read once, then each card looked up).
 */
function cardsIn(db: Queryable, ids: SQLWrapper) {
  return db
    .select(cardColumns)
    .from(blogPosts)
    .where(sql`${blogPosts.id} = any(array(${ids}))`)
    .orderBy(...newestFirst);
}

/** The ids of one page of `where`, newest first (exported for the test of its plan). */
export function newestIds(db: Queryable, where: SQL | undefined, limit: number | Placeholder, offset: number | Placeholder) {
  return db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(where)
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
}

/**
 * One page of the posts `filter` selects without a search, newest first (`cardsIn` of
 * `newestIds`): the list, a category's, a tag's. Prepared once per shape of the filter (which of
 * category, tag and the featured post left out it has: `preparedOnce`); a search text with no word
 * to look for (it matches nothing: `where` says so) is built as it is.
 */
function newestCards(db: Queryable, filter: PostFilter, where: SQL | undefined, limit: number, offset: number) {
  if (filter.q?.trim()) return cardsIn(db, newestIds(db, where, limit, offset));
  const category = Boolean(filter.category && filter.category !== "All");
  const shape = `${category ? "_category" : ""}${filter.tagId ? "_tag" : ""}${filter.excludeId ? "_but_one" : ""}`;
  const statement = preparedOnce(db, `public_newest_cards${shape}`, (handle, name) => {
    const placeholders = {
      category: category ? sql.placeholder("category") : null,
      tagId: filter.tagId ? sql.placeholder("tagId") : null,
      excludeId: filter.excludeId ? sql.placeholder("excludeId") : null,
    };
    return cardsIn(handle, newestIds(handle, publicWhere(placeholders, null), sql.placeholder("limit"), sql.placeholder("offset"))).prepare(name);
  });
  return statement.execute({ category: filter.category, tagId: filter.tagId, excludeId: filter.excludeId, limit, offset });
}

/** How many posts match: exact, or at least `count` when there are more than the search ranks. */
export type MatchCount = { count: number; atLeast: boolean };

export type PostPage = {
  posts: PostCard[];
  hasMore: boolean;
  /** How many posts match when searching or filtering by tag; null for the plain list. */
  total: MatchCount | null;
};

/**
 * Published posts, optionally by category, tag and search: one page, whether more follow, and
 * (searching or by tag) how many match. Without a search: newest first. With one: the most
 * relevant first (ts_rank: a title match weighs most, then the excerpt, then the body), ties
 * newest first; past the ranked matches (`SEARCH_TUNING`), the older ones newest first.
 *
 * What every page of one search or tag shares, its count and a search's ranking, is asked of
 * `keep` (the loader keeps them in the data cache): a search's first visit reads both and its
 * page in one statement (`rankSearch`), and its other pages then read only their own cards.
 */
export async function listPublishedPosts(
  db: Queryable,
  filter: PostFilter & { limit?: number; offset?: number } = {},
  { keep = keepNothing }: KeepOptions = {},
): Promise<PostPage> {
  const limit = Math.min(Math.max(filter.limit ?? 12, 1), 500);
  const offset = Math.max(filter.offset ?? 0, 0);
  const query = filter.q ? searchQuery(filter.q) : null;
  const cap = SEARCH_TUNING.rankedMatches;
  const shared = JSON.stringify([filter.q ?? "", filter.category ?? "", filter.tagId ?? "", filter.excludeId ?? "", cap, SEARCH_TUNING.window]);
  const countKey = `posts:count:${shared}`;

  if (!query) {
    // The list, a category's or a tag's (a tag's counted), or a search with no word to look for (it matches nothing).
    const searching = Boolean(filter.q?.trim());
    const total = searching || filter.tagId ? await keep(countKey, () => countMatches(db, filter, null, cap)) : null;
    const rows = await newestCards(db, filter, publicWhere(filter, null), limit + 1, offset);
    return { posts: rows.slice(0, limit), hasMore: rows.length > limit, total };
  }
  if (offset >= cap) {
    // Past the ranked matches (a ?page=N asked first): counted alone, then newest first.
    const total = await keep(countKey, () => countMatches(db, filter, query, cap));
    if (!total.atLeast) return { posts: [], hasMore: false, total };
    const rows = await cardsIn(db, searchNewestIds(filter, query, limit + 1, offset));
    return { posts: rows.slice(0, limit), hasMore: rows.length > limit, total };
  }

  // The count, the ranking and this page in one statement when either is not kept yet.
  const visit: { ranking?: Promise<SearchRanking> } = {};
  const firstVisit = () => (visit.ranking ??= rankSearch(db, filter, query, offset, limit));
  const total = await keep(countKey, async () => matchCount((await firstVisit()).found, cap));
  const ranked = await keep(`posts:ranked:${shared}`, async () => (await firstVisit()).ids);
  const end = Math.min(offset + limit, cap);
  const posts = visit.ranking ? (await visit.ranking).page : await cardsOf(db, ranked.slice(offset, end));
  if (!total.atLeast) return { posts, hasMore: offset + posts.length < total.count, total };
  if (offset + limit <= cap) return { posts, hasMore: true, total };
  // More matches than are ranked, and this page reaches past them: the older ones newest first.
  const older = await cardsIn(db, searchNewestIds(filter, query, offset + limit - cap + 1, cap));
  return { posts: [...posts, ...older.slice(0, offset + limit - cap)], hasMore: older.length > offset + limit - cap, total };
}

/** A count of matches up to `cap` and one more, as the list shows it: exact, or "at least `cap`". */
function matchCount(n: number, cap: number): MatchCount {
  return n > cap ? { count: cap, atLeast: true } : { count: n, atLeast: false };
}

/**
 * Counts matches up to `cap` and one more: a bounded read, however common the word. A search is
 * counted by `searchCount` (asked alone only for a page past the ranked matches visited first: a
 * search's first visit counts with its ranking, `rankSearch`); a tag alone by reading up to
 * `cap + 1` of its posts.
 */
async function countMatches(db: Queryable, filter: PostFilter, query: SQL | null, cap: number): Promise<MatchCount> {
  const counted = query
    ? searchCount(filter, query)
    : sql`(select count(*) from (select 1 from ${blogPosts} where ${publicWhere(filter, null)} limit ${cap + 1}) matches)`;
  const [row] = await rows<{ n: number | string }>(db, sql`select ${counted} as n`);
  return matchCount(Number(row?.n ?? 0), cap);
}

/** The cards of `ids`, in that order; a post no longer public (the ids were kept a moment) is left out. */
async function cardsOf(db: Queryable, ids: string[]): Promise<PostCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(blogPosts)
    .where(and(inArray(blogPosts.id, ids), publiclyVisible()));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

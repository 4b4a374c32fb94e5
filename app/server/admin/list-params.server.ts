/**
 * The URL state of a back-office list (/admin/blog, /admin/users, /admin/leads): `?q=` (search),
 * `?status=` (the filter tab) and `?page=` (1-based, ADMIN_PAGE_SIZE rows a page). Nothing in the
 * URL can break the list: unknown or malformed values fall back to the defaults (the first status,
 * page 1), very long searches are cut, and a page past the end shows the last page.
 *
 *   const params = readListParams(request, ["all", "published", "drafts"]);   // in the loader
 *   const { total, counts } = await count(db, params);                      // your query
 *   const page = pageWindow(params.page, total);                            // { page, offset, limit }
 *   return { ...params, page: page.page, total, counts, items: await rows(db, params, page) };
 *
 * The page's <ListSearch>, <ListTabs> and <ListPager> (app/components/admin/list-controls.tsx)
 * write the same parameters back into links.
 */

import { ADMIN_PAGE_SIZE } from "~/lib/admin-lists";

export { ADMIN_PAGE_SIZE };

/** Longest search kept (longer ones are cut): a search box, not a document. */
export const MAX_SEARCH_LENGTH = 100;

/** Highest page number read from the URL; anything above is that page (then clamped to the last one by `pageWindow`). */
const MAX_PAGE = 100_000;

export type ListParams<S extends string> = {
  /** The trimmed search, "" for none. */
  q: string;
  /** One of the given statuses; the first when the URL names none or an unknown one. */
  status: S;
  /** The asked page (1 or more), before clamping to the rows there are. */
  page: number;
};

/** Reads q, status and page from a request's (or a URL's) search parameters. */
export function readListParams<const S extends string>(from: Request | URL, statuses: readonly [S, ...S[]]): ListParams<S> {
  const search = (from instanceof URL ? from : new URL(from.url)).searchParams;
  const q = (search.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH).trim();
  const asked = search.get("status");
  const status = statuses.find((s) => s === asked) ?? statuses[0];
  return { q, status, page: readPage(search.get("page")) };
}

/** A page number from the URL: a whole number of 1 or more, else 1; at most MAX_PAGE. */
export function readPage(value: string | null): number {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return page < 1 ? 1 : Math.min(page, MAX_PAGE);
}

/** The rows of `page` out of `total`: a page past the end is the last page (page 1 when there are none). */
export function pageWindow(page: number, total: number, size = ADMIN_PAGE_SIZE) {
  const last = Math.max(1, Math.ceil(total / size));
  const clamped = Math.min(Math.max(1, Math.floor(page)), last);
  return { page: clamped, lastPage: last, offset: (clamped - 1) * size, limit: size };
}

/** A search as a LIKE/ILIKE pattern matching it anywhere: %, _ and \ in the search match themselves. */
export function containsPattern(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

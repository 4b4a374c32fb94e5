/**
 * What the page cache's background refinements may spend (page-cache.server.ts `prepareKept`: a
 * kept page read again gets its inline stylesheet cut to the rules it uses and Brotli at its best).
 *
 * A refinement costs 0.1–0.3 s of CPU (PurgeCSS in its own thread, page-css-thread.server.ts;
 * Brotli 11 in libuv's pool), none of it on the main thread. The site's own pages (a key without a
 * query) are always refined; pages with a query (searches, categories, tags, later pages: each
 * value a page of its own, so endless) share REFINES_WITH_QUERY a minute per process, so a flood of
 * made-up searches costs renders but no background work. Past the budget a page stays as first
 * compressed: the same page, a little larger.
 *
 * And they run one at a time (`inTurn`), at most REFINE_BACKLOG waiting: run as they came, a burst
 * of second readings (25 list pages of 210 KB, as a crawler or a warm start brings) kept Brotli 11
 * on every core of a two-core machine for seconds, and the pages asked meanwhile took three times
 * as long (/blog?page=N p50 24 ms instead of 8 at 100,000 posts on PostgreSQL).
 */
export const REFINES_WITH_QUERY = 30;
let refineWindow = { start: 0, used: 0 };

/** Whether the page kept under `key` may be refined now (one of the minute's budget taken when it has a query). */
export function mayRefine(key: string, now = Date.now()) {
  if (!key.includes("?")) return true;
  if (now - refineWindow.start >= 60_000) refineWindow = { start: now, used: 0 };
  if (refineWindow.used >= REFINES_WITH_QUERY) return false;
  refineWindow.used += 1;
  return true;
}

/** How many refinements may wait for their turn; past it a page stays as first compressed. */
export const REFINE_BACKLOG = 100;
let turn: Promise<void> = Promise.resolve();
let waiting = 0;

/**
 * Runs `work` once the refinements queued before it are done, one at a time; false, and nothing
 * run, when REFINE_BACKLOG are waiting already. Resolves when `work` is done (a failure is left to
 * `work`'s caller to have handled: the next one runs either way).
 */
export async function inTurn(work: () => Promise<void>): Promise<boolean> {
  if (waiting >= REFINE_BACKLOG) return false;
  waiting += 1;
  const mine = turn.then(work).finally(() => {
    waiting -= 1;
  });
  turn = mine.catch(() => {});
  await mine;
  return true;
}

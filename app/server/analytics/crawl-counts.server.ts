import { sql } from "drizzle-orm";
import { db } from "../db/client.server";
import { config } from "~/server/core/env.server";
import { log } from "~/server/core/log.server";
import { SLUG_PATTERN } from "~/lib/text";
import { AI_CRAWLER_AGENTS } from "./ai-crawlers.server";
import { utcDay } from "./day.server";

/**
 * Fetches by known AI crawlers, counted on the server (docs/decisions/0053): a GET of a post, its
 * markdown (/blog/{slug}.md), a case study (and its markdown) or /llms.txt by a user agent holding
 * a token of AI_CRAWLER_AGENTS is counted per UTC day, path and crawler once it was answered 200
 * or 304 (so an unknown slug counts nothing). server/main.js calls `countAiCrawl` for every request
 * before anything answers it, cached pages included: it only listens for the response's end, and
 * adds nothing to what is sent. No address or agent string is kept: the crawler's token and a count.
 *
 * Counts are held in memory and added to ai_crawls every FLUSH_EVERY_MS with one statement (an
 * upsert adding to each row), so a crawler's flood costs a map increment per request. At most
 * MAX_KEYS distinct (day, path, crawler) are held between flushes; past it new ones are dropped
 * (and logged), as the analytics batch drops past its bound.
 */

const FLUSH_EVERY_MS = 5000;
export const MAX_KEYS = 5000;

/** The crawler tokens as one case-insensitive pattern; a match is named by its token as robots.txt spells it. */
const CRAWLER = new RegExp(AI_CRAWLER_AGENTS.map((a) => a.replace(/[-]/g, "\\-")).join("|"), "i");
const TOKEN_BY_LOWER = new Map(AI_CRAWLER_AGENTS.map((a) => [a.toLowerCase(), a]));

/** The AI crawler a user agent names (its robots.txt token), or null for any other agent. */
export function aiCrawlerOf(userAgent: string | undefined | null): string | null {
  if (!userAgent) return null;
  const match = CRAWLER.exec(userAgent);
  return match ? (TOKEN_BY_LOWER.get(match[0].toLowerCase()) ?? null) : null;
}

const COUNTED = [/^\/llms\.txt$/, /^\/blog\/([^/]+?)(?:\.md)?$/, /^\/case-studies\/([^/]+?)(?:\.md)?$/] as const;

/** The path a fetch is counted under (its address without the query), or null when such a fetch is not counted. */
export function countedPath(url: string | undefined): string | null {
  if (!url) return null;
  const path = url.split(/[?#]/)[0]!;
  for (const pattern of COUNTED) {
    const match = pattern.exec(path);
    if (match && (match[1] === undefined || SLUG_PATTERN.test(match[1]))) return path;
  }
  return null;
}

type Counts = Map<string, number>;
const COUNTS_KEY = Symbol.for("studio.ai-crawl-counts");
type GlobalWithCounts = typeof globalThis & {
  [COUNTS_KEY]?: { counts: Counts; timer?: ReturnType<typeof setInterval>; dropped: number; writing: Promise<void> };
};
function state() {
  const g = globalThis as GlobalWithCounts;
  g[COUNTS_KEY] ??= { counts: new Map(), dropped: 0, writing: Promise.resolve() };
  return g[COUNTS_KEY];
}

/** Adds one fetch to the counts held in memory (written within FLUSH_EVERY_MS). */
export function addCrawl(path: string, crawler: string, day = utcDay()) {
  const held = state();
  const key = `${day}\n${path}\n${crawler}`;
  const count = held.counts.get(key);
  if (count === undefined && held.counts.size >= MAX_KEYS) {
    if (held.dropped++ % 10_000 === 0) log.warn("AI crawl counts full: dropping new paths until the next flush", { keys: held.counts.size });
    return;
  }
  held.counts.set(key, (count ?? 0) + 1);
  held.timer ??= setInterval(() => void flushCrawls(), FLUSH_EVERY_MS).unref();
}

/** The parts of Node's request and response it reads. */
type NodeRequest = { method?: string; url?: string; headers: Record<string, string | string[] | undefined> };
type NodeResponse = { statusCode: number; once(event: "finish", listener: () => void): unknown };

/** server/main.js, for every request: when an AI crawler fetches a counted path, counts it once it was answered. */
export function countAiCrawl(req: NodeRequest, res: NodeResponse) {
  if (req.method !== "GET") return;
  const agent = req.headers["user-agent"];
  const crawler = aiCrawlerOf(Array.isArray(agent) ? agent[0] : agent);
  if (!crawler) return;
  const path = countedPath(req.url);
  if (!path || !config().analytics) return;
  res.once("finish", () => {
    if (res.statusCode === 200 || res.statusCode === 304) addCrawl(path, crawler);
  });
}

/** Writes the counts held now (one upsert adding to each row); on failure they are kept for the next flush. */
export function flushCrawls(): Promise<void> {
  const held = state();
  held.writing = held.writing.then(async () => {
    if (held.counts.size === 0) return;
    const batch = held.counts;
    held.counts = new Map();
    const rows = [...batch].map(([key, fetches]) => [...key.split("\n"), fetches] as const);
    const column = (i: number) => sql.param(rows.map((row) => row[i]));
    try {
      await (
        await db()
      ).execute(sql`
        insert into ai_crawls (day, path, crawler, fetches)
        select * from unnest(${column(0)}::date[], ${column(1)}::text[], ${column(2)}::text[], ${column(3)}::int[])
        on conflict (day, path, crawler) do update set fetches = ai_crawls.fetches + excluded.fetches`);
    } catch (error) {
      log.error("could not store AI crawl counts", { error: error instanceof Error ? error.message : String(error) });
      for (const [key, fetches] of batch) {
        const count = held.counts.get(key);
        if (count !== undefined || held.counts.size < MAX_KEYS) held.counts.set(key, (count ?? 0) + fetches);
      }
    }
  });
  return held.writing;
}

/** On shutdown, before the database closes: the counts held are written. */
export async function stopCrawlCounts() {
  const held = state();
  if (held.timer) clearInterval(held.timer);
  held.timer = undefined;
  await flushCrawls();
}

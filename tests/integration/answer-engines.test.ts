import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql, TransactionRollbackError, type SQL } from "drizzle-orm";
import type * as DbClient from "~/server/db/client.server";
import type { DbHandle } from "~/server/db/client.server";
import { aiCrawls, analyticsEvents, answerEngineVisits, caseStudies } from "~/server/db/schema.server";
import { periodRange } from "~/lib/analytics-period";
import { NOW, id, seededPipeline } from "../support/revenue-report-data";

/* Answer engines end to end on the server (docs/decisions/0053): AI crawlers' fetches counted over real HTTP, the visits rolled up, and the report. */

let handle: DbHandle;
vi.mock("~/server/db/client.server", async (original) => ({
  ...(await original<typeof DbClient>()),
  db: () => Promise.resolve(handle.db),
}));

const usd = (value: string) => ({ currency: "USD", value });
/** Both drivers (PGlite, node-postgres) answer raw SQL with { rows }. */
async function rowsOf<T>(statement: SQL): Promise<T[]> {
  const result: unknown = await handle.db.execute(statement);
  return (result as { rows: T[] }).rows;
}

beforeAll(async () => {
  // Beside the revenue tests' pipeline: 9 came from ChatGPT to Post Two and was won; 10 from Perplexity to Post One, booked; 11 from ChatGPT to the home page.
  handle = await seededPipeline([
    {
      id: id(9),
      created: "2026-11-15T00:00:00Z",
      status: "won",
      landing: "/blog/post-two",
      referrer: "chatgpt.com",
      engine: "chatgpt",
      bookings: [["2026-11-16T00:00:00Z", "held"]],
      won: { at: "2026-11-21T00:00:00Z", value: "3000.00", currency: "USD" },
    },
    {
      id: id(10),
      created: "2026-11-18T00:00:00Z",
      status: "booked",
      landing: "/blog/post-one",
      engine: "perplexity",
      bookings: [["2026-11-19T00:00:00Z", "booked"]],
    },
    { id: id(11), created: "2026-11-19T00:00:00Z", status: "new", landing: "/", engine: "chatgpt" },
  ]);
});
afterAll(async () => {
  await handle.close();
});

const { countAiCrawl, flushCrawls, addCrawl, MAX_KEYS } = await import("~/server/analytics/crawl-counts.server");
const { purgeAnalytics, rollUpAnalytics, utcDay } = await import("~/server/analytics/store.server");
const { answerEngineReport, answerEngineVisitsOf } = await import("~/server/analytics/answer-engines.server");

const GPTBOT = "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36";

describe("AI crawl counts", () => {
  /** A server counting as server/main.js does, before it answers: a post, its markdown, /llms.txt and /team exist; anything else is a 404. */
  async function site() {
    const server = http.createServer((req, res) => {
      countAiCrawl(req, res);
      const found = ["/blog/known-post", "/blog/known-post.md", "/llms.txt", "/team"].includes((req.url ?? "").split("?")[0]!);
      res.writeHead(found ? 200 : 404, { "content-type": "text/plain" }).end(found ? "page" : "not found");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (path: string, agent: string, method = "GET") => (await fetch(`${base}${path}`, { method, headers: { "user-agent": agent } })).status;
    return { get, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }
  const today = async () =>
    (
      await handle.db
        .select()
        .from(aiCrawls)
        .where(sql`${aiCrawls.day} = ${utcDay()}`)
    ).map(({ path, crawler, fetches }) => ({ path, crawler, fetches }));

  it("counts a known crawler's GET of a post, its markdown and /llms.txt per path and crawler; not a browser's, a 404, another page or a POST", async () => {
    const { get, close } = await site();
    expect(await get("/blog/known-post", GPTBOT)).toBe(200);
    expect(await get("/blog/known-post.md?utm_source=x", GPTBOT)).toBe(200);
    expect(await get("/llms.txt", "Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)")).toBe(200);
    expect(await get("/blog/known-post", BROWSER)).toBe(200);
    expect(await get("/blog/missing-post", GPTBOT)).toBe(404);
    expect(await get("/team", GPTBOT)).toBe(200);
    expect(await get("/blog/known-post", GPTBOT, "POST")).toBe(200);
    await flushCrawls();
    expect(await today()).toEqual(
      expect.arrayContaining([
        { path: "/blog/known-post", crawler: "GPTBot", fetches: 1 },
        { path: "/blog/known-post.md", crawler: "GPTBot", fetches: 1 },
        { path: "/llms.txt", crawler: "ClaudeBot", fetches: 1 },
      ]),
    );
    expect(await today()).toHaveLength(3);

    // A later batch adds to the stored rows.
    expect(await get("/blog/known-post", GPTBOT)).toBe(200);
    expect(await get("/blog/known-post", GPTBOT)).toBe(200);
    await flushCrawls();
    expect((await today()).find((r) => r.path === "/blog/known-post")?.fetches).toBe(3);
    await close();
  });

  it("holds at most MAX_KEYS distinct counts between flushes, and keeps no address or agent", async () => {
    for (let i = 0; i < MAX_KEYS + 50; i++) addCrawl(`/blog/flood-${i}`, "Bytespider", "2026-01-02");
    addCrawl("/blog/flood-0", "Bytespider", "2026-01-02");
    await flushCrawls();
    const [totals] = await rowsOf<{ rows: number; fetches: number }>(
      sql`select count(*)::int as rows, sum(fetches)::int as fetches from ai_crawls where day = '2026-01-02'`,
    );
    expect(totals).toEqual({ rows: MAX_KEYS, fetches: MAX_KEYS + 1 });
    const columns = await rowsOf<{ column_name: string }>(sql`select column_name from information_schema.columns where table_name = 'ai_crawls' order by 1`);
    expect(columns.map((c) => c.column_name)).toEqual(["crawler", "day", "fetches", "path"]);
  });
});

describe("answer-engine visits", () => {
  it("rolls up distinct visitors per day, landing page and engine; a landing that is not a page counts under '(other)'", async () => {
    const day = "2026-11-20";
    const view = (visitor: string, landing: string, engine: string | null) => ({ day, visitor, type: "pageview", path: landing, landing, engine });
    await handle.db
      .insert(analyticsEvents)
      .values([
        view("v1", "/blog/post-one", "chatgpt"),
        view("v1", "/blog/post-one", "chatgpt"),
        view("v2", "/blog/post-one", "chatgpt"),
        view("v3", "/blog/post-one", "claude"),
        view("v4", "/blog/not-a-post", "perplexity"),
        view("v5", "/blog/post-one", null),
        view("v6", "/", "claude"),
        view("v7", "/case-studies/ledger-agent", "claude"),
        view("v8", "/case-studies/draft-study", "claude"),
      ]);
    // A published case study and a draft one: a landing on the draft is not a page the public reads.
    const study = (slug: string, published: boolean) => ({
      ...{ title: slug, slug, client: "C", industry: "I", summary: "S", problem: "P", solution: "S" },
      published,
      publishedAt: new Date("2026-11-01T00:00:00Z"),
    });
    await handle.db.insert(caseStudies).values([study("ledger-agent", true), study("draft-study", false)]);
    await rollUpAnalytics(day, day);
    await rollUpAnalytics(day, day);
    const rows = await handle.db
      .select()
      .from(answerEngineVisits)
      .where(sql`${answerEngineVisits.day} = ${day}`)
      .orderBy(answerEngineVisits.engine, answerEngineVisits.landing);
    expect(rows.map(({ landing, engine, visitors }) => ({ landing, engine, visitors }))).toEqual([
      { landing: "/blog/post-one", engine: "chatgpt", visitors: 2 },
      { landing: "(other)", engine: "claude", visitors: 1 },
      { landing: "/", engine: "claude", visitors: 1 },
      { landing: "/blog/post-one", engine: "claude", visitors: 1 },
      { landing: "/case-studies/ledger-agent", engine: "claude", visitors: 1 },
      { landing: "(other)", engine: "perplexity", visitors: 1 },
    ]);
  });

  it("looks up only the posts its visits landed on, never every public post", async () => {
    let read = -1;
    await handle.db
      .transaction(async (tx) => {
        // 2,000 more public posts; the day's AI visits land on two of them.
        await tx.execute(sql`insert into blog_posts (title, slug, content, category, published, published_at)
          select 'Many ' || i, 'many-' || i, 'Body.', 'Automation', true, now() - interval '1 day' from generate_series(1, 2000) i`);
        await tx.execute(sql`insert into analytics_events (day, visitor, type, path, landing, engine)
          values ('2026-11-22', 'w1', 'pageview', '/blog/many-7', '/blog/many-7', 'chatgpt'), ('2026-11-22', 'w2', 'pageview', '/blog/many-9', '/blog/many-9', 'claude')`);
        await tx.execute(sql`analyze blog_posts`);
        const result: unknown = await tx.execute(sql`explain (analyze, format json) ${answerEngineVisitsOf("2026-11-22", "2026-11-22", "(other)")}`);
        const cell = (result as { rows: { "QUERY PLAN": unknown }[] }).rows[0]!["QUERY PLAN"];
        // Every row any plan node read from blog_posts, across its loops.
        type Node = { "Relation Name"?: string; "Actual Rows": number; "Actual Loops": number; Plans?: Node[] };
        const rowsFrom = (node: Node): number =>
          (node["Relation Name"] === "blog_posts" ? node["Actual Rows"] * node["Actual Loops"] : 0) +
          (node.Plans ?? []).reduce((n, child) => n + rowsFrom(child), 0);
        read = rowsFrom(((typeof cell === "string" ? JSON.parse(cell) : cell) as { Plan: Node }[])[0]!.Plan);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(read).toBeGreaterThanOrEqual(0);
    expect(read).toBeLessThanOrEqual(2);
  });
});

describe("the answer-engine report", () => {
  it("reads per engine AI visits, leads, calls and won value, and per post crawled, AI visits, leads, calls and won", async () => {
    await handle.db.delete(answerEngineVisits);
    await handle.db.delete(aiCrawls);
    await handle.db.insert(answerEngineVisits).values([
      { day: "2026-11-15", landing: "/blog/post-two", engine: "chatgpt", visitors: 3 },
      { day: "2026-11-16", landing: "/", engine: "chatgpt", visitors: 2 },
      { day: "2026-11-18", landing: "/blog/post-one", engine: "perplexity", visitors: 1 },
      // Before 'Last 30 days'.
      { day: "2026-09-01", landing: "/blog/post-two", engine: "chatgpt", visitors: 50 },
    ]);
    await handle.db.insert(aiCrawls).values([
      { day: "2026-11-20", path: "/blog/post-two", crawler: "GPTBot", fetches: 4 },
      { day: "2026-11-20", path: "/blog/post-two.md", crawler: "GPTBot", fetches: 2 },
      { day: "2026-11-21", path: "/blog/post-two", crawler: "ClaudeBot", fetches: 1 },
      { day: "2026-11-20", path: "/llms.txt", crawler: "ClaudeBot", fetches: 5 },
      { day: "2026-11-20", path: "/blog/gone-post", crawler: "GPTBot", fetches: 9 },
    ]);
    const r = await answerEngineReport(handle.db, periodRange("30d", NOW));
    const nothing = { calls: 0, open: 0, pipeline: [], won: [] };
    const none = { visits: 0, leads: 0, lastLeads: 0, first: nothing, last: nothing };
    expect(r.engines).toEqual([
      // Last touch adds lead 2 of the revenue pipeline (direct first, back from ChatGPT, open at $5,000 expected).
      {
        engine: "chatgpt",
        name: "ChatGPT",
        visits: 5,
        leads: 2,
        lastLeads: 3,
        first: { calls: 1, open: 0, pipeline: [], won: [usd("3000.00")] },
        last: { calls: 2, open: 1, pipeline: [usd("5000.00")], won: [usd("3000.00")] },
      },
      {
        engine: "perplexity",
        name: "Perplexity",
        visits: 1,
        leads: 1,
        lastLeads: 1,
        first: { calls: 1, open: 1, pipeline: [], won: [] },
        last: { calls: 1, open: 1, pipeline: [], won: [] },
      },
      { engine: "gemini", name: "Gemini", ...none },
      { engine: "copilot", name: "Copilot", ...none },
      { engine: "claude", name: "Claude", ...none },
    ]);
    expect(r.pages).toEqual([
      { path: "/blog/post-two", title: "Post Two", crawled: 7, visits: 3, leads: 1, calls: 1, open: 0, pipeline: [], won: [usd("3000.00")] },
      { path: "/blog/post-one", title: "Post One", crawled: 0, visits: 1, leads: 1, calls: 1, open: 1, pipeline: [], won: [] },
    ]);
    expect(r.crawlers).toEqual([
      { crawler: "GPTBot", fetches: 15 },
      { crawler: "ClaudeBot", fetches: 6 },
    ]);
    expect(r.llmsFetches).toBe(5);
  });
});

describe("retention", () => {
  it("drops answer-engine visits and crawl counts older than ANALYTICS_RETENTION_MONTHS with the rollups", async () => {
    await handle.db.insert(answerEngineVisits).values([
      { day: "2024-10-27", landing: "/", engine: "claude", visitors: 1 },
      { day: "2024-10-28", landing: "/", engine: "claude", visitors: 1 },
    ]);
    await handle.db.insert(aiCrawls).values([
      { day: "2024-10-27", path: "/llms.txt", crawler: "CCBot", fetches: 1 },
      { day: "2024-10-28", path: "/llms.txt", crawler: "CCBot", fetches: 1 },
    ]);
    await purgeAnalytics({ today: "2026-11-28", retentionMonths: 25 });
    const old = sql`day < '2024-10-29'`;
    expect((await handle.db.select().from(answerEngineVisits).where(old)).map((r) => r.day)).toEqual(["2024-10-28"]);
    expect((await handle.db.select().from(aiCrawls).where(old)).map((r) => r.day)).toEqual(["2024-10-28"]);
  });
});

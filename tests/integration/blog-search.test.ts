import { describe, expect, it, onTestFinished } from "vitest";
import { sql } from "drizzle-orm";
import { blogReadsDatabase } from "../support/blog-reads";
import { post } from "../support/post-input";
import { createPost } from "~/server/posts/post-writes.server";
import { listPublishedPosts } from "~/server/posts/post-list-queries.server";
import { SEARCH_TUNING, searchCount, searchNewestIds, searchQuery, searchRanking } from "~/server/posts/post-search.server";
import { rows } from "~/server/db/client.server";

/** The public list's search: word forms, relevance, a common word's newest matches, paging. (The rest of the public reads: blog-public.test.ts.) */

const reads = blogReadsDatabase();
const { titles } = reads;

describe(`blog search (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("finds words in the content too, combines with the category filter, and never returns drafts", async () => {
    await createPost(reads.handle().db, post({ title: "Quiet title", excerpt: "Nothing here", content: "We reconciled invoices with an agent." }), []);
    await createPost(reads.handle().db, post({ title: "Draft reconciliation", published: false }), []);
    expect(await titles({ q: "reconcil" })).toEqual(["Quiet title"]);
    expect(await titles({ q: "RECONCILED invoices" })).toEqual(["Quiet title"]);
    expect(await titles({ q: "reconciled", category: "Automation" })).toEqual([]);
  });

  it.each([
    ["every match ranked", { rankedMatches: 500, window: 1500 }, { count: 19, atLeast: false }],
    ["the newest 7 ranked, found by walking the newest posts", { rankedMatches: 7, window: 12 }, { count: 7, atLeast: true }],
    ["the newest 7 ranked, found by the index", { rankedMatches: 7, window: 3 }, { count: 7, atLeast: true }],
  ])("a search matching many equally relevant posts pages through them newest first, exactly once each (%s)", async (_, tuning, total) => {
    const saved = { ...SEARCH_TUNING };
    Object.assign(SEARCH_TUNING, tuning);
    onTestFinished(() => void Object.assign(SEARCH_TUNING, saved));
    for (let i = 0; i < 20; i++) {
      const { id } = await createPost(reads.handle().db, post({ title: `Pipeline ${i}`, category: i % 2 ? "Automation" : "Sales", published: i !== 7 }), []);
      await reads.handle().db.execute(sql`update blog_posts set published_at = now() - make_interval(hours => ${i}) where id = ${id}`);
    }
    await createPost(reads.handle().db, post({ title: "Unrelated", excerpt: "nothing", content: "nothing" }), []);
    const page = async (offset: number, category?: string) =>
      (await listPublishedPosts(reads.handle().db, { q: "pipe", limit: 5, offset, category })).posts.map((p) => p.title);
    expect(await page(0)).toEqual(["Pipeline 0", "Pipeline 1", "Pipeline 2", "Pipeline 3", "Pipeline 4"]);
    expect(await page(5)).toEqual(["Pipeline 5", "Pipeline 6", "Pipeline 8", "Pipeline 9", "Pipeline 10"]);
    expect(await page(0, "Automation")).toEqual(["Pipeline 1", "Pipeline 3", "Pipeline 5", "Pipeline 9", "Pipeline 11"]);
    const last = await listPublishedPosts(reads.handle().db, { q: "pipe", limit: 5, offset: 15 });
    expect(last.posts.map((p) => p.title)).toEqual(["Pipeline 16", "Pipeline 17", "Pipeline 18", "Pipeline 19"]);
    expect(last.hasMore).toBe(false);
    expect(last.total).toEqual(total);
    expect((await listPublishedPosts(reads.handle().db, { q: "pipe", limit: 5, offset: 40 })).posts).toEqual([]);
    const first = (await listPublishedPosts(reads.handle().db, { q: "pipe", limit: 5 })).posts[0]!;
    expect(first.date).toBeInstanceOf(Date);
    expect(first.readTime).toBe(3);
    expect(first.imageUrl).toBeNull();
  });

  it("a common word's pages share one count and one ranking when the caller keeps them (the loader keeps them in the data cache)", async () => {
    const saved = { ...SEARCH_TUNING };
    Object.assign(SEARCH_TUNING, { rankedMatches: 7, window: 12 });
    onTestFinished(() => void Object.assign(SEARCH_TUNING, saved));
    for (let i = 0; i < 10; i++) {
      // Titles name the word in some posts only: the ranking differs from the date order.
      const { id } = await createPost(
        reads.handle().db,
        post({ title: i % 3 ? `Zephyrine relay ${i}` : `Relay ${i}`, excerpt: "zephyrine notes", content: "Text." }),
        [],
      );
      await reads.handle().db.execute(sql`update blog_posts set published_at = now() - make_interval(hours => ${i}) where id = ${id}`);
    }
    const kept = new Map<string, unknown>();
    const loads: string[] = [];
    const keep = async <T>(key: string, load: () => Promise<T>): Promise<T> => {
      if (!kept.has(key)) {
        loads.push(key.split(":")[1]!);
        kept.set(key, await load());
      }
      return kept.get(key) as T;
    };
    const titlesOf = (page: { posts: { title: string }[] }) => page.posts.map((p) => p.title);
    for (const offset of [0, 3, 6]) {
      const alone = await listPublishedPosts(reads.handle().db, { q: "zephyrine", limit: 3, offset });
      const shared = await listPublishedPosts(reads.handle().db, { q: "zephyrine", limit: 3, offset }, { keep });
      expect(titlesOf(shared)).toEqual(titlesOf(alone));
      expect(shared).toMatchObject({ total: alone.total, hasMore: alone.hasMore });
    }
    expect(titlesOf(await listPublishedPosts(reads.handle().db, { q: "zephyrine", limit: 3 }, { keep }))).toEqual([
      "Zephyrine relay 1",
      "Zephyrine relay 2",
      "Zephyrine relay 4",
    ]);
    // Three pages (and the first again) read the count and the ranking once.
    expect(loads).toEqual(["count", "ranked"]);
  });

  it("search understands word forms: plurals and other endings find the stem, both ways", async () => {
    await createPost(reads.handle().db, post({ title: "One agent per inbox", excerpt: "Quiet", content: "Nothing else." }), []);
    await createPost(reads.handle().db, post({ title: "Workflow notes", excerpt: "Where automation pays back", content: "Plain text." }), []);
    await createPost(reads.handle().db, post({ title: "Hiring", excerpt: "Agents that screen candidates", content: "Plain text." }), []);
    expect(await titles({ q: "agents" })).toEqual(expect.arrayContaining(["One agent per inbox", "Hiring"]));
    expect(await titles({ q: "agents" })).toHaveLength(2);
    expect(await titles({ q: "agent" })).toHaveLength(2);
    expect(await titles({ q: "automating" })).toEqual(["Workflow notes"]);
    expect(await titles({ q: "automated" })).toEqual(["Workflow notes"]);
    expect(await titles({ q: "Pays" })).toEqual(["Workflow notes"]);
  });

  it("search still matches the word being typed, and every word must match", async () => {
    await createPost(reads.handle().db, post({ title: "Reconciliation at month end", excerpt: "Finance", content: "Ledgers." }), []);
    await createPost(reads.handle().db, post({ title: "Theory of constraints", excerpt: "Operations", content: "Bottlenecks." }), []);
    expect(await titles({ q: "reconc" })).toEqual(["Reconciliation at month end"]);
    expect(await titles({ q: "month reconcil" })).toEqual(["Reconciliation at month end"]);
    expect(await titles({ q: "months fin" })).toEqual(["Reconciliation at month end"]);
    expect(await titles({ q: "month theory" })).toEqual([]);
    // "the" alone is a word the English dictionary ignores; typed, it still finds "theory".
    expect(await titles({ q: "the" })).toEqual(["Theory of constraints"]);
    expect(await titles({ q: "?!" })).toEqual([]);
  });

  it("search ranks by relevance: title over excerpt over body, whatever the dates", async () => {
    const titled = await createPost(reads.handle().db, post({ title: "Invoice matching explained", excerpt: "A guide", content: "Steps." }), []);
    await reads.handle().db.execute(sql`update blog_posts set published_at = now() - interval '30 days' where id = ${titled.id}`);
    const excerpted = await createPost(reads.handle().db, post({ title: "Month end", excerpt: "How the invoice queue shrank", content: "Steps." }), []);
    await reads.handle().db.execute(sql`update blog_posts set published_at = now() - interval '20 days' where id = ${excerpted.id}`);
    await createPost(reads.handle().db, post({ title: "Newest post", excerpt: "Something else", content: "We mention an invoice once." }), []);
    expect(await titles({ q: "invoices" })).toEqual(["Invoice matching explained", "Month end", "Newest post"]);
    // Without a search: newest first.
    expect(await titles({})).toEqual(["Newest post", "Month end", "Invoice matching explained"]);
    const page = await listPublishedPosts(reads.handle().db, { q: "invoice", limit: 2 });
    expect(page).toMatchObject({ total: { count: 3, atLeast: false }, hasMore: true });
    expect((await listPublishedPosts(reads.handle().db, { q: "invoice", limit: 2, offset: 2 })).posts.map((p) => p.title)).toEqual(["Newest post"]);
  });

  it("past the ranked matches, the older matches follow newest first", async () => {
    const saved = { ...SEARCH_TUNING };
    Object.assign(SEARCH_TUNING, { rankedMatches: 2, window: 100 });
    onTestFinished(() => void Object.assign(SEARCH_TUNING, saved));
    for (const [i, title] of ["Agent one", "Body only", "Agent two", "Agent three"].entries()) {
      const { id } = await createPost(reads.handle().db, post({ title, excerpt: "x", content: title === "Body only" ? "An agent." : "Text." }), []);
      await reads.handle().db.execute(sql`update blog_posts set published_at = now() - make_interval(days => ${i}) where id = ${id}`);
    }
    // The newest two matches ("Agent one", "Body only") ranked, then "Agent two" and "Agent three" by date.
    expect(await titles({ q: "agent" })).toEqual(["Agent one", "Body only", "Agent two", "Agent three"]);
    expect(await listPublishedPosts(reads.handle().db, { q: "agent", limit: 3 })).toMatchObject({ total: { count: 2, atLeast: true }, hasMore: true });
    expect(await listPublishedPosts(reads.handle().db, { q: "agent", limit: 3, offset: 1 })).toMatchObject({ hasMore: false });
  });
});

describe(`a search's count and its pages past the ranked matches (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  /** Dated posts, newest first: each title says whether it has the word "kestrel". */
  async function dated(titles: string[]) {
    for (const [i, title] of titles.entries()) {
      const { id } = await createPost(reads.handle().db, post({ title, excerpt: "x", content: "Text." }), []);
      await reads.handle().db.execute(sql`update blog_posts set published_at = now() - make_interval(hours => ${i}) where id = ${id}`);
    }
  }
  /** Which of the count's three subqueries ran (the probe, the walk, the full-text index), and the count. */
  async function countRun(q: string) {
    const query = searchQuery(q)!;
    const [explained] = await rows<{ "QUERY PLAN": unknown }>(reads.handle().db, sql`explain (analyze, format json) select ${searchCount({}, query)} as n`);
    const plan = explained!["QUERY PLAN"];
    const root = (typeof plan === "string" ? JSON.parse(plan) : plan) as [{ Plan: { Plans: { "Actual Loops": number }[] } }];
    const [n] = await rows<{ n: number | string }>(reads.handle().db, sql`select ${searchCount({}, query)} as n`);
    return { ran: root[0].Plan.Plans.map((sub) => sub["Actual Loops"] > 0), n: Number(n!.n) };
  }
  /** Which of the two ways to page past the ranked matches ran (the walk in date order, the planner's), and the titles. */
  async function pastRanked(q: string, limit: number, offset: number) {
    const statement = searchNewestIds({}, searchQuery(q)!, limit, offset);
    const [explained] = await rows<{ "QUERY PLAN": unknown }>(reads.handle().db, sql`explain (analyze, format json) ${statement}`);
    const plan = explained!["QUERY PLAN"];
    // Each way is a branch under a one-time filter (the probe's answer, or its negation): it ran if the node below the filter did.
    const ran = { walked: false, indexed: false };
    type Node = { "One-Time Filter"?: string; "Parent Relationship"?: string; "Actual Loops"?: number; Plans?: Node[] };
    const walk = (node: Node) => {
      const below = node.Plans?.find((child) => child["Parent Relationship"] === "Outer");
      if (node["One-Time Filter"] && below) ran[node["One-Time Filter"].startsWith("(NOT") ? "indexed" : "walked"] = (below["Actual Loops"] ?? 0) > 0;
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(((typeof plan === "string" ? JSON.parse(plan) : plan) as [{ Plan: Node }])[0].Plan);
    const found = await rows<{ title: string }>(reads.handle().db, sql`select title from blog_posts where id in (${statement}) order by published_at desc`);
    return { ...ran, titles: found.map((r) => r.title) };
  }
  const tuned = (tuning: Partial<typeof SEARCH_TUNING>) => {
    const saved = { ...SEARCH_TUNING };
    Object.assign(SEARCH_TUNING, tuning);
    onTestFinished(() => void Object.assign(SEARCH_TUNING, saved));
  };

  it("a word in most of the newest posts is counted by walking them, not by the full-text index", async () => {
    tuned({ rankedMatches: 3, window: 8, probe: 4 });
    await dated(["Kestrel 1", "Kestrel 2", "Other", "Kestrel 3", "Kestrel 4", "Kestrel 5", "Other", "Other"]);
    expect(await countRun("kestrel")).toEqual({ ran: [true, true, false], n: 4 });
    expect((await listPublishedPosts(reads.handle().db, { q: "kestrel", limit: 2 })).total).toEqual({ count: 3, atLeast: true });
  });

  it("a word few of the newest posts have is counted by the full-text index, not by a walk", async () => {
    tuned({ rankedMatches: 3, window: 8, probe: 4 });
    await dated(["Other", "Other", "Kestrel 1", "Other", "Other", "Kestrel 2", "Other", "Kestrel 3"]);
    expect(await countRun("kestrel")).toEqual({ ran: [true, false, true], n: 3 });
    expect((await listPublishedPosts(reads.handle().db, { q: "kestrel", limit: 2 })).total).toEqual({ count: 3, atLeast: false });
  });

  it("when the walk runs out of newest posts before it has counted enough, the full-text index counts the older matches too", async () => {
    tuned({ rankedMatches: 3, window: 4, probe: 2 });
    await dated(["Kestrel 1", "Kestrel 2", "Other", "Other", "Kestrel 3", "Kestrel 4", "Kestrel 5"]);
    expect(await countRun("kestrel")).toEqual({ ran: [true, true, true], n: 4 });
    const first = await listPublishedPosts(reads.handle().db, { q: "kestrel", limit: 2 });
    expect(first.total).toEqual({ count: 3, atLeast: true });
    expect((await listPublishedPosts(reads.handle().db, { q: "kestrel", limit: 10 })).posts).toHaveLength(5);
  });

  /** Which of the ways to find a search's ranked matches ran in its first visit's statement (the walk of the newest posts, the full-text index). */
  async function rankingRun(q: string) {
    const [explained] = await rows<{ "QUERY PLAN": unknown }>(
      reads.handle().db,
      sql`explain (analyze, format json) ${searchRanking({}, searchQuery(q)!, 0, 2)}`,
    );
    const plan = explained!["QUERY PLAN"];
    type Node = { "Subplan Name"?: string; "Relation Name"?: string; "Actual Loops"?: number; Plans?: Node[] };
    const readPosts = (node: Node): boolean =>
      (node["Relation Name"] === "blog_posts" && (node["Actual Loops"] ?? 0) > 0) || (node.Plans ?? []).some(readPosts);
    const cte = (node: Node, name: string): Node | undefined =>
      node["Subplan Name"] === `CTE ${name}` ? node : (node.Plans ?? []).map((child) => cte(child, name)).find(Boolean);
    const root = ((typeof plan === "string" ? JSON.parse(plan) : plan) as [{ Plan: Node }])[0].Plan;
    return { walked: readPosts(cte(root, "walked")!), indexed: readPosts(cte(root, "indexed")!) };
  }

  it("a search's first page is one statement, and a word the probe finds uncommon among the newest posts is ranked through the full-text index alone, a common one by walking them", async () => {
    tuned({ rankedMatches: 3, window: 8, probe: 4 });
    // Every statement sent to the database (both drivers send them through their client's query()).
    const client = (reads.handle().db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const query = client.query.bind(client);
    let statements = 0;
    client.query = (...args: unknown[]) => {
      statements++;
      return query(...args);
    };
    onTestFinished(() => void (client.query = query));

    await dated(["Other", "Other", "Kestrel 1", "Other", "Other", "Kestrel 2", "Other", "Kestrel 3", "Kestrel 4"]);
    statements = 0;
    const uncommon = await listPublishedPosts(reads.handle().db, { q: "kestrel", limit: 2 });
    expect(statements).toBe(1);
    expect(uncommon.total).toEqual({ count: 3, atLeast: true });
    // The same newest three, ranked (equal ranks: newest first), as the walk would have found.
    expect(uncommon.posts.map((p) => p.title)).toEqual(["Kestrel 1", "Kestrel 2"]);
    expect(await rankingRun("kestrel")).toEqual({ walked: false, indexed: true });

    await reads.handle().db.execute(sql`truncate blog_posts cascade`);
    await dated(["Kestrel 1", "Kestrel 2", "Other", "Kestrel 3", "Kestrel 4", "Other", "Other", "Other"]);
    statements = 0;
    const common = await listPublishedPosts(reads.handle().db, { q: "kestrel", limit: 2 });
    expect(statements).toBe(1);
    expect(common.total).toEqual({ count: 3, atLeast: true });
    expect(common.posts.map((p) => p.title)).toEqual(["Kestrel 1", "Kestrel 2"]);
    expect(await rankingRun("kestrel")).toEqual({ walked: true, indexed: false });

    // A common word whose walk runs out of newest posts before it has enough: the index finds them all.
    await reads.handle().db.execute(sql`truncate blog_posts cascade`);
    await dated(["Kestrel 1", "Kestrel 2", "Other", "Other", "Other", "Other", "Other", "Osprey", "Kestrel 3", "Kestrel 4"]);
    expect(await rankingRun("kestrel")).toEqual({ walked: true, indexed: true });
    expect((await listPublishedPosts(reads.handle().db, { q: "kestrel", limit: 5 })).posts.map((p) => p.title)).toEqual([
      "Kestrel 1",
      "Kestrel 2",
      "Kestrel 3",
      "Kestrel 4",
    ]);

    // A word nothing matches, and a page past the matches: the count still comes back, with no card.
    statements = 0;
    expect(await listPublishedPosts(reads.handle().db, { q: "heron", limit: 2 })).toEqual({ posts: [], hasMore: false, total: { count: 0, atLeast: false } });
    expect(await listPublishedPosts(reads.handle().db, { q: "osprey", limit: 2, offset: 2 })).toEqual({
      posts: [],
      hasMore: false,
      total: { count: 1, atLeast: false },
    });
    expect(statements).toBe(2);
  });

  it("past the ranked matches, a common word's pages walk the posts in date order, and a rarer word's are left to the planner", async () => {
    tuned({ rankedMatches: 3, window: 8, probe: 4 });
    await dated(["Kestrel 1", "Kestrel 2", "Other", "Kestrel 3", "Kestrel 4", "Kestrel 5", "Other", "Other", "Kestrel 6"]);
    expect(await pastRanked("kestrel", 2, 3)).toEqual({ walked: true, indexed: false, titles: ["Kestrel 4", "Kestrel 5"] });
    expect((await listPublishedPosts(reads.handle().db, { q: "kestrel", limit: 2, offset: 4 })).posts.map((p) => p.title)).toEqual(["Kestrel 5", "Kestrel 6"]);
    await reads.handle().db.execute(sql`truncate blog_posts cascade`);
    await dated(["Other", "Other", "Kestrel 1", "Other", "Kestrel 2", "Kestrel 3", "Kestrel 4", "Other", "Kestrel 5"]);
    expect(await pastRanked("kestrel", 2, 3)).toEqual({ walked: false, indexed: true, titles: ["Kestrel 4", "Kestrel 5"] });
    const page = await listPublishedPosts(reads.handle().db, { q: "kestrel", limit: 2, offset: 3 });
    expect(page).toMatchObject({ total: { count: 3, atLeast: true }, hasMore: false });
    expect(page.posts.map((p) => p.title)).toEqual(["Kestrel 4", "Kestrel 5"]);
  });
});

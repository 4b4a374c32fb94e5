import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, TransactionRollbackError } from "drizzle-orm";
import type { DbHandle } from "~/server/db/client.server";
import { freshTestDatabase } from "../support/test-db";

/**
 * Where a post's full-text document lives (drizzle/0037, docs/decisions/0068): in the post's row,
 * so a search that tests or ranks a post reads its document with the row, not through the TOAST
 * table (three more pages a post, twice for a ranked one).
 */

let handle: DbHandle;
beforeAll(async () => {
  handle = await freshTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

type Plan = { Plan: { "Shared Hit Blocks": number; "Shared Read Blocks": number } };

describe(`a post's search document (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("stays in the post's row: testing every post's document reads the table's pages and no others", async () => {
    const measured = { blocks: 0, heapPages: 0, documentBytes: 0, rowBytes: 0, matches: 0 };
    await handle.db
      .transaction(async (tx) => {
        // 200 posts of ~1,600 characters over 300 words: each row's document (~2.1 KB) and body
        // together pass the size past which PostgreSQL moves values out of the row.
        await tx.execute(sql`insert into blog_posts (title, slug, excerpt, content, category, published, published_at)
          select 'Post ' || i, 'doc-' || i, 'An excerpt for post ' || i,
                 (select string_agg('term' || ((i * 31 + w * 7) % 300), ' ') from generate_series(1, 200) w),
                 'Automation', true, now() from generate_series(1, 200) i`);
        await tx.execute(sql`set local enable_indexscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        const explained: unknown = await tx.execute(
          sql`explain (analyze, buffers, format json) select count(*) from blog_posts where search @@ to_tsquery('simple', 'term7')`,
        );
        // Each driver gives the JSON plan its own way: parsed (node-postgres) or as text.
        const cell = (explained as { rows: { "QUERY PLAN": unknown }[] }).rows[0]!["QUERY PLAN"];
        const top = ((typeof cell === "string" ? JSON.parse(cell) : cell) as Plan[])[0]!.Plan;
        measured.blocks = top["Shared Hit Blocks"] + top["Shared Read Blocks"];
        const sizes: unknown = await tx.execute(sql`select (pg_relation_size('blog_posts') / current_setting('block_size')::int)::int as pages,
            avg(pg_column_size(search))::int as document, avg(pg_column_size(blog_posts.*))::int as row,
            count(*) filter (where search @@ to_tsquery('simple', 'term7'))::int as matches
          from blog_posts`);
        const row = (sizes as { rows: { pages: number; document: number; row: number; matches: number }[] }).rows[0]!;
        Object.assign(measured, { heapPages: row.pages, documentBytes: row.document, rowBytes: row.row, matches: row.matches });
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    // The documents are as large as a real post's, and the query did test every one of them.
    expect(measured.documentBytes).toBeGreaterThan(1200);
    expect(measured.matches).toBeGreaterThan(0);
    // In the row: the table's own pages. Out of it: three or more pages a post more (≥ 600 here).
    expect(measured.blocks).toBeLessThanOrEqual(measured.heapPages + 10);
  });
});

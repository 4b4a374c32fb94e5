import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import S3rver from "s3rver";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import type { Db, DbHandle } from "~/server/db/client.server";
import { LocalStorage, S3Storage, s3PublicBase, type S3Settings, type Storage } from "~/server/storage/storage.server";
import { ArchiveError, isExcludedTable, listTables, readJournal, type Manifest } from "~/server/archive/archive-format.server";
import { importSite } from "~/server/archive/site-import.server";
import { CLIENT_ROLE, exportSourceSite, MEMBER_BIO, memoryPglite, PROBE_TABLE, query, SEEDED_TABLES, TEAM_PHOTO } from "../support/archive-source";
import { freshTestDatabase, testPostgresUrl } from "../support/test-db";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

/**
 * The site archive's round trip (docs/decisions/0033): what `npm run export` writes from the source site
 * (tests/support/archive-source.ts), and what `npm run import` restores from it or refuses.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "studio-export-test-"));
const archive = path.join(tmp, "site.tar.gz");
const sourceStore: Storage = new LocalStorage(path.join(tmp, "source-uploads"));
let source: DbHandle;
let manifest: Manifest;

/** Every row of a table as PostgreSQL writes it, in UTC, sorted: all columns, or the given ones. */
async function tableLines(db: Db, table: string, columns?: string[]): Promise<string[]> {
  const list = columns ? columns.map((c) => `"${c}"`).join(", ") : "*";
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const lines = await query<{ line: string }>(tx, sql.raw(`select row_to_json(t)::text as line from (select ${list} from "${table}") t`));
    return lines.map((l) => l.line).sort();
  });
}

async function storeContents(store: Storage) {
  const keys = (await store.list()).map((o) => o.key).sort();
  const contents = new Map<string, Buffer>();
  for (const key of keys) contents.set(key, (await store.get(key))!);
  return contents;
}

/**
 * Compares every table row by row and every file byte by byte. With `moveUrls` (another store), the source's
 * image addresses are moved as the import does (at a value's start or after a non-URL character) and the
 * stored columns are compared (generated ones, e.g. the search document, follow from them).
 */
async function expectSameSite(target: DbHandle, targetStore: Storage, moveUrls?: { from: string; to: string }) {
  const tables = await listTables(source.db);
  expect((await listTables(target.db)).map((t) => t.name)).toEqual(tables.map((t) => t.name));
  for (const { name: table, columns } of tables) {
    if (isExcludedTable(table)) {
      expect(await tableLines(target.db, table), table).toEqual([]);
      continue;
    }
    const stored = moveUrls ? columns.filter((c) => !c.generated).map((c) => c.name) : undefined;
    let expected = await tableLines(source.db, table, stored);
    if (moveUrls) {
      const pattern = new RegExp(`(^|[^A-Za-z0-9_.:/%-])${moveUrls.from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "g");
      expected = expected.map((line) => line.replace(pattern, (_, before: string) => `${before}${moveUrls.to}`)).sort();
    }
    expect(await tableLines(target.db, table, stored), table).toEqual(expected);
  }
  const before = await storeContents(sourceStore);
  const after = await storeContents(targetStore);
  expect([...after.keys()]).toEqual([...before.keys()]);
  for (const [key, bytes] of before) expect(after.get(key)!.equals(bytes), key).toBe(true);
}

async function rebuildArchive(change: (dir: string) => void) {
  const dir = fs.mkdtempSync(path.join(tmp, "tamper-"));
  await tar.extract({ file: archive, cwd: dir });
  change(dir);
  const file = path.join(tmp, `changed-${path.basename(dir)}.tar.gz`);
  await tar.create({ gzip: true, file, cwd: dir }, fs.readdirSync(dir));
  return file;
}

beforeAll(async () => {
  ({ source, manifest } = await exportSourceSite(sourceStore, archive));
}, 240_000);

afterAll(async () => {
  await source?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("npm run export", () => {
  it("lists every app table with its rows and every file with its size and checksum, and leaves out sessions, tokens and counters", async () => {
    expect(manifest.format).toBe("flowstate-site-archive");
    expect(manifest.migration?.tag).toBe(readJournal().at(-1)!.tag);
    expect(manifest.source).toEqual({ database: "pglite", storage: "local", uploadsBase: "/uploads/blog-images/" });
    const all = (await listTables(source.db)).map((t) => t.name);
    expect(manifest.tables.map((t) => t.name)).toEqual(all.filter((name) => !isExcludedTable(name)));
    expect(manifest.excludedTables.sort()).toEqual(["rate_limits", "request_limits", "sessions", "sign_in_lockouts", "verifications"]);
    // Parents before the tables that point at them.
    const order = manifest.tables.map((t) => t.name);
    expect(order.indexOf("blog_posts")).toBeLessThan(order.indexOf("post_revisions"));
    expect(order.indexOf("leads")).toBeLessThan(order.indexOf("lead_notes"));
    expect(order.indexOf("users")).toBeLessThan(order.indexOf("accounts"));
    for (const table of manifest.tables) {
      const [row] = await query<{ n: number }>(source.db, sql.raw(`select count(*)::int as n from "${table.name}"`));
      expect(table.rows, table.name).toBe(row!.n);
    }
    // The records this test made are all in (tables added later are compared by the imports below all the same).
    for (const name of SEEDED_TABLES) expect(manifest.tables.find((t) => t.name === name)?.rows, `${name} has rows`).toBeGreaterThan(0);
    expect(manifest.tables.find((t) => t.name === "blog_posts")!.columns).not.toContain("search");
    expect(manifest.tables.find((t) => t.name === "team_members")!.columns).toContain("bio");
    expect(manifest.tables.find((t) => t.name === "testimonials")!.columns).toContain("role");
    const uploads = manifest.files.filter((f) => f.path.startsWith("files/"));
    expect(uploads.map((f) => f.path.slice(6)).sort()).toEqual((await sourceStore.list()).map((o) => o.key).sort());
    const team = uploads.find((f) => f.path === "files/team/6f1c1e57-7f6c-4b2b-9a3c-3d0a4b7f2c11.jpg");
    expect(team).toEqual({
      path: "files/team/6f1c1e57-7f6c-4b2b-9a3c-3d0a4b7f2c11.jpg",
      size: 6,
      sha256: crypto.createHash("sha256").update(TEAM_PHOTO).digest("hex"),
    });
  });
});

describe("npm run import", () => {
  it("restores a PGlite site with local files into a new PGlite database with local files, row by row and byte by byte", async () => {
    const target = await memoryPglite();
    const store = new LocalStorage(path.join(tmp, "pglite-uploads"));
    try {
      // Not migrated: the import migrates it (the probe table stands for a table this test adds on both sides).
      await target.db.execute(PROBE_TABLE);
      // A table whose triggers refuse every change (as an append-only log might): the rows go in all the same.
      await target.db.execute(
        sql.raw(`create function refuse_change() returns trigger language plpgsql as $$ begin raise exception 'refused by trigger'; end $$`),
      );
      await target.db.execute(
        sql.raw(`create trigger probe_refuse before insert or update or delete on export_probe for each row execute function refuse_change()`),
      );
      await target.db.execute(sql.raw(`create trigger probe_no_truncate before truncate on export_probe execute function refuse_change()`));
      const result = await importSite({ handle: target, store, s3: undefined, archive });
      expect(result.rewrittenUrls).toBeNull();
      await expectSameSite(target, store);
      // A team member's bio and a testimonial's role, exactly.
      expect(await query(target.db, sql`select bio from team_members where name = 'Zoë Quill'`)).toEqual([{ bio: MEMBER_BIO }]);
      expect(await query(target.db, sql`select role from testimonials where name = 'Ruth Archer'`)).toEqual([{ role: CLIENT_ROLE }]);
      // ...and the triggers are on again afterwards.
      await expect(target.db.execute(sql`insert into export_probe (labels) values (array['late'])`)).rejects.toThrow();
      // The planner knows the rows loaded (PGlite has no autovacuum to learn it later): the posts are counted.
      const [stats] = await query<{ estimated: number; stored: number }>(
        target.db,
        sql`select (select reltuples from pg_class where relname = 'blog_posts')::int as estimated, (select count(*) from blog_posts)::int as stored`,
      );
      expect(stats!.stored).toBeGreaterThan(0);
      expect(stats!.estimated).toBe(stats!.stored);
      // Identity sequences go on after the restored ids.
      const [next] = await query<{ id: number }>(
        target.db,
        sql`insert into analytics_events (day, visitor, type, path) values ('2026-11-25', 'f', 'pageview', '/') returning id`,
      );
      const ids = await query<{ id: number }>(target.db, sql`select id from analytics_events order by id`);
      expect(Number(next!.id)).toBe(Math.max(...ids.map((r) => Number(r.id))));
      expect(ids.length).toBe(3);

      // A second import into the same (now not empty) database is refused and changes nothing.
      const before = await tableLines(target.db, "blog_posts");
      await expect(importSite({ handle: target, store, s3: undefined, archive })).rejects.toThrow(
        /The database is not empty \(rows in .*blog_posts.*\): an import restores into an empty database only/,
      );
      expect(await tableLines(target.db, "blog_posts")).toEqual(before);

      // --force replaces every record with the archive's.
      await target.db.execute(sql`delete from analytics_events where visitor = 'f'`);
      await target.db.execute(sql`update blog_posts set title = 'Changed after import' where slug = 'export-roundtrip'`);
      await importSite({ handle: target, store, s3: undefined, archive, force: true });
      await expectSameSite(target, store);
    } finally {
      await target.close();
    }
  }, 180_000);

  it("refuses an archive whose file does not match its checksum, and imports nothing", async () => {
    const damaged = await rebuildArchive((dir) => {
      const file = path.join(dir, "db", "leads.jsonl");
      fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("Acme", "Acmf"));
    });
    const target = await memoryPglite();
    const store = new LocalStorage(path.join(tmp, "damaged-uploads"));
    try {
      await expect(importSite({ handle: target, store, s3: undefined, archive: damaged })).rejects.toThrow(
        new ArchiveError("The archive is damaged: db/leads.jsonl does not match its checksum in manifest.json. Nothing was imported."),
      );
      const [tables] = await query<{ n: number }>(target.db, sql`select count(*)::int as n from pg_tables where schemaname = 'public'`);
      expect(tables!.n).toBe(0);
      expect(await store.list()).toEqual([]);
    } finally {
      await target.close();
    }
  }, 60_000);

  it("refuses an archive from a newer migration level", async () => {
    const newer = await rebuildArchive((dir) => {
      const file = path.join(dir, "manifest.json");
      const data = JSON.parse(fs.readFileSync(file, "utf8")) as Manifest;
      data.migration = { tag: "9999_from-the-future", createdAt: readJournal().at(-1)!.when + 1000 };
      fs.writeFileSync(file, JSON.stringify(data));
    });
    const target = await memoryPglite();
    try {
      await expect(importSite({ handle: target, store: new LocalStorage(path.join(tmp, "newer-uploads")), s3: undefined, archive: newer })).rejects.toThrow(
        /The archive comes from a newer version of the app \(migration 9999_from-the-future\)/,
      );
    } finally {
      await target.close();
    }
  }, 60_000);

  describe.skipIf(!testPostgresUrl())("into PostgreSQL with files on S3 (TEST_DATABASE_URL)", () => {
    let s3server: { run(): Promise<{ port: number }>; close(): Promise<void> };
    let settings: S3Settings;

    beforeAll(async () => {
      s3server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: path.join(tmp, "s3") });
      const { port } = await s3server.run();
      settings = {
        bucket: "site",
        region: "us-east-1",
        endpoint: `http://127.0.0.1:${port}`,
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        publicUrl: undefined,
        forcePathStyle: true,
      };
      const client = new S3Client({
        region: "us-east-1",
        endpoint: settings.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
      });
      await client.send(new CreateBucketCommand({ Bucket: "site" }));
    });
    afterAll(async () => {
      await s3server?.close();
    });

    it("moves the laptop site to PostgreSQL + S3: every row equal (image addresses moved to the bucket), every file equal", async () => {
      const target = await freshTestDatabase();
      expect(target.kind).toBe("postgres");
      const store = new S3Storage(settings);
      try {
        await target.db.execute(PROBE_TABLE);
        const result = await importSite({ handle: target, store, s3: settings, archive });
        const move = { from: "/uploads/blog-images/", to: s3PublicBase(settings) };
        expect(result.rewrittenUrls).toEqual(move);
        await expectSameSite(target, store, move);
        // Another site's address that merely contains the path is left alone.
        const [post] = await query<{ content: string }>(target.db, sql`select content from blog_posts where slug = 'export-roundtrip'`);
        expect(post!.content).toContain(`](${move.to}`);
        expect(post!.content).toContain("https://elsewhere.example/uploads/blog-images/x.png");
        const [next] = await query<{ id: string }>(
          target.db,
          sql`insert into analytics_events (day, visitor, type, path) values ('2026-11-25', 'f', 'pageview', '/') returning id`,
        );
        expect(Number(next!.id)).toBeGreaterThan(2);
      } finally {
        await target.close();
      }
    }, 180_000);
  });
});

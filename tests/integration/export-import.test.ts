import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import S3rver from "s3rver";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import * as schema from "~/server/db/schema.server";
import { migrateDatabase, pgliteExtensions, type Db, type DbHandle, type Queryable } from "~/server/db/client.server";
import { seedDemoContent } from "~/server/site/seed.server";
import { LocalStorage, S3Storage, s3PublicBase, type S3Settings, type Storage } from "~/server/storage/storage.server";
import { ArchiveError, isExcludedTable, listTables, readJournal, type Manifest } from "~/server/archive/archive-format.server";
import { exportSite } from "~/server/archive/site-export.server";
import { importSite } from "~/server/archive/site-import.server";
import { freshTestDatabase, testPostgresUrl } from "../support/test-db";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "studio-export-test-"));
const archive = path.join(tmp, "site.tar.gz");
const sourceStore: Storage = new LocalStorage(path.join(tmp, "source-uploads"));
let source: DbHandle;
let manifest: Manifest;

/** An in-memory PGlite database, not migrated (the import migrates it). */
async function memoryPglite(): Promise<DbHandle> {
  const client = await PGlite.create({ extensions: await pgliteExtensions() });
  return {
    db: drizzle(client, { schema }) as unknown as Db,
    kind: "pglite",
    location: "memory",
    connection: { kind: "pglite", client },
    vacuum: async () => {},
    close: async () => client.close(),
  };
}

async function query<T>(db: Queryable, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Types the app's tables do not use yet (bytea, arrays, numeric, a JSON null next to an SQL NULL, identity and
 * generated columns): a table made for the test on both sides proves the generic path keeps them exact.
 */
const PROBE_TABLE = sql.raw(`create table export_probe (
  id bigint generated always as identity primary key,
  raw bytea,
  labels text[],
  scores double precision[],
  amount numeric(30, 10),
  at timestamptz,
  doc jsonb,
  shout text generated always as (upper(labels[1])) stored
)`);

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

const SEEDED_TABLES = [
  "blog_posts",
  "post_revisions",
  "post_autosaves",
  "blog_tags",
  "blog_post_tags",
  "team_members",
  "testimonials",
  "redirects",
  "not_found_log",
  "leads",
  "lead_notes",
  "analytics_events",
  "analytics_daily",
  "analytics_salts",
  "users",
  "accounts",
  "export_probe",
];
const IMAGE_URL = (key: string) => `/uploads/blog-images/${key}`;
const TEAM_PHOTO = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x10, 0x80]);

beforeAll(async () => {
  source = await memoryPglite();
  await migrateDatabase(source);
  await source.db.execute(PROBE_TABLE);
  await seedDemoContent(source, sourceStore);
  const db = source.db;
  const [cover] = (await sourceStore.list()).map((o) => o.key).filter((k) => k.endsWith(".png"));
  await sourceStore.put("team/6f1c1e57-7f6c-4b2b-9a3c-3d0a4b7f2c11.jpg", TEAM_PHOTO, "image/jpeg");

  // A trashed post with every kind of text, an image in its markdown, a revision, an autosave and tags.
  const postId = "0b6f1a52-5a8c-4d5e-9b1a-1f0e2d3c4b5a";
  await db.execute(sql`insert into blog_posts (id, title, slug, excerpt, content, category, published, published_at, image_url, cover_alt, version, created_at, deleted_at)
    values (${postId}, ${'Ünïcode "quotes" \\ back\\slash 🚀'}, 'export-roundtrip', ${"line one\nline two\ttab"},
      ${`See ![chart](${IMAGE_URL(cover!)}) and https://elsewhere.example/uploads/blog-images/x.png`}, 'Automation', true,
      '2026-03-04 05:06:07.123456+00', ${IMAGE_URL(cover!)}, 'A chart', 3, '2026-03-01 00:00:00.000001+00', '2026-11-20 10:00:00+00')`);
  await db.execute(sql`insert into post_revisions (post_id, version, author_name, author_email, title, slug, excerpt, content, category, published, featured, image_url, published_at, tags)
    values (${postId}, 2, 'Ana', 'ana@example.com', 'Old title', 'export-roundtrip', '', 'old body', 'Automation', false, false, ${IMAGE_URL(cover!)}, null,
      ${JSON.stringify([{ id: "t1", name: 'Ops & "AI"' }])}::jsonb)`);
  await db.execute(sql`insert into post_autosaves (post_id, user_id, values, saved_at)
    values (${postId}, 'user-1', ${JSON.stringify({ title: "Typed", tagIds: ["a", "b"], content: `![x](${IMAGE_URL(cover!)})` })}::jsonb, '2026-11-21 08:09:10.5+00')`);
  await db.execute(sql`insert into blog_post_tags (post_id, tag_id) select ${postId}, id from blog_tags limit 2`);

  await db.execute(sql`insert into redirects (from_path, to_path, source, hits) values ('/blog/old-roundtrip', '/blog/export-roundtrip', 'manual', 7)`);
  await db.execute(sql`insert into not_found_log (path, hits, last_seen) values ('/missing-page', 3, '2026-11-22 01:02:03.456789+00')`);

  const leadId = "5d3c2b1a-0f9e-4d8c-b7a6-958473625140";
  await db.execute(sql`insert into leads (id, name, email, company, message, before_figures, after_figures, status, source, landing_page, utm_source, webhook_status, webhook_attempts, created_at)
    values (${leadId}, 'Lee', 'lee@example.com', 'Acme', 'Hello', ${JSON.stringify({ time: "4 h", errorRate: "5%", cost: "$1" })}::jsonb, 'null'::jsonb,
      'won', 'audit', '/services', 'newsletter', 'failed', 8, '2026-10-01 12:00:00.654321+00')`);
  await db.execute(sql`insert into leads (name, email, company, message) values ('Kim', 'kim@example.com', 'Beta', 'Hi')`);
  await db.execute(
    sql`insert into lead_notes (lead_id, author_id, author_name, author_email, body) values (${leadId}, 'user-1', 'Ana', 'ana@example.com', 'Called, keen')`,
  );

  await db.execute(sql`insert into analytics_events (day, visitor, type, path, label, referrer, landing) values
    ('2026-11-24', '0123456789abcdef', 'pageview', '/', null, 'news.example', '/'),
    ('2026-11-24', '0123456789abcdef', 'cta', '/services', 'Book a call', null, '/')`);
  await db.execute(sql`insert into analytics_daily (day, type, path, label, referrer, utm_source, utm_medium, utm_campaign, events, visitors)
    values ('2026-11-23', 'pageview', '*', '*', '*', '*', '*', '*', 12, 5), ('2026-11-23', 'pageview', '/', '', '', '', '', '', 9, 4)`);
  await db.execute(sql`insert into analytics_salts (day, salt) values ('2026-11-24', 'c2FsdA')`);

  await db.execute(sql`insert into users (id, name, email, email_verified, role, banned, ban_expires) values
    ('user-1', 'Ana', 'ana@example.com', true, 'admin', false, null), ('user-2', 'Bo', 'bo@example.com', false, 'user', true, '2027-01-01 00:00:00+00')`);
  await db.execute(sql`insert into accounts (id, account_id, provider_id, user_id, password) values ('acc-1', 'user-1', 'credential', 'user-1', 'salt:hash')`);
  await db.execute(sql`insert into sessions (id, expires_at, token, user_id) values ('s-1', '2027-01-01 00:00:00+00', 'secret-token', 'user-1')`);
  await db.execute(sql`insert into verifications (id, identifier, value, expires_at) values ('v-1', 'reset-password:x', 'user-1', '2027-01-01 00:00:00+00')`);
  await db.execute(sql`insert into rate_limits (id, key, count, last_request) values ('r-1', '127.0.0.1/sign-in', 3, 1795459969556)`);

  await db.execute(sql`insert into export_probe (raw, labels, scores, amount, at, doc) values
    (decode('00ff10', 'hex'), array['alpha', 'bé"ta', null], array[0.1, 1e-300, -2.5]::float8[], 12345678901234567890.0123456789, '1999-12-31 23:59:59.999999+00', 'null'::jsonb),
    (null, '{}', null, null, null, null),
    ('\\x'::bytea, array['x,y'], array['NaN', 'Infinity']::float8[], -0.5, '2026-02-28 12:00:00+00', ${JSON.stringify({ a: [1, 2.5, { b: null }], é: "ü" })}::jsonb)`);

  manifest = (await exportSite({ handle: source, store: sourceStore, s3: undefined, out: archive })).manifest;
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
      // ...and the triggers are on again afterwards.
      await expect(target.db.execute(sql`insert into export_probe (labels) values (array['late'])`)).rejects.toThrow();
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

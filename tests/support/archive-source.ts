import { sql } from "drizzle-orm";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import * as schema from "~/server/db/schema.server";
import { migrateDatabase, pgliteExtensions, type Db, type DbHandle, type Queryable } from "~/server/db/client.server";
import { seedDemoContent } from "~/server/site/seed.server";
import type { Storage } from "~/server/storage/storage.server";
import { exportSite } from "~/server/archive/site-export.server";
import type { Manifest } from "~/server/archive/archive-format.server";

/** The site the export/import round trip starts from, and the archive exported from it. */

/** An in-memory PGlite database, not migrated (the import migrates it). */
export async function memoryPglite(): Promise<DbHandle> {
  const client = await PGlite.create({ extensions: await pgliteExtensions() });
  return {
    db: drizzle(client, { schema }) as unknown as Db,
    kind: "pglite",
    location: "memory",
    connection: { kind: "pglite", client },
    vacuum: async () => {
      await client.exec("VACUUM ANALYZE");
    },
    close: async () => client.close(),
  };
}

export async function query<T>(db: Queryable, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Types the app's tables do not use yet (bytea, arrays, numeric, a JSON null next to an SQL NULL, identity and
 * generated columns): a table made for the test on both sides proves the generic path keeps them exact.
 */
export const PROBE_TABLE = sql.raw(`create table export_probe (
  id bigint generated always as identity primary key,
  raw bytea,
  labels text[],
  scores double precision[],
  amount numeric(30, 10),
  at timestamptz,
  doc jsonb,
  shout text generated always as (upper(labels[1])) stored
)`);

/** The tables the source site has rows in (tables added later are compared by the imports all the same). */
export const SEEDED_TABLES = [
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
export const TEAM_PHOTO = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x10, 0x80]);
/** A team member's bio and a testimonial's role with every kind of text (the demo content has plain ones too). */
export const MEMBER_BIO = 'Zoë builds "agents" \\ tools;\nsecond line\ttab 🚀';
export const CLIENT_ROLE = "Head of Ops & Data";

/**
 * A migrated in-memory PGlite site with demo content, a team photo and a record of every kind (text of
 * every sort, an image in markdown, a revision, an autosave, tags, leads, analytics, accounts, the probe
 * table) in `sourceStore`, exported to `archive`.
 */
export async function exportSourceSite(sourceStore: Storage, archive: string): Promise<{ source: DbHandle; manifest: Manifest }> {
  const source = await memoryPglite();
  await migrateDatabase(source);
  await source.db.execute(PROBE_TABLE);
  await seedDemoContent(source, sourceStore);
  const db = source.db;
  const [cover] = (await sourceStore.list()).map((o) => o.key).filter((k) => k.endsWith(".png"));
  await sourceStore.put("team/6f1c1e57-7f6c-4b2b-9a3c-3d0a4b7f2c11.jpg", TEAM_PHOTO, "image/jpeg");
  await db.execute(sql`insert into team_members (name, position, bio, photo_url, display_order)
    values ('Zoë Quill', 'Engineer', ${MEMBER_BIO}, ${IMAGE_URL("team/6f1c1e57-7f6c-4b2b-9a3c-3d0a4b7f2c11.jpg")}, 9)`);
  await db.execute(sql`insert into testimonials (name, company, role, quote) values ('Ruth Archer', 'Acme', ${CLIENT_ROLE}, 'Fast.')`);

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

  const { manifest } = await exportSite({ handle: source, store: sourceStore, s3: undefined, out: archive });
  return { source, manifest };
}

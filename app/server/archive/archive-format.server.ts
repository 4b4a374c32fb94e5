import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { migrateDatabase, rows, type DbHandle, type Queryable } from "../db/client.server";
import { LOCAL_PUBLIC_PREFIX, s3PublicBase, type S3Settings, type Storage } from "~/server/storage/storage.server";

/**
 * A whole site in one portable gzip tar (`npm run export` / `npm run import`, docs/decisions/0033):
 *
 *   manifest.json         format, app migration level, time, tables (columns, rows), every file's size and sha256
 *   db/<table>.jsonl      one row per line: PostgreSQL's own row_to_json of the stored (not generated) columns
 *   files/<key>           every uploaded file, under its storage key
 *
 * Tables are not listed by hand: every table of the `public` schema is read from the catalog at run
 * time, in foreign-key order, minus the deliberately transient ones below. Values travel as
 * PostgreSQL's text forms (timestamps with microseconds in UTC, bytea as hex, numbers as written) and
 * are read back by PostgreSQL itself (json_populate_recordset), never through JavaScript types.
 */

export const ARCHIVE_FORMAT = "flowstate-site-archive";
export const ARCHIVE_FORMAT_VERSION = 1;

/**
 * Left out on purpose, with why (README "Back up and move a site"):
 * - sessions: live sign-in tokens; an archive must not carry them, and everyone signs in again on the new site.
 * - verifications: e-mail confirmation and password-reset tokens, valid for minutes or hours.
 * - rate_limits, request_limits and any `*rate_limit*` table: counters of the last minutes, tied to the old site's traffic.
 * - sign_in_lockouts: failed sign-ins of the last minutes and the locks they caused.
 * Outside the `public` schema (so never looked at): drizzle's migration journal (the target's own
 * migrations rebuild it) and pg-boss's queue schema `pgboss` (jobs in flight and the periodic jobs'
 * schedules; the target starts its own queue and registers its own schedules).
 */
const EXCLUDED_TABLES = new Set(["sessions", "verifications", "rate_limits", "request_limits", "sign_in_lockouts"]);
const EXCLUDED_PATTERN = /rate_limit/;

export function isExcludedTable(name: string) {
  return EXCLUDED_TABLES.has(name) || EXCLUDED_PATTERN.test(name);
}

export type ManifestTable = { name: string; file: string; rows: number; columns: string[] };
export type ManifestFile = { path: string; size: number; sha256: string };
export type Manifest = {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  createdAt: string;
  /** The last drizzle migration applied to the exported database. */
  migration: { tag: string | null; createdAt: number } | null;
  source: { database: DbHandle["kind"]; storage: Storage["kind"]; uploadsBase: string };
  excludedTables: string[];
  tables: ManifestTable[];
  /** Every other entry of the archive (db/*.jsonl and files/*) with its size and sha256. */
  files: ManifestFile[];
};

/** A refusal the command line prints as it is (exit 1), with no stack. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveError";
  }
}

/* ---------------------------------------------------------------- catalog */

export function quoteIdent(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

type Column = { name: string; type: string; generated: boolean; identityAlways: boolean };
type TableInfo = { name: string; columns: Column[]; primaryKey: string[] };

/** Every table of the `public` schema, parents before the tables that reference them. */
export async function listTables(db: Queryable): Promise<TableInfo[]> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
  );
  const references = await rows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent from pg_constraint con
        join pg_class child on child.oid = con.conrelid join pg_class parent on parent.oid = con.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where con.contype = 'f' and n.nspname = 'public'`,
  );
  const columns = await rows<{ table: string; name: string; type: string; generated: string; identity: string }>(
    db,
    sql`select c.relname as "table", a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
          a.attgenerated::text as generated, a.attidentity::text as identity
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
        order by c.relname, a.attnum`,
  );
  const keys = await rows<{ table: string; name: string }>(
    db,
    sql`select c.relname as "table", a.attname as name from pg_index i
        join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where n.nspname = 'public' and i.indisprimary
        order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const names = tables.map((t) => t.name);
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references) if (child !== parent && parents.has(parent)) parents.get(child)?.add(parent);
  // Kahn's algorithm, alphabetical among equals so the order is stable.
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter((name) => !placed.has(name) && [...parents.get(name)!].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error(`The foreign keys between ${names.filter((n) => !placed.has(n)).join(", ")} form a cycle`);
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered.map((name) => ({
    name,
    columns: columns
      .filter((c) => c.table === name)
      .map((c) => ({ name: c.name, type: c.type, generated: c.generated !== "", identityAlways: c.identity === "a" })),
    primaryKey: keys.filter((k) => k.table === name).map((k) => k.name),
  }));
}

export const isJson = (column: Column) => column.type === "json" || column.type === "jsonb";

/* ---------------------------------------------------------------- migration level */

type JournalEntry = { idx: number; when: number; tag: string };

export function readJournal(migrationsFolder = path.resolve("drizzle")): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
  return journal.entries;
}

/** The `created_at` (the journal's `when`) of the last migration applied to the database, or null when none is. */
export async function appliedMigration(db: Queryable): Promise<number | null> {
  const [present] = await rows<{ present: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!present?.present) return null;
  const [last] = await rows<{ created_at: string | number | null }>(db, sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`);
  return last?.created_at == null ? null : Number(last.created_at);
}

/** Applies the migrations up to and including the one created at `when` (a journal cut short in a scratch folder). */
export async function migrateUpTo(handle: DbHandle, when: number, migrationsFolder: string) {
  const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), "studio-migrations-"));
  try {
    const journal = JSON.parse(await fsp.readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
    journal.entries = journal.entries.filter((entry) => entry.when <= when);
    await fsp.mkdir(path.join(scratch, "meta"));
    await fsp.writeFile(path.join(scratch, "meta", "_journal.json"), JSON.stringify(journal));
    for (const entry of journal.entries) await fsp.copyFile(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(scratch, `${entry.tag}.sql`));
    await migrateDatabase(handle, scratch);
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}

/** Tables the migrations themselves write rows into: a freshly migrated database may hold rows there. */
export function tablesSeededByMigrations(migrationsFolder: string): Set<string> {
  const seeded = new Set<string>();
  for (const entry of readJournal(migrationsFolder)) {
    const text = fs.readFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), "utf8");
    for (const match of text.matchAll(/insert\s+into\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi)) seeded.add(match[1]!.toLowerCase());
  }
  return seeded;
}

/* ---------------------------------------------------------------- files */

/** Where the site's uploads are addressed from: rows keep full image URLs, which change with the store. */
export function uploadsBase(store: Storage, s3: S3Settings | undefined) {
  return store.kind === "s3" && s3 ? s3PublicBase(s3) : `${LOCAL_PUBLIC_PREFIX}/`;
}

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
};

export function contentTypeFor(key: string) {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

export async function describeFile(root: string, relative: string): Promise<ManifestFile> {
  const hash = crypto.createHash("sha256");
  let size = 0;
  for await (const chunk of fs.createReadStream(path.join(root, relative)) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { path: relative, size, sha256: hash.digest("hex") };
}

/* ---------------------------------------------------------------- export */

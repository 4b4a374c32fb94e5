import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import readline from "node:readline";
import { once } from "node:events";
import { sql, type SQL } from "drizzle-orm";
import * as tar from "tar";
import { migrateDatabase, type DbHandle, type Queryable } from "./db/client.server";
import { LOCAL_PUBLIC_PREFIX, s3PublicBase, type S3Settings, type Storage } from "./storage.server";

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

async function rows<T>(db: Queryable, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

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

const isJson = (column: Column) => column.type === "json" || column.type === "jsonb";

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
async function migrateUpTo(handle: DbHandle, when: number, migrationsFolder: string) {
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
function tablesSeededByMigrations(migrationsFolder: string): Set<string> {
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

async function describeFile(root: string, relative: string): Promise<ManifestFile> {
  const hash = crypto.createHash("sha256");
  let size = 0;
  for await (const chunk of fs.createReadStream(path.join(root, relative)) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { path: relative, size, sha256: hash.digest("hex") };
}

/* ---------------------------------------------------------------- export */

export type ExportOptions = {
  handle: DbHandle;
  store: Storage;
  s3: S3Settings | undefined;
  out: string;
  migrationsFolder?: string;
};

export type ExportResult = { manifest: Manifest; bytes: number };

const FETCH_ROWS = 1000;

/** Writes the whole site (rows of one consistent snapshot, then every stored file) to `out` as a gzip tar. */
export async function exportSite(options: ExportOptions): Promise<ExportResult> {
  const { handle, store, out } = options;
  const migrationsFolder = options.migrationsFolder ?? path.resolve("drizzle");
  const staging = await fsp.mkdtemp(path.join(os.tmpdir(), "studio-export-"));
  try {
    await fsp.mkdir(path.join(staging, "db"));
    await fsp.mkdir(path.join(staging, "files"));
    const applied = await appliedMigration(handle.db);
    const tables: ManifestTable[] = [];
    const excluded: string[] = [];

    await handle.db.transaction(async (tx) => {
      // One snapshot for every table; text forms that read back the same anywhere.
      await tx.execute(sql`set transaction isolation level repeatable read, read only`);
      await tx.execute(sql`set local timezone = 'UTC'`);
      await tx.execute(sql`set local intervalstyle = 'postgres'`);
      await tx.execute(sql`set local bytea_output = 'hex'`);
      await tx.execute(sql`set local extra_float_digits = 1`);
      for (const table of await listTables(tx)) {
        if (isExcludedTable(table.name)) {
          excluded.push(table.name);
          continue;
        }
        const stored = table.columns.filter((c) => !c.generated);
        // A JSON column's value is wrapped in a one-element array, so JSON null and SQL NULL stay apart.
        const select = stored
          .map((c) => (isJson(c) ? `case when ${quoteIdent(c.name)} is null then null else jsonb_build_array(${quoteIdent(c.name)}) end` : quoteIdent(c.name)))
          .map((expr, i) => `${expr} as ${quoteIdent(stored[i]!.name)}`)
          .join(", ");
        const order = table.primaryKey.length > 0 ? ` order by ${table.primaryKey.map(quoteIdent).join(", ")}` : "";
        const file = `db/${table.name}.jsonl`;
        const output = fs.createWriteStream(path.join(staging, file));
        let count = 0;
        await tx.execute(
          sql.raw(
            `declare site_export no scroll cursor for select row_to_json(r)::text as line from (select ${select} from ${quoteIdent(table.name)}${order}) r`,
          ),
        );
        for (;;) {
          const batch = await rows<{ line: string }>(tx, sql.raw(`fetch ${FETCH_ROWS} from site_export`));
          for (const { line } of batch) {
            if (!output.write(line + "\n")) await once(output, "drain");
          }
          count += batch.length;
          if (batch.length < FETCH_ROWS) break;
        }
        await tx.execute(sql`close site_export`);
        output.end();
        await once(output, "finish");
        tables.push({ name: table.name, file, rows: count, columns: stored.map((c) => c.name) });
      }
    });

    const uploads = (await store.list()).map((object) => object.key).sort();
    for (const key of uploads) {
      const bytes = await store.get(key);
      if (!bytes) continue; // removed since the listing (the orphan purge)
      const file = path.join(staging, "files", ...key.split("/"));
      await fsp.mkdir(path.dirname(file), { recursive: true });
      await fsp.writeFile(file, bytes);
    }

    const files: ManifestFile[] = [];
    for (const table of tables) files.push(await describeFile(staging, table.file));
    for (const key of uploads) {
      if (fs.existsSync(path.join(staging, "files", ...key.split("/")))) files.push(await describeFile(staging, `files/${key}`));
    }
    const journal = readJournal(migrationsFolder);
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      migration: applied === null ? null : { tag: journal.find((entry) => entry.when === applied)?.tag ?? null, createdAt: applied },
      source: { database: handle.kind, storage: store.kind, uploadsBase: uploadsBase(store, options.s3) },
      excludedTables: excluded,
      tables,
      files,
    };
    await fsp.writeFile(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");

    // Written beside the target and renamed: a failed export never leaves half an archive under the name.
    const partial = `${out}.partial-${process.pid}`;
    await fsp.mkdir(path.dirname(path.resolve(out)), { recursive: true });
    try {
      await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, ["manifest.json", "db", "files"]);
      await fsp.rename(partial, out);
    } finally {
      await fsp.rm(partial, { force: true });
    }
    return { manifest, bytes: (await fsp.stat(out)).size };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

/* ---------------------------------------------------------------- import */

export type ImportOptions = {
  handle: DbHandle;
  store: Storage;
  s3: S3Settings | undefined;
  archive: string;
  /** Replace the rows of a database that is not empty (they are deleted in the same transaction). */
  force?: boolean;
  migrationsFolder?: string;
};

export type ImportResult = { manifest: Manifest; rows: number; files: number; rewrittenUrls: { from: string; to: string } | null };

/** Unpacks and checks an archive (format, every checksum, nothing unlisted) into `dir`; returns its manifest. */
export async function readArchive(archive: string, dir: string): Promise<Manifest> {
  if (!fs.existsSync(archive)) throw new ArchiveError(`There is no archive at ${archive}.`);
  try {
    // node-tar refuses absolute paths and '..' entries unless told otherwise.
    await tar.extract({ file: archive, cwd: dir, strict: true });
  } catch (error) {
    throw new ArchiveError(`${archive} is not a readable site archive (${(error as Error).message}).`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(dir, "manifest.json"), "utf8")) as Manifest;
  } catch {
    throw new ArchiveError(`${archive} has no readable manifest.json: it is not a site archive made by npm run export.`);
  }
  if (manifest.format !== ARCHIVE_FORMAT) throw new ArchiveError(`${archive} is not a site archive made by npm run export.`);
  if (manifest.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw new ArchiveError(`${archive} has archive format ${manifest.formatVersion}; this app reads format ${ARCHIVE_FORMAT_VERSION}. Update the app first.`);
  }
  const listed = new Set<string>(["manifest.json"]);
  for (const entry of manifest.files) {
    if (entry.path.split("/").some((part) => part === ".." || part === "") || path.isAbsolute(entry.path)) {
      throw new ArchiveError(`The archive lists an unsafe path: ${entry.path}`);
    }
    listed.add(entry.path);
    if (!fs.existsSync(path.join(dir, entry.path))) throw new ArchiveError(`The archive is damaged: ${entry.path} is missing.`);
    const actual = await describeFile(dir, entry.path);
    if (actual.size !== entry.size || actual.sha256 !== entry.sha256) {
      throw new ArchiveError(`The archive is damaged: ${entry.path} does not match its checksum in manifest.json. Nothing was imported.`);
    }
  }
  for (const table of manifest.tables) {
    if (!listed.has(table.file)) throw new ArchiveError(`The archive is damaged: ${table.file} is not in the manifest's file list.`);
  }
  const present = (await fsp.readdir(dir, { recursive: true, encoding: "utf8" })).map((p) => p.split(path.sep).join("/"));
  for (const entry of present) {
    if (fs.statSync(path.join(dir, entry)).isFile() && !listed.has(entry)) {
      throw new ArchiveError(`The archive is damaged: ${entry} is not in the manifest's file list.`);
    }
  }
  return manifest;
}

/** Rows, `maxBytes` of text at most, as one JSON array text (lines are never parsed in JavaScript). */
async function* jsonBatches(file: string, edit: (line: string) => string, maxBytes = 4 * 1024 * 1024): AsyncGenerator<string> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  let batch: string[] = [];
  let size = 0;
  for await (const line of lines) {
    if (line === "") continue;
    batch.push(edit(line));
    size += line.length;
    if (size >= maxBytes || batch.length >= 5000) {
      yield `[${batch.join(",")}]`;
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0) yield `[${batch.join(",")}]`;
}

/**
 * Rows keep uploaded images as full addresses (covers, photos, images in markdown, revisions, autosaves). When
 * the store changes (local disk → S3), every value holding the old address gets the new one, in the row's text
 * before it is inserted (no UPDATE afterwards: tables may refuse changes, like an audit log). The old address
 * only counts at the start of a value or after a character that cannot be part of a URL, so another site's
 * "https://elsewhere/uploads/blog-images/…" is left alone.
 */
export function uploadUrlRewriter(rewrite: { from: string; to: string } | null): (line: string) => string {
  if (!rewrite) return (line) => line;
  const pattern = new RegExp(`(^|[^A-Za-z0-9_.:/%-])${rewrite.from.replace(/[\\^$.|?*+()[\]{}]/g, "\\$&")}`, "g");
  return (line) => (line.includes(rewrite.from) ? line.replace(pattern, (_, before: string) => `${before}${rewrite.to}`) : line);
}

/**
 * Restores an archive into an empty database and the configured store: checks everything first, migrates the
 * database to the archive's level, puts the files, loads every row in one transaction (sequences reset, image
 * URLs moved to the new store's address), then applies this app's newer migrations.
 */
export async function importSite(options: ImportOptions): Promise<ImportResult> {
  const { handle, store, archive } = options;
  const migrationsFolder = options.migrationsFolder ?? path.resolve("drizzle");
  const staging = await fsp.mkdtemp(path.join(os.tmpdir(), "studio-import-"));
  try {
    const manifest = await readArchive(archive, staging);

    const journal = readJournal(migrationsFolder);
    const latest = journal.at(-1);
    const level = manifest.migration;
    if (level && (!latest || level.createdAt > latest.when || !journal.some((entry) => entry.when === level.createdAt))) {
      throw new ArchiveError(
        `The archive comes from a newer version of the app (migration ${level.tag ?? level.createdAt}); this app's last migration is ${latest?.tag ?? "none"}. Update the app, then import again.`,
      );
    }

    // The schema the rows were written in: migrate a fresh database up to the archive's level only.
    const applied = await appliedMigration(handle.db);
    if (level && (applied === null || applied < level.createdAt)) await migrateUpTo(handle, level.createdAt, migrationsFolder);
    else if (!level) await migrateDatabase(handle, migrationsFolder);

    const seeded = tablesSeededByMigrations(migrationsFolder);
    const targetTables = await listTables(handle.db);
    const byName = new Map(targetTables.map((t) => [t.name, t]));
    for (const table of manifest.tables) {
      const target = byName.get(table.name);
      if (!target) throw new ArchiveError(`This database has no table ${table.name}, which the archive holds: import into a database of the same app version.`);
      const stored = new Set(target.columns.filter((c) => !c.generated).map((c) => c.name));
      const missing = table.columns.filter((c) => !stored.has(c));
      if (missing.length > 0) {
        throw new ArchiveError(
          `The table ${table.name} of this database has no column ${missing.join(", ")}, which the archive holds: import into a database of the same app version.`,
        );
      }
    }

    const occupied = async (db: Queryable) => {
      const found: string[] = [];
      for (const table of targetTables) {
        if (isExcludedTable(table.name) || seeded.has(table.name)) continue;
        const [row] = await rows<{ any: boolean }>(db, sql.raw(`select exists (select 1 from ${quoteIdent(table.name)}) as any`));
        if (row?.any) found.push(table.name);
      }
      return found;
    };
    const refuse = (found: string[]) =>
      new ArchiveError(
        `The database is not empty (rows in ${found.join(", ")}): an import restores into an empty database only. ` +
          `Use a new database (or DATA_DIR), or add --force to delete every record of this site first and replace them with the archive's.`,
      );
    if (!options.force) {
      const found = await occupied(handle.db);
      if (found.length > 0) throw refuse(found);
    }

    // Files first: putting them again is harmless, and rows never point at a file that is not there.
    let files = 0;
    for (const entry of manifest.files) {
      if (!entry.path.startsWith("files/")) continue;
      const key = entry.path.slice("files/".length);
      await store.put(key, await fsp.readFile(path.join(staging, entry.path)), contentTypeFor(key));
      files++;
    }

    const targetBase = uploadsBase(store, options.s3);
    const rewrite = manifest.source.uploadsBase !== targetBase ? { from: manifest.source.uploadsBase, to: targetBase } : null;
    const moveUrls = uploadUrlRewriter(rewrite);
    let total = 0;
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local timezone = 'UTC'`);
      await tx.execute(sql`set local intervalstyle = 'postgres'`);
      // The rows are already what the app's triggers made of them (as pg_restore --disable-triggers): an
      // audit or notify trigger must neither add rows nor refuse the load. Foreign keys stay checked.
      const triggered = await rows<{ name: string }>(
        tx,
        sql`select distinct c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
            join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not t.tgisinternal`,
      );
      for (const { name } of triggered) await tx.execute(sql.raw(`alter table ${quoteIdent(name)} disable trigger user`));
      if (options.force) {
        // Cascade: the excluded tables that point at these rows (sessions of the old accounts) go too.
        const all = targetTables.filter((t) => !isExcludedTable(t.name)).map((t) => quoteIdent(t.name));
        if (all.length > 0) await tx.execute(sql.raw(`truncate table ${all.join(", ")} cascade`));
      } else {
        const found = await occupied(tx);
        if (found.length > 0) throw refuse(found);
        // Rows the migrations wrote are replaced by the archive's own.
        for (const table of [...manifest.tables].reverse()) {
          if (seeded.has(table.name)) await tx.execute(sql.raw(`delete from ${quoteIdent(table.name)}`));
        }
      }
      const archived = new Map(manifest.tables.map((t) => [t.name, t]));
      for (const target of targetTables) {
        const table = archived.get(target.name);
        if (!table || table.columns.length === 0) continue;
        const types = new Map(target.columns.map((c) => [c.name, c]));
        const names = table.columns.map(quoteIdent).join(", ");
        const values = table.columns.map((name) => (isJson(types.get(name)!) ? `(r.${quoteIdent(name)} -> 0)` : `r.${quoteIdent(name)}`)).join(", ");
        const overriding = table.columns.some((name) => types.get(name)!.identityAlways) ? " overriding system value" : "";
        // The record type is the table's, but JSON columns arrive wrapped (see exportSite): read them as jsonb.
        const recordType = table.columns.map((name) => `${quoteIdent(name)} ${isJson(types.get(name)!) ? "jsonb" : types.get(name)!.type}`).join(", ");
        let loaded = 0;
        for await (const batch of jsonBatches(path.join(staging, table.file), moveUrls)) {
          const inserted = await rows<{ n: number }>(
            tx,
            sql`with ins as (${sql.raw(`insert into ${quoteIdent(table.name)} (${names})${overriding} select ${values} from json_to_recordset(`)}${batch}${sql.raw(`::json) as r(${recordType}) returning 1`)}) select count(*)::int as n from ins`,
          );
          loaded += Number(inserted[0]?.n ?? 0);
        }
        if (loaded !== table.rows)
          throw new ArchiveError(`The table ${table.name} loaded ${loaded} rows where the manifest lists ${table.rows}. Nothing was imported.`);
        total += loaded;
      }
      for (const { name } of triggered) await tx.execute(sql.raw(`alter table ${quoteIdent(name)} enable trigger user`));
      // Sequences (serial and identity columns) continue after the highest id restored.
      for (const target of targetTables) {
        for (const column of target.columns) {
          const [seq] = await rows<{ seq: string | null }>(tx, sql`select pg_get_serial_sequence(${quoteIdent(target.name)}, ${column.name}) as seq`);
          if (!seq?.seq) continue;
          await tx.execute(
            sql.raw(
              `select setval('${seq.seq.replace(/'/g, "''")}', coalesce((select max(${quoteIdent(column.name)}) from ${quoteIdent(target.name)}), 0) + 1, false)`,
            ),
          );
        }
      }
    });

    // The rows are in the schema they were written in; this app's newer migrations bring them up to date.
    await migrateDatabase(handle, migrationsFolder);
    return { manifest, rows: total, files, rewrittenUrls: rewrite };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

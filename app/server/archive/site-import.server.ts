import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { migrateDatabase, rows, type DbHandle, type Queryable } from "../db/client.server";
import { type S3Settings, type Storage } from "~/server/storage/storage.server";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  isExcludedTable,
  type Manifest,
  ArchiveError,
  quoteIdent,
  listTables,
  isJson,
  readJournal,
  appliedMigration,
  migrateUpTo,
  tablesSeededByMigrations,
  uploadsBase,
  contentTypeFor,
  describeFile,
} from "./archive-format.server";

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
      // What the triggers keep (the listed posts' counts, drizzle/0032) is counted again from the rows
      // loaded; an archive older than those counts gets them from that migration, run below.
      const [recount] = await rows<{ found: boolean }>(tx, sql`select to_regproc('blog_recount_listed') is not null as found`);
      if (recount?.found) await tx.execute(sql`select blog_recount_listed()`);
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
    // A bulk load leaves the planner with the statistics of an empty site: PGlite has no autovacuum
    // to refresh them (PostgreSQL's comes a minute later), and without them the full-text and
    // listing indexes go unused. Refreshed at once, as the seed does, and the tables vacuumed: every
    // page is new, and an index-only scan would read the table for each row until then.
    await handle.vacuum();
    return { manifest, rows: total, files, rewrittenUrls: rewrite };
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { rows, type DbHandle } from "../db/client.server";
import { type S3Settings, type Storage } from "~/server/storage/storage.server";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  isExcludedTable,
  type ManifestTable,
  type ManifestFile,
  type Manifest,
  quoteIdent,
  listTables,
  isJson,
  readJournal,
  appliedMigration,
  uploadsBase,
  describeFile,
} from "./archive-format.server";

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

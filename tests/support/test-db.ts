import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import * as schema from "~/server/db/schema.server";
import { migrateDatabase, openDatabase, pgliteExtensions, type Db, type DbHandle } from "~/server/db/client.server";

/** The committed migrations' fingerprint: work trees sharing node_modules but not migrations never share a dump. */
function migrationsFingerprint() {
  const dir = path.resolve(import.meta.dirname, "../../drizzle");
  const hash = crypto.createHash("sha256");
  for (const file of fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(dir, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest("hex").slice(0, 12);
}

/** Where global setup leaves a migrated PGlite dump and (for PostgreSQL) the template name. */
export const PGLITE_DUMP = path.resolve(import.meta.dirname, `../../node_modules/.cache/studio-tests/pglite-migrated-${migrationsFingerprint()}.tar.gz`);
export const PG_TEMPLATE = "studio_test_template";

/** The PostgreSQL server the integration suite also runs against, when one is given. */
export function testPostgresUrl() {
  return process.env.TEST_DATABASE_URL || undefined;
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A PostgreSQL database copied from the migrated template, on the server at TEST_DATABASE_URL. */
export type TemplateCopy = {
  name: string;
  url: string;
  /** Drops the copy; `force` also ends connections still open to it (PostgreSQL 13+). */
  drop(options?: { force?: boolean }): Promise<void>;
};

/** Creates a new database from the migrated template on the PostgreSQL server at `pg`. */
export async function createDatabaseFromTemplate(pg: string): Promise<TemplateCopy> {
  const name = `studio_test_${crypto.randomBytes(6).toString("hex")}`;
  const { default: pgLib } = await import("pg");
  const admin = new pgLib.Client({ connectionString: pg });
  await admin.connect();
  await admin.query(`create database ${name} template ${PG_TEMPLATE}`);
  await admin.end();
  return {
    name,
    url: withDatabase(pg, name),
    async drop({ force = false } = {}) {
      const cleanup = new pgLib.Client({ connectionString: pg });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name}${force ? " with (force)" : ""}`);
      await cleanup.end();
    },
  };
}

/** Builds the migrated PGlite dump and PostgreSQL template once per test run (global setup). */
export async function prepareTestDatabases() {
  const pg = testPostgresUrl();
  if (pg) {
    const { default: pgLib } = await import("pg");
    const admin = new pgLib.Client({ connectionString: pg });
    await admin.connect();
    await admin.query(`drop database if exists ${PG_TEMPLATE}`);
    await admin.query(`create database ${PG_TEMPLATE}`);
    await admin.end();
    const handle = await openDatabase({ databaseUrl: withDatabase(pg, PG_TEMPLATE), dataDir: os.tmpdir() });
    await migrateDatabase(handle);
    await handle.close();
    return;
  }
  const client = await PGlite.create({ extensions: await pgliteExtensions() });
  const handle: DbHandle = {
    db: drizzlePglite(client, { schema }),
    kind: "pglite",
    location: "memory",
    vacuum: async () => {},
    close: async () => client.close(),
  };
  await migrateDatabase(handle);
  const dump = await client.dumpDataDir("gzip");
  fs.mkdirSync(path.dirname(PGLITE_DUMP), { recursive: true });
  // Written then renamed, so a parallel run never reads half a file.
  const partial = `${PGLITE_DUMP}.${process.pid}.tmp`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, PGLITE_DUMP);
  await client.close();
}

/**
 * A fresh, migrated, empty database for one test file: PGlite restored from the dump, or a new
 * PostgreSQL database copied from the template when TEST_DATABASE_URL is set.
 */
export async function freshTestDatabase(): Promise<DbHandle> {
  const pg = testPostgresUrl();
  if (pg) {
    const copy = await createDatabaseFromTemplate(pg);
    const handle = await openDatabase({ databaseUrl: copy.url, dataDir: os.tmpdir() });
    return {
      ...handle,
      async close() {
        await handle.close();
        await copy.drop();
      },
    };
  }
  const dump = new Blob([fs.readFileSync(PGLITE_DUMP)]);
  const client = await PGlite.create({ loadDataDir: dump, extensions: await pgliteExtensions() });
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: "pglite",
    location: "memory",
    connection: { kind: "pglite", client },
    vacuum: async () => {
      await client.exec("VACUUM ANALYZE");
    },
    close: async () => client.close(),
  };
}

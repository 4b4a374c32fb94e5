import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql, type SQL } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import * as schema from "./schema.server";
import { config, DEFAULT_DATABASE_POOL_SIZE } from "~/server/core/env.server";
import { log } from "~/server/core/log.server";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A database handle or a transaction: query modules accept either. */
export type Queryable = Db | Tx;

/** The rows of a raw statement (node-postgres and PGlite return them as `{ rows }`; an array is taken as the rows). */
export async function rows<T>(db: Queryable, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export type DbHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Where the data lives, for logs: a directory or a redacted URL. */
  location: string;
  /** Reclaims space and refreshes planner statistics (PGlite has no autovacuum). */
  vacuum(): Promise<void>;
  close(): Promise<void>;
  /** The connection under Drizzle, for the job queue (app/server/jobs/jobs.server.ts): the PGlite instance, or the PostgreSQL URL. */
  connection?: { kind: "pglite"; client: PGlite } | { kind: "postgres"; url: string };
};

export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is already in use by another process (pid ${pid}). ` +
        `Only one process may open it: stop that process first, or set DATABASE_URL to use PostgreSQL.`,
    );
    this.name = "DatabaseLockedError";
  }
}

/**
 * Opens the database chosen by the settings: PostgreSQL when a URL is given (with `poolSize`
 * connections, DATABASE_POOL_SIZE), else PGlite in `dataDir`.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; poolSize?: number }): Promise<DbHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE);
  return openPglite(path.join(options.dataDir, "pglite"));
}

async function openPostgres(url: string, poolSize: number): Promise<DbHandle> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on("error", (error) => log.error("database pool error", { error: error.message }));
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    location: redactUrl(url),
    connection: { kind: "postgres", url },
    async vacuum() {
      // VACUUM as well as ANALYZE: after a bulk write (a seed, an import) every page of the posts is
      // new, and until autovacuum comes by an index-only scan reads the table for each row (a
      // /blog?page=600 of 10,000 posts seeded a moment before: the list's statement ~7 ms, ~1.4 once
      // vacuumed).
      await pool.query("VACUUM (ANALYZE)");
    },
    async close() {
      await pool.end();
    },
  };
}

/** The PostgreSQL extensions the migrations create, which PGlite has to load itself: pg_trgm (the back-office search). */
export async function pgliteExtensions() {
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return { pg_trgm };
}

async function openPglite(dir: string): Promise<DbHandle> {
  fs.mkdirSync(dir, { recursive: true });
  const releaseLock = acquireLock(dir);
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const client = await PGlite.create(dir, { extensions: await pgliteExtensions() });
    const db = drizzle(client, { schema }) as unknown as Db;
    let closed = false;
    return {
      db,
      kind: "pglite",
      location: dir,
      connection: { kind: "pglite", client },
      async vacuum() {
        await client.exec("VACUUM ANALYZE");
      },
      async close() {
        if (closed) return;
        closed = true;
        try {
          await client.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * PGlite has no lock of its own: a second process on the same directory would lose writes.
 * A lock file holding the owner's pid refuses a second opener; a stale one (dead pid) is taken over.
 */
const heldLocks = new Set<string>();

function acquireLock(dir: string): () => void {
  const file = path.join(dir, "..", "pglite.lock");
  if (heldLocks.has(file)) throw new DatabaseLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      heldLocks.add(file);
      return () => {
        heldLocks.delete(file);
        try {
          if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
      // Our own pid in the file without our lock held means a previous run with a recycled pid.
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) throw new DatabaseLockedError(dir, owner);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function redactUrl(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "postgres";
  }
}

/** Applies the committed SQL migrations in ./drizzle (one process at a time on PostgreSQL). */
export async function migrateDatabase(handle: DbHandle, migrationsFolder = path.resolve("drizzle")) {
  if (handle.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder });
    return;
  }
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  await handle.db.transaction(async (tx) => {
    // Several app processes may start together: only one applies migrations.
    await tx.execute(sql`select pg_advisory_xact_lock(727274)`);
    await migrate(tx as unknown as Parameters<typeof migrate>[0], { migrationsFolder });
  });
}

const HANDLE_KEY = Symbol.for("studio.db");
type GlobalWithDb = typeof globalThis & { [HANDLE_KEY]?: Promise<DbHandle> };

/**
 * The process-wide database, opened and migrated on first use. The server calls it at start-up;
 * in development the module may be loaded more than once, so the handle lives on globalThis.
 */
export function database(): Promise<DbHandle> {
  const g = globalThis as GlobalWithDb;
  g[HANDLE_KEY] ??= (async () => {
    const { databaseUrl, dataDir, databasePoolSize } = config();
    const handle = await openDatabase({ databaseUrl, dataDir, poolSize: databasePoolSize });
    await migrateDatabase(handle);
    return handle;
  })();
  g[HANDLE_KEY].catch(() => {
    delete g[HANDLE_KEY];
  });
  return g[HANDLE_KEY];
}

/** Per database handle (or transaction), its statements prepared by `preparedOnce`, by name. */
const prepared = new WeakMap<Queryable, Map<string, unknown>>();

/**
 * The statement `prepare` makes for `db` under `name` (Drizzle's `.prepare(name)` of a query with
 * placeholders), made once per handle: a hot public read built anew on every miss cost ~0.3 ms of
 * Drizzle each time and, on PostgreSQL, a parse and plan of the server's (node-postgres parses a
 * named statement once per connection). A name stands for one text: a query whose shape varies
 * takes a name per shape.
 */
export function preparedOnce<T>(db: Queryable, name: string, prepare: (db: Queryable, name: string) => T): T {
  let byName = prepared.get(db);
  if (!byName) prepared.set(db, (byName = new Map<string, unknown>()));
  if (!byName.has(name)) byName.set(name, prepare(db, name));
  return byName.get(name) as T;
}

export async function db(): Promise<Db> {
  return (await database()).db;
}

export async function closeDatabase() {
  const g = globalThis as GlobalWithDb;
  const pending = g[HANDLE_KEY];
  delete g[HANDLE_KEY];
  if (pending) await (await pending).close();
}

import { afterAll, beforeAll, beforeEach } from "vitest";
import { sql } from "drizzle-orm";
import type { DbHandle } from "~/server/db/client.server";
import { invalidatePublicCache } from "~/server/cache/data-cache.server";
import { freshTestDatabase } from "./test-db";

/**
 * A test file's own database (`freshTestDatabase`): made before its tests and closed after them.
 * With `emptied`, those tables are truncated (cascade) and the public cache dropped before each
 * test. Call once at the top of the file; what it returns reads as the database's handle once the
 * file's tests (and its own `beforeAll` hooks, registered after this call) run.
 */
export function fileDatabase({ emptied = [] }: { emptied?: string[] } = {}): DbHandle {
  let current: DbHandle | undefined;
  beforeAll(async () => {
    current = await freshTestDatabase();
  });
  afterAll(async () => {
    await current?.close();
  });
  if (emptied.length > 0) {
    beforeEach(async () => {
      await opened().db.execute(sql.raw(`truncate ${emptied.join(", ")} cascade`));
      invalidatePublicCache();
    });
  }
  const opened = () => {
    if (!current) throw new Error("The file's database is opened in beforeAll: read it inside a test or a hook.");
    return current;
  };
  return new Proxy({} as DbHandle, {
    get(_target, key) {
      const handle = opened();
      const value: unknown = Reflect.get(handle, key);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(handle) : value;
    },
  });
}

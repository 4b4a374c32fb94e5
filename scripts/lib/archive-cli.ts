// What npm run export and npm run import share: failing with a message, reading their arguments,
// and opening the configured site (database and store) for the length of one command.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { DatabaseLockedError, openDatabase, type DbHandle } from "../../app/server/db/client.server";
import { config } from "../../app/server/core/env.server";
import { ArchiveError } from "../../app/server/archive/archive-format.server";
import { storage, type Storage } from "../../app/server/storage/storage.server";

export function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

/** The command's arguments; a wrong one ends it with the message and `usage`. */
export function cliArgs<T extends ParseArgsConfig>(options: T, usage: string) {
  try {
    return parseArgs({ ...options, strict: true });
  } catch (error) {
    fail(`${(error as Error).message}\n${usage}`);
  }
}

type Site = { handle: DbHandle; store: Storage; settings: ReturnType<typeof config>; where: string };

/**
 * Runs `work` on the configured database and store, closing the database after. An embedded
 * database held by a running server ends the command with what to do; an ArchiveError ends it
 * with its message, any other error with its stack.
 */
export function runOnSite(command: "export" | "import", work: (site: Site) => Promise<void>) {
  const run = async () => {
    const settings = config();
    let handle: DbHandle;
    try {
      handle = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir, poolSize: 2 });
    } catch (error) {
      if (error instanceof DatabaseLockedError)
        fail(`${error.message}\nStop the server first (the embedded database has one owner), then run npm run ${command} again.`);
      throw error;
    }
    try {
      const store = storage();
      const where = `${handle.kind === "pglite" ? `embedded database in ${handle.location}` : handle.location}, ${store.describe()}`;
      await work({ handle, store, settings, where });
    } finally {
      await handle.close();
    }
  };
  run().catch((error: unknown) =>
    fail(error instanceof ArchiveError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)),
  );
}

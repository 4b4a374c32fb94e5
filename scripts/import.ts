// npm run import -- site.tar.gz [--force]
// Restores an archive made by npm run export into the configured database (embedded PGlite in DATA_DIR or
// DATABASE_URL, migrated first) and store (local uploads or the S3_* bucket). Refuses a database that has
// records unless --force is given (then they are deleted first). Run it with the server stopped.
import { parseArgs } from "node:util";
import { DatabaseLockedError, openDatabase } from "../app/server/db/client.server";
import { config } from "../app/server/env.server";
import { ArchiveError, importSite } from "../app/server/site-archive.server";
import { storage } from "../app/server/storage.server";

const USAGE = "Usage: npm run import -- site.tar.gz [--force]";

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

async function main() {
  let parsed: { values: { force?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({ options: { force: { type: "boolean" } }, allowPositionals: true, strict: true });
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  const [archive, ...rest] = parsed.positionals;
  if (!archive || rest.length > 0) fail(`Give one archive.\n${USAGE}`);
  const settings = config();
  let handle;
  try {
    handle = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir, poolSize: 2 });
  } catch (error) {
    if (error instanceof DatabaseLockedError)
      fail(`${error.message}\nStop the server first (the embedded database has one owner), then run npm run import again.`);
    throw error;
  }
  try {
    const store = storage();
    const result = await importSite({ handle, store, s3: settings.s3, archive, force: parsed.values.force });
    console.log(
      `✔ Imported ${result.rows} rows into ${result.manifest.tables.length} tables and ${result.files} files ` +
        `(${handle.kind === "pglite" ? `embedded database in ${handle.location}` : handle.location}, ${store.describe()}) ` +
        `from ${archive} (made ${result.manifest.createdAt}).` +
        (result.rewrittenUrls ? `\n  Image addresses moved from ${result.rewrittenUrls.from} to ${result.rewrittenUrls.to}.` : "") +
        `\n  Everyone signs in again: sessions are not part of an archive.`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => fail(error instanceof ArchiveError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)));

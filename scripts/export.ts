// npm run export -- --out site.tar.gz
// Writes every record and uploaded file of the configured site (embedded PGlite in DATA_DIR or DATABASE_URL;
// local uploads or the S3_* bucket) into one gzip tar. See README "Back up and move a site".
import { parseArgs } from "node:util";
import { DatabaseLockedError, openDatabase } from "../app/server/db/client.server";
import { config } from "../app/server/env.server";
import { ArchiveError, exportSite } from "../app/server/site-archive.server";
import { storage } from "../app/server/storage.server";

const USAGE = "Usage: npm run export -- --out site.tar.gz";

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

async function main() {
  let values: { out?: string };
  try {
    ({ values } = parseArgs({ options: { out: { type: "string", short: "o" } }, strict: true }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  const out = values.out?.trim() || `site-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.tar.gz`;
  const settings = config();
  let handle;
  try {
    handle = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir, poolSize: 2 });
  } catch (error) {
    if (error instanceof DatabaseLockedError)
      fail(`${error.message}\nStop the server first (the embedded database has one owner), then run npm run export again.`);
    throw error;
  }
  try {
    const store = storage();
    const { manifest, bytes } = await exportSite({ handle, store, s3: settings.s3, out });
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    const uploads = manifest.files.filter((f) => f.path.startsWith("files/")).length;
    console.log(
      `✔ Exported ${rows} rows from ${manifest.tables.length} tables and ${uploads} uploaded files ` +
        `(${handle.kind === "pglite" ? `embedded database in ${handle.location}` : handle.location}, ${store.describe()}) ` +
        `to ${out} (${(bytes / 1024).toFixed(0)} KiB, migration ${manifest.migration?.tag ?? "none"}).\n` +
        `  Not included: ${manifest.excludedTables.join(", ")} (sign-in sessions, tokens and counters) and the job queue.`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => fail(error instanceof ArchiveError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)));

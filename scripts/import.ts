// npm run import -- site.tar.gz [--force]
// Restores an archive made by npm run export into the configured database (embedded PGlite in DATA_DIR or
// DATABASE_URL, migrated first) and store (local uploads or the S3_* bucket). Refuses a database that has
// records unless --force is given (then they are deleted first). Run it with the server stopped.
import { importSite } from "../app/server/archive/site-import.server";
import { cliArgs, fail, runOnSite } from "./lib/archive-cli";

const USAGE = "Usage: npm run import -- site.tar.gz [--force]";
const { values, positionals } = cliArgs({ options: { force: { type: "boolean" } }, allowPositionals: true }, USAGE);
const [archive, ...rest] = positionals;
if (!archive || rest.length > 0) fail(`Give one archive.\n${USAGE}`);

runOnSite("import", async ({ handle, store, settings, where }) => {
  const result = await importSite({ handle, store, s3: settings.s3, archive, force: values.force });
  console.log(
    `✔ Imported ${result.rows} rows into ${result.manifest.tables.length} tables and ${result.files} files (${where}) ` +
      `from ${archive} (made ${result.manifest.createdAt}).` +
      (result.rewrittenUrls ? `\n  Image addresses moved from ${result.rewrittenUrls.from} to ${result.rewrittenUrls.to}.` : "") +
      `\n  Everyone signs in again: sessions are not part of an archive.`,
  );
});

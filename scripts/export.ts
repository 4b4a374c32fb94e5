// npm run export -- --out site.tar.gz
// Writes every record and uploaded file of the configured site (embedded PGlite in DATA_DIR or DATABASE_URL;
// local uploads or the S3_* bucket) into one gzip tar. See README "Back up and move a site".
import fs from "node:fs";
import { ArchiveError } from "../app/server/archive/archive-format.server";
import { exportSite } from "../app/server/archive/site-export.server";
import { cliArgs, runOnSite } from "./lib/archive-cli";

const { values } = cliArgs({ options: { out: { type: "string", short: "o" } } }, "Usage: npm run export -- --out site.tar.gz");
const out = values.out?.trim() || `site-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.tar.gz`;

runOnSite("export", async ({ handle, store, settings, where }) => {
  const { manifest, bytes } = await exportSite({ handle, store, s3: settings.s3, out });
  if (manifest.tables.length === 0) {
    fs.rmSync(out, { force: true });
    throw new ArchiveError(
      `No site to export in ${where}: its database has no tables yet. Start the site once (npm start), or set DATA_DIR or DATABASE_URL to the site's.`,
    );
  }
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const uploads = manifest.files.filter((f) => f.path.startsWith("files/")).length;
  console.log(
    `✔ Exported ${rows} rows from ${manifest.tables.length} tables and ${uploads} uploaded files (${where}) ` +
      `to ${out} (${(bytes / 1024).toFixed(0)} KiB, migration ${manifest.migration?.tag ?? "none"}).\n` +
      `  Not included: ${manifest.excludedTables.join(", ")} (sign-in sessions, tokens and counters) and the job queue.`,
  );
});

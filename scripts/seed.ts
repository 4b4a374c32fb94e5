// `npm run db:seed`: loads the demo content into the configured database (embedded PGlite in
// DATA_DIR, or DATABASE_URL). Safe to run again: existing demo rows are left as they are.
// The embedded database must not be open in a running server (the lock refuses it).
import { config } from "~/server/core/env.server";
import { migrateDatabase, openDatabase } from "~/server/db/client.server";
import { seedDemoContent } from "~/server/site/seed.server";

async function main() {
  const settings = config();
  const handle = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir, poolSize: settings.databasePoolSize });
  try {
    await migrateDatabase(handle);
    const result = await seedDemoContent(handle);
    console.log(
      `Demo content in ${handle.kind === "pglite" ? handle.location : handle.location}: added ${result.posts} posts, ${result.team} team members, ${result.testimonials} testimonials, ${result.caseStudies} case studies (existing ones kept).`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: Error) => {
  console.error(`✖ ${error.message}`);
  process.exit(1);
});

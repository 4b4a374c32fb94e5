import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

/** How many analytics events a stopped server's embedded database (DATA_DIR) holds: what the benchmarks compare with what they sent. */
export async function countStoredEvents(dataDir: string) {
  const client = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from analytics_events");
    return rows[0]?.n ?? 0;
  } finally {
    await client.close();
  }
}

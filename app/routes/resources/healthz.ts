import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";

/** Liveness and readiness: 200 when the database answers, 503 otherwise. Never cached. */
export async function loader() {
  const started = performance.now();
  try {
    await (await db()).execute(sql`select 1`);
    return Response.json({ status: "ok", database: "ok", ms: Math.round(performance.now() - started) }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return Response.json({ status: "error", database: (error as Error).message }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}

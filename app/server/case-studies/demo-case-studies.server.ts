import sharp from "sharp";
import { inArray } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { caseStudies } from "~/server/db/schema.server";
import { coverSvg } from "~/server/posts/demo-covers.server";
import { storeImage } from "~/server/storage/images.server";
import type { Storage } from "~/server/storage/storage.server";
import { demoCaseStudies } from "~/content/demo-case-studies";
import { insertCaseStudiesIfAbsent } from "./case-study-writes.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The three demo case studies (app/content/demo-case-studies.ts), published and dated `daysAgo`
 * before `now`, each with a generated cover stored like an upload. Those already there are left
 * as they are (and get no new cover); answers how many were added.
 */
export async function seedDemoCaseStudies(db: Queryable, store: Storage, now: number): Promise<number> {
  const ids = demoCaseStudies.map((c) => c.id);
  const existing = new Set((await db.select({ id: caseStudies.id }).from(caseStudies).where(inArray(caseStudies.id, ids))).map((r) => r.id));
  const fresh = demoCaseStudies.filter((c) => !existing.has(c.id));
  const rows = [];
  for (const [index, { daysAgo, cover, ...study }] of fresh.entries()) {
    const png = await sharp(Buffer.from(coverSvg(cover, 101 + index)))
      .png()
      .toBuffer();
    const date = new Date(now - daysAgo * DAY_MS);
    rows.push({ ...study, imageUrl: await storeImage(store, "", png), published: true, publishedAt: date, createdAt: date, updatedAt: date });
  }
  return insertCaseStudiesIfAbsent(db, rows);
}

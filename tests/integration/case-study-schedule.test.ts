import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "~/server/db/client.server";
import { caseStudies } from "~/server/db/schema.server";
import { freshTestDatabase } from "../support/test-db";
import { form } from "../support/action-answer";
import { saveCaseStudy } from "~/server/case-studies/case-study-save.server";
import { caseStudyPublicationsToSchedule, publishCaseStudyIfDue } from "~/server/case-studies/case-study-scheduler.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const fields = (slug: string, extra: Record<string, string>) => ({
  title: `Case ${slug}`,
  slug,
  client: "A firm",
  industry: "Logistics",
  summary: "A summary.",
  problem: "A problem.",
  solution: "A solution.",
  hoursBefore: "10",
  hoursAfter: "1",
  timeZone: "UTC",
  ...extra,
});

let handle: DbHandle;
const idOf = async (slug: string) => (await handle.db.select({ id: caseStudies.id }).from(caseStudies).where(eq(caseStudies.slug, slug)))[0]!.id;
beforeAll(async () => {
  handle = await freshTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe("scheduled case studies", () => {
  it("get a publication job at their time; drafts and those public for days get none", async () => {
    const later = new Date(Date.now() + 3_600_000);
    await saveCaseStudy(handle.db, null, form(fields("later", { published: "on", publishedAt: later.toISOString().slice(0, 19) })));
    await saveCaseStudy(handle.db, null, form(fields("draft", { publishedAt: later.toISOString().slice(0, 19) })));
    await saveCaseStudy(handle.db, null, form(fields("old", { published: "on", publishedAt: "2026-01-05T10:00:00" })));
    const jobs = await caseStudyPublicationsToSchedule(handle.db);
    expect(jobs).toEqual([{ caseStudyId: await idOf("later"), at: `${later.toISOString().slice(0, 19)}.000Z` }]);
  });

  it("empty the caches when their job finds them public at that time, and not when they were withdrawn or moved", async () => {
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    await saveCaseStudy(handle.db, null, form(fields("due", { published: "on", publishedAt: at.toISOString().slice(0, 19) })));
    const id = await idOf("due");
    let emptied = 0;
    expect(await publishCaseStudyIfDue(handle.db, { caseStudyId: id, at: at.toISOString() }, () => void (emptied += 1))).toBe(true);
    expect(emptied).toBe(1);
    const other = new Date(at.getTime() - 60_000).toISOString();
    expect(await publishCaseStudyIfDue(handle.db, { caseStudyId: id, at: other }, () => expect.fail("moved since"))).toBe(false);
    await handle.db.update(caseStudies).set({ deletedAt: new Date() }).where(eq(caseStudies.id, id));
    expect(await publishCaseStudyIfDue(handle.db, { caseStudyId: id, at: at.toISOString() }, () => expect.fail("trashed"))).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import type { DbHandle } from "~/server/db/client.server";
import { auditLog, caseStudies } from "~/server/db/schema.server";
import { freshTestDatabase } from "../support/test-db";
import { answer, form } from "../support/action-answer";
import { saveCaseStudy } from "~/server/case-studies/case-study-save.server";
import { getPublishedCaseStudy } from "~/server/case-studies/case-study-queries.server";
import { listCaseStudyRevisions, restoreCaseStudyRevision } from "~/server/case-studies/case-study-history.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const EDITOR = { name: "Maya", email: "maya@studio.test" };
const fields = (overrides: Record<string, string> = {}) => ({
  title: "Quotes from 12 hours to 2",
  slug: "quotes-from-12-hours",
  client: "A 30-person engineering firm",
  industry: "Engineering",
  summary: "The first summary.",
  problem: "Estimators rebuilt every quote by hand.",
  solution: "A Make workflow that drafts each quote.",
  tools: "Make, Airtable",
  hoursBefore: "12",
  hoursAfter: "2",
  published: "on",
  timeZone: "UTC",
  ...overrides,
});

let handle: DbHandle;
let id: string;
beforeAll(async () => {
  handle = await freshTestDatabase();
  await saveCaseStudy(handle.db, null, form(fields()), EDITOR);
  id = (await handle.db.select({ id: caseStudies.id }).from(caseStudies).where(eq(caseStudies.slug, "quotes-from-12-hours")))[0]!.id;
  await saveCaseStudy(handle.db, id, form(fields({ summary: "The second summary.", hoursAfter: "1.5" })), EDITOR);
});
afterAll(async () => {
  await handle.close();
});

describe("case study history", () => {
  it("keeps a revision of every save, newest first, with who saved it and what changed", async () => {
    const revisions = await listCaseStudyRevisions(handle.db, id);
    expect(revisions.map((r) => r.summary)).toEqual(["The second summary.", "The first summary."]);
    expect(revisions[0]).toMatchObject({ authorName: "Maya", changed: ["Summary", "Results"] });
    expect(revisions[1]!.changed).toEqual(["Created"]);
  });

  it("restores an earlier version as a new revision, public at once, with its audit entry", async () => {
    const first = (await listCaseStudyRevisions(handle.db, id)).at(-1)!;
    const result = await restoreCaseStudyRevision(handle.db, id, first.id, EDITOR);
    expect(result).toBeInstanceOf(Response);
    expect(await getPublishedCaseStudy(handle.db, "quotes-from-12-hours")).toMatchObject({ summary: "The first summary.", hoursAfter: 2 });
    const revisions = await listCaseStudyRevisions(handle.db, id);
    expect(revisions).toHaveLength(3);
    expect(revisions[0]!.changed).toEqual(["Summary", "Results"]);
    const [entry] = await handle.db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(desc(auditLog.at)).limit(1);
    expect(entry).toMatchObject({ action: "case-study.restore-version", actorEmail: null });
  });

  it("answers 404 for a version of another case study, and saves no revision when a save is refused", async () => {
    const missing = answer(await restoreCaseStudyRevision(handle.db, id, "00000000-0000-4000-8000-000000000000", EDITOR));
    expect(missing.status).toBe(404);
    const refused = answer(await saveCaseStudy(handle.db, id, form(fields({ hoursAfter: "" })), EDITOR));
    expect(refused.status).toBe(400);
    expect(await listCaseStudyRevisions(handle.db, id)).toHaveLength(3);
  });
});

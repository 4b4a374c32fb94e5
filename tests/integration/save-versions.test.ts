import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import type * as DbClient from "~/server/db/client.server";
import type { DbHandle } from "~/server/db/client.server";
import { auditLog, caseStudies, caseStudyRevisions, siteContent } from "~/server/db/schema.server";
import { freshTestDatabase } from "../support/test-db";
import { answer, form } from "../support/action-answer";
import { DEFAULT_LANDING_CONTENT, type LandingContent } from "~/lib/landing-content";

/**
 * Concurrent saves are never silently lost (decision 0055): a case study or the landing page's
 * draft saved from a form opened on an older version is refused with 409, nothing written and the
 * typed values sent back; a save from the current version goes through and raises the version.
 */
let handle: DbHandle;

vi.mock("~/server/db/client.server", async (original) => ({
  ...(await original<typeof DbClient>()),
  db: () => Promise.resolve(handle.db),
}));

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const { saveCaseStudy, CONFLICT_MESSAGE } = await import("~/server/case-studies/case-study-save.server");
const { restoreCaseStudyRevision } = await import("~/server/case-studies/case-study-history.server");
const { landingEditorState, publishLanding, saveLandingDraft, StaleLandingError } = await import("~/server/site/landing-content.server");
const { landingConflictReply, LANDING_CONFLICT_MESSAGE } = await import("~/server/site/landing-conflict.server");

const fields = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  title: "Invoices without typing",
  slug: "invoices-without-typing",
  client: "A 40-person wholesaler",
  industry: "Wholesale",
  summary: "Invoices read and booked on arrival.",
  problem: "Two clerks typed every invoice.",
  solution: "A workflow that reads them.",
  tools: "Make",
  hoursBefore: "30",
  hoursAfter: "4",
  timeZone: "UTC",
  ...overrides,
});

const editorA = { name: "Ada", email: "ada@studio.test" };
const editorB = { name: "Bo", email: "bo@studio.test" };
const stored = async (id: string) => (await handle.db.select().from(caseStudies).where(eq(caseStudies.id, id)))[0]!;
const revisionCount = async (id: string) => (await handle.db.select().from(caseStudyRevisions).where(eq(caseStudyRevisions.caseStudyId, id))).length;

let id: string;
beforeAll(async () => {
  handle = await freshTestDatabase();
  await saveCaseStudy(handle.db, null, form(fields()), editorA);
  id = (await handle.db.select({ id: caseStudies.id }).from(caseStudies).where(eq(caseStudies.slug, "invoices-without-typing")))[0]!.id;
});

afterAll(async () => {
  await handle.close();
});

describe("a case study saved from an older version", () => {
  it("starts at version 1; a save from the version it was opened on goes through and raises it", async () => {
    expect((await stored(id)).version).toBe(1);
    const result = await saveCaseStudy(handle.db, id, form(fields({ version: "1", title: "Bo's title" })), editorB);
    expect(result).toBeInstanceOf(Response);
    expect((await stored(id)).version).toBe(2);
    expect((await stored(id)).title).toBe("Bo's title");
  });

  it("is refused with 409: nothing written, the typed values back, the version saved now and who saved it", async () => {
    const before = await stored(id);
    const revisions = await revisionCount(id);
    const audits = (await handle.db.select().from(auditLog).where(eq(auditLog.targetId, id))).length;
    const result = await saveCaseStudy(handle.db, id, form(fields({ version: "1", title: "Ada's title", summary: "Ada typed this." })), editorA);
    const { status, body } = answer(result);
    expect(status).toBe(409);
    expect(body.toast.description).toBe(CONFLICT_MESSAGE);
    const reply = body as unknown as { values: Record<string, string>; conflict: { version: number; authorName: string; savedAt: string } };
    expect(reply.values).toMatchObject({ title: "Ada's title", summary: "Ada typed this." });
    expect(reply.conflict).toMatchObject({ version: 2, authorName: "Bo" });
    expect(new Date(reply.conflict.savedAt).getTime()).not.toBeNaN();
    const after = await stored(id);
    expect(after).toEqual(before);
    expect(await revisionCount(id)).toBe(revisions);
    expect((await handle.db.select().from(auditLog).where(eq(auditLog.targetId, id))).length).toBe(audits);
  });

  it("saved again with the version the refusal named, replaces it (the editor's deliberate 'save mine over it')", async () => {
    const result = await saveCaseStudy(handle.db, id, form(fields({ version: "2", title: "Ada's title" })), editorA);
    expect(result).toBeInstanceOf(Response);
    expect(await stored(id)).toMatchObject({ title: "Ada's title", version: 3 });
  });

  it("a restore from the history raises the version too: a form opened before it is refused", async () => {
    const [oldest] = await handle.db.select({ id: caseStudyRevisions.id }).from(caseStudyRevisions).where(eq(caseStudyRevisions.caseStudyId, id)).limit(1);
    await restoreCaseStudyRevision(handle.db, id, oldest!.id, editorB);
    expect((await stored(id)).version).toBe(4);
    expect(answer(await saveCaseStudy(handle.db, id, form(fields({ version: "3" })), editorA)).status).toBe(409);
  });
});

const withHeadline = (headline: string): LandingContent => ({ ...DEFAULT_LANDING_CONTENT, hero: { ...DEFAULT_LANDING_CONTENT.hero, headline } });
const ada = { id: "ada", name: "Ada", email: "ada@studio.test" };
const bo = { id: "bo", name: "Bo", email: "bo@studio.test" };
const landingRow = async () => (await handle.db.select().from(siteContent).where(eq(siteContent.page, "landing")))[0];

describe("the landing page's draft saved from an older version", () => {
  it("never saved, the form opened on version 0: its save goes through and the row is version 1", async () => {
    expect((await landingEditorState(handle.db)).version).toBe(0);
    await saveLandingDraft(handle.db, withHeadline("Bo's headline"), bo, 0);
    expect((await landingEditorState(handle.db)).version).toBe(1);
  });

  it("a draft save or a publish from version 0 is then refused, and nothing changes (no audit entry either)", async () => {
    const before = await landingRow();
    const audits = async () =>
      (
        await handle.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.targetType, "site")))
      ).length;
    const auditsBefore = await audits();
    await expect(saveLandingDraft(handle.db, withHeadline("Ada's headline"), ada, 0)).rejects.toBeInstanceOf(StaleLandingError);
    await expect(publishLanding(handle.db, withHeadline("Ada's headline"), ada, undefined, 0)).rejects.toBeInstanceOf(StaleLandingError);
    expect(await landingRow()).toEqual(before);
    expect((await landingEditorState(handle.db)).revisions).toEqual([]);
    expect(await audits()).toBe(auditsBefore);
  });

  it("the refusal (409) keeps the typed values and names the version saved now, who saved it and which button was pressed", async () => {
    const { status, body } = answer(await landingConflictReply("publish", { heroHeadline: "Ada's headline" }));
    expect(status).toBe(409);
    expect(body.toast.description).toBe(LANDING_CONFLICT_MESSAGE);
    expect(body).toMatchObject({ values: { heroHeadline: "Ada's headline" }, conflict: { version: 1, authorName: "bo@studio.test" }, intent: "publish" });
  });

  it("a publish from the current version goes through and raises it", async () => {
    await publishLanding(handle.db, withHeadline("Ada's headline"), ada, undefined, 1);
    const state = await landingEditorState(handle.db);
    expect(state.version).toBe(2);
    expect(state.published.hero.headline).toBe("Ada's headline");
  });
});

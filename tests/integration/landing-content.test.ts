import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { freshTestDatabase } from "../support/test-db";
import { auditLog } from "~/server/db/schema.server";
import { cacheGeneration } from "~/server/cache/data-cache.server";
import {
  discardLandingDraft,
  landingDraft,
  landingEditorState,
  landingRevision,
  publishLanding,
  saveLandingDraft,
  SHIPPED,
} from "~/server/site/landing-content.server";
import { DEFAULT_LANDING_CONTENT, type LandingContent } from "~/lib/landing-content";
import type { DbHandle } from "~/server/db/client.server";

let handle: DbHandle;
const editor = { id: "editor-1", name: "Ed Itor", email: "editor@studio.test" };
const withHeadline = (headline: string): LandingContent => ({ ...DEFAULT_LANDING_CONTENT, hero: { ...DEFAULT_LANDING_CONTENT.hero, headline } });

beforeAll(async () => {
  handle = await freshTestDatabase();
});

afterAll(async () => {
  await handle.close();
});

const actions = async () =>
  (
    await handle.db
      .select({ action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(eq(auditLog.targetType, "site"))
      .orderBy(asc(auditLog.at))
  ).map((r) => r.action);

describe("the landing content's draft, publishes and history", () => {
  it("starts as the shipped texts, with no history", async () => {
    const state = await landingEditorState(handle.db);
    expect(state.draft).toEqual(DEFAULT_LANDING_CONTENT);
    expect(state.published).toEqual(DEFAULT_LANDING_CONTENT);
    expect(state.unpublished).toBe(false);
    expect(state.revisions).toEqual([]);
  });

  it("keeps a saved draft apart from the published content, and empties no public cache", async () => {
    const generation = cacheGeneration();
    expect(await saveLandingDraft(handle.db, withHeadline("Draft words"), editor)).toEqual(["Hero"]);
    const state = await landingEditorState(handle.db);
    expect(state.draft.hero.headline).toBe("Draft words");
    expect(state.published).toEqual(DEFAULT_LANDING_CONTENT);
    expect(state.unpublished).toBe(true);
    expect(await landingDraft(handle.db)).toEqual(state.draft);
    expect(cacheGeneration()).toBe(generation);
    expect(await actions()).toEqual(["site.draft-save"]);
  });

  it("publishes: the shipped texts become the first version, the caches are emptied, the audit log says so", async () => {
    const generation = cacheGeneration();
    expect(await publishLanding(handle.db, withHeadline("Published words"), editor)).toEqual(["Hero"]);
    expect(cacheGeneration()).toBeGreaterThan(generation);
    const state = await landingEditorState(handle.db);
    expect(state.published.hero.headline).toBe("Published words");
    expect(state.unpublished).toBe(false);
    expect(state.revisions.map((r) => [r.kind, r.authorName])).toEqual([
      ["publish", "Ed Itor"],
      ["publish", SHIPPED],
    ]);
    expect((await landingRevision(handle.db, state.revisions[1]!.id))?.content).toEqual(DEFAULT_LANDING_CONTENT);
    expect(await actions()).toEqual(["site.draft-save", "site.publish"]);
  });

  it("restores an earlier version as a new publish, and discards a draft back to what is published", async () => {
    const [, shipped] = (await landingEditorState(handle.db)).revisions;
    const revision = await landingRevision(handle.db, shipped!.id);
    await publishLanding(handle.db, revision!.content, editor, { id: revision!.id, createdAt: revision!.createdAt });
    let state = await landingEditorState(handle.db);
    expect(state.published).toEqual(DEFAULT_LANDING_CONTENT);
    expect(state.revisions.map((r) => r.kind)).toEqual(["restore", "publish", "publish"]);

    await saveLandingDraft(handle.db, withHeadline("Second thoughts"), editor);
    await discardLandingDraft(handle.db, editor);
    state = await landingEditorState(handle.db);
    expect(state.draft).toEqual(DEFAULT_LANDING_CONTENT);
    expect(state.unpublished).toBe(false);
    expect(await actions()).toEqual(["site.draft-save", "site.publish", "site.restore", "site.draft-save", "site.draft-discard"]);
  });
});

import { and, desc, eq, sql } from "drizzle-orm";
import type { PgInsertValue, PgUpdateSetSource } from "drizzle-orm/pg-core";
import { recordAudit } from "~/server/admin/audit.server";
import { cached, invalidatePublicCache } from "~/server/cache/data-cache.server";
import { db as appDb, type Db, type Queryable } from "~/server/db/client.server";
import { auditLog, siteContent, siteContentRevisions } from "~/server/db/schema.server";
import { errorText } from "~/server/http/errors.server";
import { log } from "~/server/core/log.server";
import type { VersionConflict } from "~/lib/save-conflict";
import { DEFAULT_LANDING_CONTENT, LANDING_SECTION_NAMES, readLandingContent, SECTION_LABELS, type LandingContent } from "~/lib/landing-content";

/**
 * The landing page's content (docs/decisions/0050): one row of `site_content` holding the draft
 * and the published document, and a revision for every publish. The public page reads the
 * published document through the data cache; every publish empties the public caches on every
 * process (`invalidatePublicCache`).
 */

const PAGE = "landing";

/** The author of the history's first version: the texts the site shipped with. */
export const SHIPPED = "the shipped texts";

/** Who publishes: the signed-in admin. */
export type Publisher = { id: string; name: string; email: string };

/** The published content for the home page, cached until the next admin write; the default when it cannot be read. */
export async function publishedLanding(): Promise<LandingContent> {
  try {
    return await cached("landing:content", async () => {
      const [row] = await (await appDb()).select({ published: siteContent.published }).from(siteContent).where(eq(siteContent.page, PAGE));
      return row ? readLandingContent(row.published) : DEFAULT_LANDING_CONTENT;
    });
  } catch (error) {
    log.error("could not load the landing content", { error: errorText(error) });
    return DEFAULT_LANDING_CONTENT;
  }
}

export type RevisionSummary = { id: string; kind: "publish" | "restore"; authorName: string; createdAt: Date };

export type LandingEditorState = {
  draft: LandingContent;
  published: LandingContent;
  /** Whether the draft differs from what the public page shows. */
  unpublished: boolean;
  draftUpdatedAt: Date | null;
  publishedAt: Date | null;
  /** The row's version (0: never saved), sent back by the editor's form (decision 0055). */
  version: number;
  revisions: RevisionSummary[];
};

/** What /admin/site shows: the draft, the published content, and the publishes newest first. */
export async function landingEditorState(database: Queryable): Promise<LandingEditorState> {
  const [[row], revisions] = await Promise.all([
    database.select().from(siteContent).where(eq(siteContent.page, PAGE)),
    database
      .select({
        id: siteContentRevisions.id,
        kind: siteContentRevisions.kind,
        authorName: siteContentRevisions.authorName,
        createdAt: siteContentRevisions.createdAt,
      })
      .from(siteContentRevisions)
      .where(eq(siteContentRevisions.page, PAGE))
      .orderBy(desc(siteContentRevisions.createdAt))
      .limit(50),
  ]);
  const draft = row ? readLandingContent(row.draft) : DEFAULT_LANDING_CONTENT;
  const published = row ? readLandingContent(row.published) : DEFAULT_LANDING_CONTENT;
  return {
    draft,
    published,
    unpublished: JSON.stringify(draft) !== JSON.stringify(published),
    draftUpdatedAt: row?.draftUpdatedAt ?? null,
    publishedAt: row?.publishedAt ?? null,
    version: row?.version ?? 0,
    revisions,
  };
}

/** The draft for the preview address (the default when nothing was saved). */
export async function landingDraft(database: Queryable): Promise<LandingContent> {
  const [row] = await database.select({ draft: siteContent.draft }).from(siteContent).where(eq(siteContent.page, PAGE));
  return row ? readLandingContent(row.draft) : DEFAULT_LANDING_CONTENT;
}

/** One revision's content; null when there is none. */
export async function landingRevision(database: Queryable, id: string) {
  const [row] = await database
    .select()
    .from(siteContentRevisions)
    .where(and(eq(siteContentRevisions.id, id), eq(siteContentRevisions.page, PAGE)));
  return row ? { ...row, content: readLandingContent(row.content) } : null;
}

/** The sections whose content differs, by their labels ("Hero, FAQ"). */
export function changedSections(before: LandingContent, after: LandingContent): string[] {
  return LANDING_SECTION_NAMES.filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name])).map((name) => SECTION_LABELS[name]);
}

/**
 * A save from a form opened on another version than the stored one (decision 0055): nothing was
 * written. `expectedVersion` 0 means the form was opened before the row existed.
 */
export class StaleLandingError extends Error {
  constructor() {
    super("The landing page was saved by someone else since the form was opened.");
  }
}

/**
 * Inserts the row or updates it, raising its version; with `expectedVersion`, only when the stored
 * version is that one, else it throws `StaleLandingError` (the caller's transaction then writes nothing).
 */
async function writeLandingRow(
  tx: Queryable,
  insert: Omit<PgInsertValue<typeof siteContent>, "page">,
  set: PgUpdateSetSource<typeof siteContent>,
  expectedVersion: number | undefined,
) {
  const written = await tx
    .insert(siteContent)
    .values({ page: PAGE, ...insert })
    .onConflictDoUpdate({
      target: siteContent.page,
      set: { ...set, version: sql`${siteContent.version} + 1` },
      setWhere: expectedVersion === undefined ? undefined : eq(siteContent.version, expectedVersion),
    })
    .returning({ version: siteContent.version });
  if (written.length === 0) throw new StaleLandingError();
}

/** What a refused save tells the editor (decision 0055): the version stored now, and who wrote it last and when (the audit log). */
export async function landingConflict(database: Queryable): Promise<VersionConflict> {
  const [[row], [last]] = await Promise.all([
    database.select({ version: siteContent.version }).from(siteContent).where(eq(siteContent.page, PAGE)),
    database
      .select({ email: auditLog.actorEmail, at: auditLog.at })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "site"), eq(auditLog.targetId, PAGE)))
      .orderBy(desc(auditLog.at))
      .limit(1),
  ]);
  return { version: row?.version ?? 0, authorName: last?.email ?? null, savedAt: last?.at.toISOString() ?? null };
}

/**
 * Saves the draft; the public page does not change. Answers the sections that differ from the
 * published content. Throws `StaleLandingError` when the row's version is not `expectedVersion`.
 */
export async function saveLandingDraft(database: Db, draft: LandingContent, by: Publisher, expectedVersion?: number): Promise<string[]> {
  return database.transaction(async (tx) => {
    const [row] = await tx.select({ published: siteContent.published }).from(siteContent).where(eq(siteContent.page, PAGE));
    const published = row ? readLandingContent(row.published) : DEFAULT_LANDING_CONTENT;
    await writeLandingRow(tx, { draft, published }, { draft, draftUpdatedAt: sql`now()` }, expectedVersion);
    const changed = changedSections(published, draft);
    await recordAudit(
      tx,
      {
        actor: { id: by.id, email: by.email },
        action: "site.draft-save",
        target: { type: "site", id: PAGE, label: "Landing page" },
        summary: changed.length
          ? `Saved a draft of the landing page (not published: ${changed.join(", ")})`
          : "Saved a draft of the landing page (same as published)",
      },
      { inTransaction: true },
    );
    return changed;
  });
}

/**
 * Publishes `content` (the submitted draft, or an earlier revision's content for a restore): the
 * draft and the published document both become it, a revision and an audit entry are written in
 * the same transaction, then every process's public caches are emptied. Throws
 * `StaleLandingError` (nothing written) when the row's version is not `expectedVersion`.
 */
export async function publishLanding(
  database: Db,
  content: LandingContent,
  by: Publisher,
  restoredFrom?: { id: string; createdAt: Date },
  expectedVersion?: number,
): Promise<string[]> {
  const changed = await database.transaction(async (tx) => {
    const [row] = await tx.select({ published: siteContent.published }).from(siteContent).where(eq(siteContent.page, PAGE));
    const before = row ? readLandingContent(row.published) : DEFAULT_LANDING_CONTENT;
    await writeLandingRow(
      tx,
      { draft: content, published: content, publishedAt: sql`now()` },
      { draft: content, published: content, draftUpdatedAt: sql`now()`, publishedAt: sql`now()` },
      expectedVersion,
    );
    // The first publish keeps what was public before (the shipped texts) as the history's first version, so they can be restored too.
    const [earlier] = await tx.select({ id: siteContentRevisions.id }).from(siteContentRevisions).where(eq(siteContentRevisions.page, PAGE)).limit(1);
    if (!earlier) {
      await tx
        .insert(siteContentRevisions)
        .values({ page: PAGE, content: before, kind: "publish", authorName: SHIPPED, authorEmail: "", createdAt: sql`now() - interval '1 millisecond'` });
    }
    await tx
      .insert(siteContentRevisions)
      .values({ page: PAGE, content, kind: restoredFrom ? "restore" : "publish", authorName: by.name, authorEmail: by.email });
    const sections = changedSections(before, content);
    const when = restoredFrom ? restoredFrom.createdAt.toISOString().slice(0, 16).replace("T", " ") : "";
    await recordAudit(
      tx,
      {
        actor: { id: by.id, email: by.email },
        action: restoredFrom ? "site.restore" : "site.publish",
        target: { type: "site", id: PAGE, label: "Landing page" },
        summary: restoredFrom
          ? `Restored the landing page published on ${when} UTC${sections.length ? ` (${sections.join(", ")})` : ""}`
          : `Published the landing page${sections.length ? ` (${sections.join(", ")})` : " (no changes)"}`,
        before: Object.fromEntries(LANDING_SECTION_NAMES.filter((n) => sections.includes(SECTION_LABELS[n])).map((n) => [n, JSON.stringify(before[n])])),
        after: Object.fromEntries(LANDING_SECTION_NAMES.filter((n) => sections.includes(SECTION_LABELS[n])).map((n) => [n, JSON.stringify(content[n])])),
      },
      { inTransaction: true },
    );
    return sections;
  });
  invalidatePublicCache();
  return changed;
}

/**
 * 'Discard draft': the draft becomes the published content again (the public page does not change).
 * Throws `StaleLandingError` (nothing written) when the row's version is not `expectedVersion`: the
 * editor would throw away a draft they have not seen.
 */
export async function discardLandingDraft(database: Db, by: Publisher, expectedVersion?: number): Promise<void> {
  await database.transaction(async (tx) => {
    const [row] = await tx.select({ published: siteContent.published }).from(siteContent).where(eq(siteContent.page, PAGE));
    if (!row) {
      if (expectedVersion !== undefined && expectedVersion !== 0) throw new StaleLandingError();
      return;
    }
    const written = await tx
      .update(siteContent)
      .set({ draft: row.published, draftUpdatedAt: sql`now()`, version: sql`${siteContent.version} + 1` })
      .where(and(eq(siteContent.page, PAGE), expectedVersion === undefined ? undefined : eq(siteContent.version, expectedVersion)))
      .returning({ version: siteContent.version });
    if (written.length === 0) throw new StaleLandingError();
    await recordAudit(
      tx,
      {
        actor: { id: by.id, email: by.email },
        action: "site.draft-discard",
        target: { type: "site", id: PAGE, label: "Landing page" },
        summary: "Discarded the landing page's draft (back to the published texts)",
      },
      { inTransaction: true },
    );
  });
}

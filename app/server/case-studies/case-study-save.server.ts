import { z } from "zod";
import { invalidatePublicCache } from "~/server/cache/data-cache.server";
import { changedFields, recordAudit } from "~/server/admin/audit.server";
import { data } from "react-router";
import type { Db, Queryable } from "~/server/db/client.server";
import { errorText, notFound } from "~/server/http/errors.server";
import { failureReply, parseSubmission, redirectWithToast } from "~/server/admin/form.server";
import { log } from "~/server/core/log.server";
import { recordSlugChange } from "~/server/site/redirects.server";
import { uploadedImageBases } from "~/server/storage/storage.server";
import { adminGetCaseStudy, isCaseStudySlugTaken, type AdminCaseStudy } from "./case-study-queries.server";
import { createCaseStudy, updateCaseStudy, type CaseStudyRecord } from "./case-study-writes.server";
import { latestCaseStudyRevision, recordCaseStudyRevision, SYSTEM_EDITOR, type Editor } from "./case-study-history.server";
import { isStale, openedVersion } from "~/server/posts/post-save.server";
import { refreshCaseStudyPublicationSchedule } from "./case-study-scheduler.server";
import { caseStudySchema } from "~/lib/case-study";
import { postStatus } from "~/lib/post-status";
import { sameSecond } from "~/lib/publication-date";
import { slugFromTitle } from "~/lib/text";
import type { FormValues, ToastLink } from "~/lib/form-result";
import type { VersionConflict } from "~/lib/save-conflict";

const ERROR_TITLE = "Error saving case study";
const SAVE_FAILED = "The case study could not be saved. Please try again.";
export const CASE_STUDIES_ADMIN = "/admin/case-studies";
export const caseStudyPath = (slug: string) => `/case-studies/${slug}`;

/** Made on first use: the image store's address comes from the settings. */
const form = z.lazy(() => caseStudySchema(uploadedImageBases()));

/**
 * Saves the case-study form (id null: a new one) on the admin form pipeline (decision 0044): bad
 * input answers 400 with a message under each field, a taken slug 409, a database failure 503,
 * each with every typed value so nothing is lost. A save writes the record, its revision (who
 * saved it) and its audit entry in one transaction, leaves a redirect from a public case study's
 * old address, empties the public caches and returns to the list.
 */
export async function saveCaseStudy(database: Db, id: string | null, formData: FormData, editor: Editor = SYSTEM_EDITOR) {
  const submission = parseSubmission(formData, form, { errorTitle: ERROR_TITLE });
  if (!submission.ok) return submission.reply;
  const { value: input, values } = submission;
  let existing: AdminCaseStudy | null = null;
  let slugTaken = false;
  try {
    [existing, slugTaken] = await Promise.all([id ? adminGetCaseStudy(database, id) : null, isCaseStudySlugTaken(database, input.slug, id ?? undefined)]);
  } catch (error) {
    log.error("case study save checks failed", { error: errorText(error) });
    return failureReply(503, ERROR_TITLE, SAVE_FAILED, { values });
  }
  if (id && !existing) notFound("Case study");
  // Optimistic concurrency, as the post editor's (decision 0055): the version the form was opened on.
  const expectedVersion = openedVersion(formData);
  if (existing && isStale(existing.version, expectedVersion)) return conflictReply(database, existing.id, values);
  if (slugTaken) {
    const suggestion = `${(slugFromTitle(input.title) || input.slug).slice(0, 100)}-${Date.now().toString(36).slice(-4)}`;
    const message = `The slug "${input.slug}" is already used by another case study (perhaps one in the trash). Try "${suggestion}".`;
    return failureReply(409, ERROR_TITLE, message, { errors: { slug: message }, values, suggestion });
  }
  const { publishedAt: typedDate, ...fields } = input;
  const record: CaseStudyRecord = { ...fields, publishedAt: publicationTime(input.published, typedDate, existing?.publishedAt ?? null) };
  let saved: { id: string; slug: string; title: string } | null;
  try {
    saved = await database.transaction(async (tx) => {
      const row = id ? await updateCaseStudy(tx, id, record, expectedVersion) : await createCaseStudy(tx, record);
      if (!row) return null;
      await recordCaseStudyRevision(tx, row.id, record, editor);
      await recordAudit(tx, saveEntry(existing, { ...record, id: row.id }), { inTransaction: true });
      return row;
    });
  } catch (error) {
    const text = errorText(error);
    if (/case_studies_slug_key|duplicate key/.test(text)) {
      const message = `The slug "${input.slug}" is already used by another case study.`;
      return failureReply(409, ERROR_TITLE, message, { errors: { slug: message }, values });
    }
    log.error("case study save failed", { error: text });
    return failureReply(503, ERROR_TITLE, SAVE_FAILED, { values });
  }
  if (!saved) {
    // Saved by someone else between the check above and this write, or moved to the trash meanwhile.
    if (id && expectedVersion !== undefined && (await adminGetCaseStudy(database, id).catch(() => null))) return conflictReply(database, id, values);
    notFound("Case study");
  }
  await recordSlugChange(database, existing, record, new Date(), caseStudyPath);
  invalidatePublicCache();
  refreshCaseStudyPublicationSchedule();
  return redirectWithToast(CASE_STUDIES_ADMIN, id ? "Case study updated" : "Case study created", "The case study was saved.", savedLink(record, saved.id));
}

export const CONFLICT_MESSAGE =
  "This case study was changed by someone else since you opened it. Your changes are kept below: load the saved version, or save yours over it.";

/**
 * 409: the case study changed since the form was opened. Nothing is written; the typed values go
 * back with the version saved now. Other refused actions of the form (its preview link's buttons)
 * give their own title and message, and no values.
 */
export async function conflictReply(database: Queryable, id: string, values: FormValues, title = ERROR_TITLE, message = CONFLICT_MESSAGE) {
  const failure = failureReply(409, title, message, { values });
  const [study, revision] = await Promise.all([adminGetCaseStudy(database, id), latestCaseStudyRevision(database, id)]).catch(() => [null, null] as const);
  if (!study) return failure;
  const conflict: VersionConflict = { version: study.version, authorName: revision?.authorName ?? null, savedAt: revision?.createdAt.toISOString() ?? null };
  return data({ ...failure.data, conflict }, { status: 409 });
}

/**
 * The publication time to store: the typed one (the stored instant when it is the same second,
 * so a re-save never re-dates it); none typed, the stored one, else now for a published one.
 */
function publicationTime(published: boolean, typed: Date | null, stored: Date | null) {
  if (typed) return stored && sameSecond(typed, stored) ? stored : typed;
  return stored ?? (published ? new Date() : null);
}

function savedLink(saved: CaseStudyRecord, id: string): ToastLink {
  if (postStatus(saved) === "published") return { label: "View case study", href: caseStudyPath(saved.slug) };
  return { label: "Edit case study", href: `${CASE_STUDIES_ADMIN}/edit/${id}` };
}

const AUDITED = [
  "title",
  "slug",
  "client",
  "industry",
  "summary",
  "problem",
  "solution",
  "tools",
  "hoursBefore",
  "hoursAfter",
  "errorRateBefore",
  "errorRateAfter",
  "costBefore",
  "costAfter",
  "quote",
  "quoteAuthor",
  "quoteRole",
  "imageUrl",
  "coverAlt",
  "published",
  "featured",
  "publishedAt",
] as const;

/** The audit entry of a save: created, published, scheduled, unpublished or updated (with the changed fields). */
export function saveEntry(before: AdminCaseStudy | null, after: CaseStudyRecord & { id: string }, now = new Date()) {
  const target = { type: "case-study", id: after.id, label: after.title };
  const changes = changedFields(before, after, AUDITED);
  const state = postStatus(after, now);
  if (!before) {
    return { action: "case-study.create" as const, target, summary: `Created case study "${after.title}" (${state})`, after: changes?.after };
  }
  const was = postStatus(before, now);
  const action =
    state === was || (state === "published" && was === "scheduled")
      ? ("case-study.update" as const)
      : state === "published"
        ? ("case-study.publish" as const)
        : state === "scheduled"
          ? ("case-study.schedule" as const)
          : ("case-study.unpublish" as const);
  const fields = changes ? Object.keys(changes.after).join(", ") : "nothing";
  const slug = before.slug !== after.slug ? `; slug "${before.slug}" → "${after.slug}"` : "";
  return { action, target, summary: `Saved case study "${after.title}" (${state}; changed: ${fields}${slug})`, before: changes?.before, after: changes?.after };
}

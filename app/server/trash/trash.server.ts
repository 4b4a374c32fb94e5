import { purgeAuditLog, recordAudit, SYSTEM_ACTOR } from "~/server/admin/audit.server";
import { invalidatePublicCache } from "~/server/cache/data-cache.server";
import { refreshPublicationSchedule } from "~/server/posts/scheduler.server";
import { refreshCaseStudyPublicationSchedule } from "~/server/case-studies/case-study-scheduler.server";
import { db, type Queryable } from "~/server/db/client.server";
import { errorText } from "~/server/http/errors.server";
import { failureReply, parseSubmission, readAdminForm, successReply } from "~/server/admin/form.server";
import type { Task } from "~/server/jobs/jobs.server";
import { log } from "~/server/core/log.server";
import { deleteFromTrash, deleteTrashedBefore, isImageInUse, moveToTrash, restoreFromTrash } from "./trash-queries.server";
import { BUCKET, storage, type Storage } from "~/server/storage/storage.server";
import { deleteSchema } from "~/lib/admin-validation";
import { firstError, makeToast, type FormSuccess } from "~/lib/form-result";
import { IMAGE_VARIANT_WIDTHS } from "~/lib/images";
import { countOf, restoreSchema, TRASH_DAYS, TRASH_NAMES, trashEntrySchema, type TrashKind } from "~/lib/trash";

/**
 * Deleting moves a post, case study, team member or testimonial to the trash (with 'Undo' in the toast);
 * /admin/trash restores it or deletes it for good; an hourly job purges what stayed 30 days. Every
 * answer goes through the admin form pipeline: 400 bad input, 404 gone, 503 database failure.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Each kind's list screen (where 'Undo' posts back to) and the toast after a delete. */
const LISTS = {
  post: { path: "/admin/blog", deletedTitle: "Post deleted" },
  "case-study": { path: "/admin/case-studies", deletedTitle: "Case study deleted" },
  "team-member": { path: "/admin/team", deletedTitle: "Team member deleted" },
  testimonial: { path: "/admin/testimonials", deletedTitle: "Testimonial deleted" },
} as const satisfies Record<TrashKind, { path: string; deletedTitle: string }>;

const MOVED = `moved to the trash for ${TRASH_DAYS} days.`;

/** A success toast with an 'Undo' that takes these records back out of the trash. */
function withUndo(kind: TrashKind, ids: string[], title: string, description: string): FormSuccess {
  const toast = { ...makeToast(title, description), undo: { path: LISTS[kind].path, fields: { intent: "restore", ids } } };
  return { ok: true, toast };
}

/** A list's delete button (intent=delete, id): moves the record to the trash. */
export async function trashRecord(database: Queryable, kind: TrashKind, form: FormData) {
  const { one } = TRASH_NAMES[kind];
  const errorTitle = `Error deleting ${one}`;
  const submission = parseSubmission(form, deleteSchema, { errorTitle, describe: firstError });
  if (!submission.ok) return submission.reply;
  const { id } = submission.value;
  let moved: string[];
  try {
    moved = await moveToTrash(database, kind, [id]);
  } catch (error) {
    log.error(`deleting ${one} failed`, { error: errorText(error) });
    return failureReply(503, errorTitle, `The ${one} could not be deleted. Please try again.`);
  }
  if (moved.length === 0) return failureReply(404, errorTitle, `The ${one} no longer exists.`);
  await recordAudit(database, { action: "trash.move", target: { type: kind, id, label: moved[0] }, summary: `Moved ${one} "${moved[0]}" to the trash` });
  invalidatePublicCache();
  refreshPublicationSchedule();
  return withUndo(kind, [id], LISTS[kind].deletedTitle, `"${moved[0]}" ${MOVED}`);
}

/** Several rows of a list moved to the trash at once (the post list's 'Move to trash'). */
export async function trashRecords(database: Queryable, kind: TrashKind, ids: string[], errorTitle: string) {
  const { many } = TRASH_NAMES[kind];
  let moved: string[];
  try {
    moved = await moveToTrash(database, kind, ids);
  } catch (error) {
    log.error(`moving ${many} to the trash failed`, { error: errorText(error) });
    return failureReply(503, errorTitle, `The ${many} could not be moved to the trash. Please try again.`);
  }
  if (moved.length === 0) return failureReply(404, errorTitle, `The selected ${many} no longer exist.`);
  await recordAudit(database, {
    action: "trash.move",
    target: { type: kind, id: ids.length === 1 ? ids[0] : null, label: moved.length === 1 ? moved[0] : countOf(kind, moved.length) },
    summary: `Moved ${countOf(kind, moved.length)} to the trash: ${moved.map((n) => `"${n}"`).join(", ")}`,
    after: { ids },
  });
  invalidatePublicCache();
  refreshPublicationSchedule();
  return withUndo(kind, ids, `${countOf(kind, moved.length)} moved to the trash`, `They stay there for ${TRASH_DAYS} days.`);
}

/** A list's 'Undo' (intent=restore, ids): takes what was just deleted back out of the trash. */
export async function restoreRecords(database: Queryable, kind: TrashKind, form: FormData) {
  const { one, title } = TRASH_NAMES[kind];
  const errorTitle = `Error restoring ${one}`;
  const submission = parseSubmission(form, restoreSchema, { errorTitle, multi: ["ids"], describe: firstError });
  if (!submission.ok) return submission.reply;
  let names: string[];
  try {
    names = await restoreFromTrash(database, kind, submission.value.ids);
  } catch (error) {
    log.error(`restoring ${one} failed`, { error: errorText(error) });
    return failureReply(503, errorTitle, `The ${one} could not be restored. Please try again.`);
  }
  if (names.length === 0) return failureReply(404, errorTitle, `The ${one} is no longer in the trash.`);
  const ids = submission.value.ids;
  await recordAudit(database, {
    action: "trash.restore",
    target: { type: kind, id: ids.length === 1 ? ids[0] : null, label: names.length === 1 ? names[0] : countOf(kind, names.length) },
    summary: `Restored ${names.length === 1 ? `${one} "${names[0]}"` : `${countOf(kind, names.length)}: ${names.map((n) => `"${n}"`).join(", ")}`} from the trash`,
  });
  invalidatePublicCache();
  refreshPublicationSchedule();
  if (kind === "case-study") refreshCaseStudyPublicationSchedule();
  return names.length === 1
    ? successReply(`${title} restored`, `"${names[0]}" is back.`)
    : successReply(`${countOf(kind, names.length)} restored`, "They are back.");
}

/** The action of a list that deletes to the trash: 'Undo' (restore), else the delete button. */
export async function trashListAction(request: Request, kind: TrashKind) {
  const { form } = await readAdminForm(request, `Error deleting ${TRASH_NAMES[kind].one}`);
  const database = await db();
  return form.get("intent") === "restore" ? restoreRecords(database, kind, form) : trashRecord(database, kind, form);
}

/** /admin/trash: 'Restore' or 'Delete forever' (the record and its uploaded images). */
export async function trashEntry(database: Queryable, form: FormData, store: Storage = storage()) {
  const submission = parseSubmission(form, trashEntrySchema, { errorTitle: "Error updating trash", describe: firstError });
  if (!submission.ok) return submission.reply;
  const { intent, kind, id } = submission.value;
  if (intent === "restore") return restoreRecords(database, kind, restoreForm(id));
  const { one, title } = TRASH_NAMES[kind];
  const errorTitle = `Error deleting ${one}`;
  let removed: { name: string; image: string | null } | null;
  try {
    removed = await deleteFromTrash(database, kind, id);
  } catch (error) {
    log.error(`deleting ${one} forever failed`, { error: errorText(error) });
    return failureReply(503, errorTitle, `The ${one} could not be deleted. Please try again.`);
  }
  if (!removed) return failureReply(404, errorTitle, `The ${one} is no longer in the trash.`);
  await recordAudit(database, {
    action: "trash.delete-forever",
    target: { type: kind, id, label: removed.name },
    summary: `Deleted ${one} "${removed.name}" forever`,
  });
  await removeUploadedImages(database, store, removed.image ? [removed.image] : []);
  return successReply(`${title} deleted forever`, `"${removed.name}" was removed for good.`);
}

function restoreForm(id: string) {
  const form = new FormData();
  form.set("intent", "restore");
  form.append("ids", id);
  return form;
}

/* ------------------------------------------------------------------ uploaded files */

/** The storage key of an image we stored (`…/blog-images/[team/|testimonials/]<uuid>.<ext>`), else null. */
export function storedImageKey(url: string): string | null {
  const match = new RegExp(
    `/${BUCKET}/((?:team/|testimonials/)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.(?:jpe?g|png|webp|avif|gif)$`,
  ).exec(url);
  return match ? match[0].slice(BUCKET.length + 2) : null;
}

/**
 * Deletes the stored files of these images (the original and its WebP variants) unless another
 * record still shows them. A file that cannot be deleted is logged, never fatal: the record is
 * already gone. Returns how many images were removed.
 */
export async function removeUploadedImages(database: Queryable, store: Storage, urls: string[]): Promise<number> {
  let removed = 0;
  for (const url of new Set(urls)) {
    const key = storedImageKey(url);
    if (!key) continue;
    try {
      if (await isImageInUse(database, url, key)) continue;
      const base = key.slice(0, key.lastIndexOf("."));
      await Promise.all([key, ...IMAGE_VARIANT_WIDTHS.map((w) => `${base}-${w}.webp`)].map((k) => store.delete(k)));
      removed += 1;
    } catch (error) {
      log.error("deleting an uploaded image failed", { key, error: errorText(error) });
    }
  }
  return removed;
}

/* ------------------------------------------------------------------ purge */

/**
 * Removes for good what was moved to the trash more than TRASH_DAYS before `now`, with the
 * uploaded images only those records showed. Returns what was removed.
 */
export async function purgeTrash(database: Queryable, now: Date, store: Storage = storage()) {
  const { counts, images } = await deleteTrashedBefore(database, new Date(now.getTime() - TRASH_DAYS * DAY_MS));
  const files = await removeUploadedImages(database, store, images);
  const total = counts.post + counts["case-study"] + counts["team-member"] + counts.testimonial;
  if (total > 0) {
    log.info("purged the trash", { ...counts, images: files });
    await recordAudit(database, {
      actor: SYSTEM_ACTOR,
      action: "trash.purge",
      target: { type: "trash" },
      summary: `Purged what stayed ${TRASH_DAYS} days in the trash: ${counts.post} posts, ${counts["case-study"]} case studies, ${counts["team-member"]} team members, ${counts.testimonial} testimonials, ${files} images`,
    });
  }
  return { ...counts, images: files };
}

/**
 * The hourly purge, a pg-boss schedule (jobs.server.ts): one process of the cluster runs it each
 * hour, and once at start-up when the hour passed while no process ran. The trash's 30 days, then
 * the audit log's year (both idempotent).
 */
export const TRASH_PURGE_TASK: Task = {
  name: "trash-purge",
  cron: "0 * * * *",
  run: async (_data, database) => {
    await purgeTrash(database, new Date());
    await purgeAuditLog(database, new Date());
  },
  queue: { retryLimit: 2, retryDelay: 60, expireInSeconds: 15 * 60 },
};

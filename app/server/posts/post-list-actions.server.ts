import { recordAudit } from "~/server/admin/audit.server";
import { invalidatePublicCache } from "~/server/cache/data-cache.server";
import { refreshPublicationSchedule } from "./scheduler.server";
import { db, type Queryable } from "~/server/db/client.server";
import { errorText } from "~/server/http/errors.server";
import { failureReply, parseSubmission, readAdminForm, successReply } from "~/server/admin/form.server";
import { log } from "~/server/core/log.server";
import { setPostsPublished } from "./post-bulk-queries.server";
import { restoreRecords, trashRecord, trashRecords } from "~/server/trash/trash.server";
import { firstError } from "~/lib/form-result";
import { bulkPostsSchema, countOf } from "~/lib/trash";

/** The actions of /admin/blog: a row's delete, 'Undo', and the bulk actions on the selected rows. */

const BULK_ERROR = "Error updating posts";

/** 'Publish', 'Unpublish' or 'Move to trash' on the selected posts (intent, ids). */
export async function bulkPosts(database: Queryable, form: FormData) {
  const submission = parseSubmission(form, bulkPostsSchema, { errorTitle: BULK_ERROR, multi: ["ids"], describe: firstError });
  if (!submission.ok) return submission.reply;
  const { intent, ids } = submission.value;
  if (intent === "trash") return trashRecords(database, "post", ids, BULK_ERROR);
  let changed: number;
  try {
    changed = await setPostsPublished(database, ids, intent === "publish");
  } catch (error) {
    log.error(`bulk ${intent} failed`, { error: errorText(error) });
    return failureReply(503, BULK_ERROR, "The posts could not be saved. Please try again.");
  }
  if (changed === 0) return failureReply(404, BULK_ERROR, "The selected posts no longer exist.");
  await recordAudit(database, {
    action: intent === "publish" ? "post.bulk-publish" : "post.bulk-unpublish",
    target: { type: "post", id: ids.length === 1 ? ids[0] : null, label: countOf("post", changed) },
    summary: `${intent === "publish" ? "Published" : "Unpublished"} ${countOf("post", changed)} (bulk action)`,
    after: { ids, published: intent === "publish" },
  });
  invalidatePublicCache();
  // A published or restored post may be dated ahead: the timer re-reads when the next one is due.
  refreshPublicationSchedule();
  return intent === "publish"
    ? successReply(`${countOf("post", changed)} published`, "The selected posts were published.")
    : successReply(`${countOf("post", changed)} unpublished`, "The selected posts are drafts now.");
}

export async function postListAction(request: Request) {
  const { form } = await readAdminForm(request, BULK_ERROR);
  const database = await db();
  const intent = form.get("intent");
  if (intent === "restore") return restoreRecords(database, "post", form);
  if (intent === "publish" || intent === "unpublish" || intent === "trash") return bulkPosts(database, form);
  return trashRecord(database, "post", form);
}

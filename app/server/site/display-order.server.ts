import { recordAudit } from "~/server/admin/audit.server";
import { invalidatePublicCache } from "~/server/cache/data-cache.server";
import { db, type Db } from "~/server/db/client.server";
import { errorText } from "~/server/http/errors.server";
import { failureReply, parseSubmission, readAdminForm, successReply } from "~/server/admin/form.server";
import { log } from "~/server/core/log.server";
import { saveDisplayOrder, type OrderedKind } from "./display-order-queries.server";
import { restoreRecords, trashRecord } from "~/server/trash/trash.server";
import { reorderSchema } from "~/lib/display-order";
import { firstError } from "~/lib/form-result";
import { TRASH_NAMES } from "~/lib/trash";

/**
 * /admin/team and /admin/testimonials: 'Move up', 'Move down' and drag post the whole list in its
 * new order (intent=reorder); the public pages follow at once (the public cache is cleared).
 * 400 bad input, 404 when none of the records exists any more, 503 when the database fails.
 */
export async function reorderRecords(database: Db, kind: OrderedKind, form: FormData) {
  const errorTitle = "Error saving order";
  const submission = parseSubmission(form, reorderSchema, { errorTitle, multi: ["ids"], describe: firstError });
  if (!submission.ok) return submission.reply;
  let saved: number | null;
  try {
    saved = await saveDisplayOrder(database, kind, submission.value.ids);
  } catch (error) {
    log.error(`reordering ${TRASH_NAMES[kind].many} failed`, { error: errorText(error) });
    return failureReply(503, errorTitle, "The new order could not be saved. Please try again.");
  }
  if (saved === null) return failureReply(404, errorTitle, `These ${TRASH_NAMES[kind].many} no longer exist.`);
  await recordAudit(database, {
    action: kind === "team-member" ? "team-member.reorder" : "testimonial.reorder",
    target: { type: kind },
    summary: `New order of ${submission.value.ids.length} ${TRASH_NAMES[kind].many}`,
    after: { ids: submission.value.ids },
  });
  invalidatePublicCache();
  return successReply("Order saved", kind === "team-member" ? "The Team page shows the new order." : "The landing page carousel shows the new order.");
}

/** The action of the team and testimonial lists: reorder, 'Undo' a delete (restore), or delete. */
export async function orderedListAction(request: Request, kind: OrderedKind) {
  const { form } = await readAdminForm(request, `Error deleting ${TRASH_NAMES[kind].one}`);
  const database = await db();
  const intent = form.get("intent");
  if (intent === "reorder") return reorderRecords(database, kind, form);
  return intent === "restore" ? restoreRecords(database, kind, form) : trashRecord(database, kind, form);
}

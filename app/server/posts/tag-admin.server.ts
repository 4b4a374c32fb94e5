import { z } from "zod";
import { recordAudit } from "~/server/admin/audit.server";
import { invalidatePublicCache } from "~/server/cache/data-cache.server";
import type { Db } from "~/server/db/client.server";
import { errorText } from "~/server/http/errors.server";
import { failureReply, parseSubmission, successReply } from "~/server/admin/form.server";
import { log } from "~/server/core/log.server";
import { recordId, tagNameSchema } from "~/lib/admin-validation";
import { firstError } from "~/lib/form-result";
import { postCount } from "~/lib/tags";
import { deleteTag, mergeTag, renameTag } from "./tag-admin-queries.server";

/**
 * The actions of /admin/tags: rename, merge one tag into another, delete. Each is one transaction
 * with its audit entry; the public pages (tag chips, tag filters, cached pages) are invalidated
 * after it, as after a post save.
 */

const ERRORS = { rename: "Error renaming tag", merge: "Error merging tags", delete: "Error deleting tag" } as const;

const tagId = recordId("This tag no longer exists. Reload the page.");

const tagActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("rename"), id: tagId, name: tagNameSchema.min(1, "Enter a name for the tag.") }),
    z.object({ intent: z.literal("merge"), id: tagId, into: recordId("Choose the tag to merge into.") }),
    z.object({ intent: z.literal("delete"), id: tagId }),
  ],
  { error: "Unknown request." },
);

type Intent = keyof typeof ERRORS;
const intentOf = (form: FormData): Intent => {
  const intent = form.get("intent");
  return intent === "merge" || intent === "delete" ? intent : "rename";
};

/** /admin/tags' action: the change, its audit entry and toast, or a failure with the field's message. */
export async function tagsAction(database: Db, form: FormData) {
  const errorTitle = ERRORS[intentOf(form)];
  const submission = parseSubmission(form, tagActionSchema, { errorTitle, describe: firstError });
  if (!submission.ok) return submission.reply;
  const { value, values } = submission;
  try {
    const reply = await database.transaction(async (tx) => {
      if (value.intent === "rename") {
        const outcome = await renameTag(tx, value.id, value.name);
        if (outcome.kind === "missing") return failureReply(404, errorTitle, "This tag no longer exists. Reload the page.");
        if (outcome.kind === "clash") {
          const message = `A tag named "${outcome.other.name}" already exists. Merge into it instead.`;
          return failureReply(409, errorTitle, message, { errors: { name: message }, values });
        }
        if (outcome.kind === "unchanged") return successReply("Tag unchanged", `"${outcome.tag.name}" already has this name.`);
        const { before, after } = outcome;
        await recordAudit(
          tx,
          {
            action: "tag.rename",
            target: { type: "tag", id: after.id, label: after.name },
            summary: `Renamed tag "${before.name}" to "${after.name}" (${after.slug})`,
            before: { name: before.name, slug: before.slug },
            after: { name: after.name, slug: after.slug },
          },
          { inTransaction: true },
        );
        return successReply("Tag renamed", `"${before.name}" is now "${after.name}".`);
      }
      if (value.intent === "merge") {
        if (value.into === value.id) {
          const message = "Choose another tag to merge into.";
          return failureReply(400, errorTitle, message, { errors: { into: message }, values });
        }
        const outcome = await mergeTag(tx, value.id, value.into);
        if (outcome.kind === "missing") {
          const message = outcome.which === "from" ? "This tag no longer exists. Reload the page." : "The tag to merge into no longer exists. Reload the page.";
          return failureReply(404, errorTitle, message, { errors: outcome.which === "into" ? { into: message } : {}, values });
        }
        const { from, into, retagged } = outcome;
        await recordAudit(
          tx,
          {
            action: "tag.merge",
            target: { type: "tag", id: into.id, label: into.name },
            summary: `Merged tag "${from.name}" into "${into.name}" (${postCount(retagged)} re-tagged)`,
            before: { merged: from.name, posts: from.posts, into: into.name, intoPosts: into.posts },
            after: { into: into.name, posts: into.posts + retagged },
          },
          { inTransaction: true },
        );
        return successReply("Tags merged", `"${from.name}" was merged into "${into.name}": ${postCount(retagged)} re-tagged.`);
      }
      const deleted = await deleteTag(tx, value.id);
      if (!deleted) return failureReply(404, errorTitle, "This tag no longer exists. Reload the page.");
      await recordAudit(
        tx,
        {
          action: "tag.delete",
          target: { type: "tag", id: deleted.id, label: deleted.name },
          summary: `Deleted tag "${deleted.name}" (removed from ${postCount(deleted.posts)})`,
          before: { name: deleted.name, slug: deleted.slug, posts: deleted.posts },
        },
        { inTransaction: true },
      );
      return successReply("Tag deleted", `"${deleted.name}" was removed from ${postCount(deleted.posts)}. The posts stay.`);
    });
    if ("ok" in reply && reply.ok) invalidatePublicCache();
    return reply;
  } catch (error) {
    const text = errorText(error);
    // Another tag took the slug between the check and the write.
    if (value.intent === "rename" && /blog_tags_slug_key|duplicate key/.test(text)) {
      const message = `A tag named "${value.name}" already exists. Merge into it instead.`;
      return failureReply(409, errorTitle, message, { errors: { name: message }, values });
    }
    log.error(`tag ${value.intent} failed`, { error: text });
    return failureReply(503, errorTitle, "The tag could not be changed. Please try again.", { values });
  }
}

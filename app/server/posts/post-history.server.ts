import { changedFields, recordAudit } from "~/server/admin/audit.server";
import { z } from "zod";
import { invalidatePublicCache } from "~/server/cache/data-cache.server";
import type { Db } from "~/server/db/client.server";
import { errorText, notFound } from "~/server/http/errors.server";
import { failureReply, parseSubmission, redirectWithToast } from "~/server/admin/form.server";
import { log } from "~/server/core/log.server";
import { isStale } from "./post-save.server";
import { refreshPublicationSchedule } from "./scheduler.server";
import { adminGetPost, existingTagIds, isSlugTaken } from "./admin-post-queries.server";
import { updatePost } from "./post-writes.server";
import { getRevision, type Editor } from "./revision-queries.server";
import { recordId } from "~/lib/admin-validation";
import { readTimeMinutes } from "~/lib/text";

/** The post history's 'Restore this version': which revision, and the version of the post the page showed. */
const restoreSchema = z.object({
  intent: z.literal("restore", { message: "Unknown request." }),
  revisionId: recordId("Unknown version."),
  version: z.coerce.number().int().min(1),
});

const ERROR_TITLE = "Error restoring version";
const CHANGED = "This post was changed by someone else since you opened its history. Look at the versions again, then restore.";

/**
 * 'Restore this version': writes the revision's values back as a new save (itself a new revision,
 * by `editor`), then back to the edit form with a toast. Refused (409) when the post changed since
 * the page was shown or the slug now belongs to another post; tags deleted since are left out.
 */
const RESTORE_AUDIT_FIELDS = ["title", "slug", "excerpt", "content", "category", "published", "featured", "publishedAt", "imageUrl", "tagIds"] as const;

export async function restoreRevision(database: Db, postId: string, form: FormData, editor: Editor) {
  const submission = parseSubmission(form, restoreSchema, { errorTitle: ERROR_TITLE });
  if (!submission.ok) return submission.reply;
  const { revisionId, version } = submission.value;
  const failed = (what: string) => (error: unknown) => {
    log.error(`${what} failed`, { error: errorText(error) });
    return failureReply(503, ERROR_TITLE, "The version could not be restored. Please try again.");
  };
  const read = await Promise.all([adminGetPost(database, postId), getRevision(database, postId, revisionId)]).catch(failed("reading a post version"));
  if (!Array.isArray(read)) return read;
  const [post, revision] = read;
  if (!post) notFound("Post");
  if (!revision) return failureReply(404, ERROR_TITLE, "This version no longer exists.");
  if (isStale(post.version, version)) return failureReply(409, ERROR_TITLE, CHANGED);

  const saved = await (async () => {
    if (await isSlugTaken(database, revision.slug, postId)) return "slug-taken" as const;
    const tagIds = await existingTagIds(
      database,
      revision.tags.map((t) => t.id),
    );
    const input = {
      title: revision.title,
      slug: revision.slug,
      excerpt: revision.excerpt,
      content: revision.content,
      category: revision.category,
      author: post.author,
      published: revision.published,
      featured: revision.featured,
      imageUrl: revision.imageUrl,
      coverAlt: revision.coverAlt,
      metaTitle: revision.metaTitle,
      metaDescription: revision.metaDescription,
      readTime: readTimeMinutes(revision.content),
      publishedAt: revision.publishedAt,
    };
    const when = revision.createdAt.toISOString().slice(0, 16).replace("T", " ");
    return updatePost(database, postId, input, tagIds, {
      editor,
      expectedVersion: version,
      onSaved: async (tx, row) => {
        const changes = changedFields(post, { ...row, tagIds }, RESTORE_AUDIT_FIELDS);
        await recordAudit(
          tx,
          {
            action: "post.restore-version",
            target: { type: "post", id: postId, label: row.title },
            summary: `Restored the version of "${row.title}" saved by ${revision.authorName} on ${when} UTC`,
            before: changes?.before,
            after: changes?.after,
          },
          { inTransaction: true },
        );
      },
    });
  })().catch(failed("restoring a post version"));
  if (saved === "slug-taken") {
    return failureReply(409, ERROR_TITLE, `The slug "${revision.slug}" of this version is now used by another post. Edit the post instead.`);
  }
  if (saved === "stale") return failureReply(409, ERROR_TITLE, CHANGED);
  if (saved === null) notFound("Post");
  if (!("id" in saved)) return saved;
  invalidatePublicCache();
  refreshPublicationSchedule();
  const when = revision.createdAt.toISOString().slice(0, 16).replace("T", " ");
  return redirectWithToast(`/admin/blog/edit/${postId}`, "Version restored", `The version saved by ${revision.authorName} on ${when} UTC is back.`);
}

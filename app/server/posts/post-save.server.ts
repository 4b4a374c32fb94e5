import { z } from "zod";
import { data } from "react-router";
import { invalidatePublicCache } from "~/server/cache/data-cache.server";
import { changedFields, recordAudit } from "~/server/admin/audit.server";
import type { Db, Queryable, Tx } from "~/server/db/client.server";
import { config } from "~/server/core/env.server";
import { errorText, notFound } from "~/server/http/errors.server";
import { failureReply, parseForm, parseSubmission, redirectWithToast } from "~/server/admin/form.server";
import { log } from "~/server/core/log.server";
import { refreshPublicationSchedule } from "./scheduler.server";
import { recordSlugChange } from "~/server/site/redirects.server";
import { adminGetPost, existingTagIds, isSlugTaken, type AdminPost } from "./admin-post-queries.server";
import { createPost, SYSTEM_EDITOR, updatePost } from "./post-writes.server";
import { latestRevision, type Editor } from "./revision-queries.server";
import { createTag } from "./tag-queries.server";
import { isSlugInTrash } from "~/server/trash/trash-queries.server";
import { uploadedImageBases } from "~/server/storage/storage.server";
import { LIMITS, postSchema, tagNameSchema } from "~/lib/admin-validation";
import { makeToast, type FormValues, type ToastLink } from "~/lib/form-result";
import { postStatus } from "~/lib/post-status";
import { sameSecond } from "~/lib/publication-date";
import { readTimeMinutes, slugFromTitle } from "~/lib/text";

const ERROR_TITLE = "Error saving post";
const SAVE_FAILED = "The post and its tags could not be saved. Please try again.";

/** Made on first use: the image store's address comes from the settings. */
const postForm = z.lazy(() => postSchema(uploadedImageBases()));

const addTagSchema = z.object({ name: tagNameSchema.optional().transform((v) => v ?? "") });

/** The post form's 'Add Tag': the new tag, or a message under the field (400 bad name, 503 database failure). */
export async function addTag(database: Queryable, form: FormData) {
  const parsed = parseForm(form, addTagSchema);
  if (!parsed.ok) return data({ tagError: parsed.errors.name ?? "Invalid tag name." }, { status: 400 });
  if (!parsed.value.name) return { tag: null };
  try {
    const tag = await createTag(database, parsed.value.name);
    if (tag)
      await recordAudit(database, { action: "tag.create", target: { type: "tag", id: tag.id, label: tag.name }, summary: `Tag "${tag.name}" (${tag.slug})` });
    return { tag, toast: makeToast("Tag created", "New tag added successfully.") };
  } catch (error) {
    log.error("tag create failed", { error: errorText(error) });
    return data({ tagError: "The tag could not be created. Please try again." }, { status: 503 });
  }
}

/**
 * Saves the post form (id null: a new post). Bad input, a taken slug or a vanished tag answer
 * 400/409 with field messages; a database failure answers 503 with 'Error saving post'. Every
 * failure carries the typed values back. Success redirects to the list with the flash toast.
 */
export async function savePost(database: Db, id: string | null, form: FormData, editor: Editor = SYSTEM_EDITOR) {
  const submission = parseSubmission(form, postForm, { errorTitle: ERROR_TITLE, multi: ["tagIds"] });
  if (!submission.ok) return submission.reply;
  const { value: input, values } = submission;
  const tagIds = [...new Set(input.tagIds)];
  const checks = await Promise.all([
    id ? adminGetPost(database, id) : null,
    isSlugTaken(database, input.slug, id ?? undefined),
    existingTagIds(database, tagIds),
  ]).catch((error: unknown) => {
    log.error("post save checks failed", { error: errorText(error) });
    return null;
  });
  if (!checks) return failureReply(503, ERROR_TITLE, SAVE_FAILED, { values });
  const [existing, slugTaken, known] = checks;
  if (id && !existing) notFound("Post");
  const expectedVersion = openedVersion(form);
  if (existing && isStale(existing.version, expectedVersion)) return conflictReply(database, existing.id, values);

  if (slugTaken) {
    const suggestion = await freeSlug(database, slugFromTitle(input.title) || input.slug, id);
    // A trashed post keeps its slug (restoring it must not collide): say where the owner is.
    const owner = (await isSlugInTrash(database, input.slug)) ? "a post in the trash" : "another post";
    const message = `The slug "${input.slug}" is already used by ${owner}. Try "${suggestion}".`;
    return failureReply(409, ERROR_TITLE, message, { errors: { slug: message }, values, suggestion });
  }
  if (known.length !== tagIds.length) {
    const message = "A selected tag no longer exists. Reload the page and choose the tags again.";
    return failureReply(400, ERROR_TITLE, message, { errors: { tags: message }, values });
  }

  const record = {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt,
    content: input.content,
    category: input.category,
    author: existing?.author ?? config().site.defaultAuthor,
    published: input.published,
    featured: input.featured,
    imageUrl: input.imageUrl,
    coverAlt: input.coverAlt,
    metaTitle: input.metaTitle,
    metaDescription: input.metaDescription,
    readTime: readTimeMinutes(input.content),
    publishedAt: chosenPublicationDate(input.publishedAt, existing?.publishedAt ?? null),
  };
  let missing = false;
  let savedId = id;
  const onSaved = (tx: Tx, saved: Omit<AdminPost, "tagIds">) => recordAudit(tx, postSaveEntry(existing, { ...saved, tagIds }), { inTransaction: true });
  try {
    if (id) {
      const saved = await updatePost(database, id, record, tagIds, { editor, expectedVersion, onSaved });
      // Saved by someone else between the check above and this write.
      if (saved === "stale") return conflictReply(database, id, values);
      missing = !saved;
    } else savedId = (await createPost(database, record, tagIds, { editor, onSaved })).id;
  } catch (error) {
    const text = errorText(error);
    if (/blog_posts_slug_key|duplicate key/.test(text)) {
      const message = `The slug "${input.slug}" is already used by another post.`;
      return failureReply(409, ERROR_TITLE, message, { errors: { slug: message }, values });
    }
    log.error("post save failed", { error: text });
    return failureReply(503, ERROR_TITLE, SAVE_FAILED, { values });
  }
  if (missing) notFound("Post");
  await recordSlugChange(database, existing, record);
  invalidatePublicCache();
  refreshPublicationSchedule();
  return redirectWithToast("/admin/blog", id ? "Post updated" : "Post created", "Blog post saved successfully.", savedPostLink(record, savedId));
}

/** The saved post's next step in its toast: the public page once it is live, else back to its editor. */
function savedPostLink(saved: { slug: string; published: boolean; publishedAt: Date | null }, id: string | null): ToastLink | undefined {
  if (postStatus(saved) === "published") return { label: "View post", href: `/blog/${saved.slug}` };
  return id ? { label: "Edit post", href: `/admin/blog/edit/${id}` } : undefined;
}

/** What the audit log keeps of a post: the changed ones of these fields. */
const AUDITED_POST_FIELDS = [
  "title",
  "slug",
  "excerpt",
  "content",
  "category",
  "published",
  "featured",
  "publishedAt",
  "imageUrl",
  "coverAlt",
  "metaTitle",
  "metaDescription",
  "tagIds",
] as const;

/**
 * The audit entry of a save: created, published, scheduled (published with a future date),
 * unpublished, or updated; a slug change is named in the summary (its redirect is kept too).
 */
export function postSaveEntry(before: AdminPost | null, after: AdminPost, now = new Date()) {
  const target = { type: "post", id: after.id, label: after.title };
  const changes = changedFields(before, after, AUDITED_POST_FIELDS);
  const future = after.published && after.publishedAt !== null && after.publishedAt > now;
  const when = after.publishedAt?.toISOString().slice(0, 16).replace("T", " ");
  if (!before) {
    const state = after.published ? (future ? `scheduled for ${when} UTC` : "published") : "draft";
    return { action: "post.create" as const, target, summary: `Created "${after.title}" (${state})`, after: changes?.after };
  }
  const dateMoved = before.publishedAt?.getTime() !== after.publishedAt?.getTime();
  const action: "post.publish" | "post.schedule" | "post.unpublish" | "post.update" =
    after.published && (!before.published || dateMoved)
      ? future
        ? "post.schedule"
        : before.published
          ? "post.update"
          : "post.publish"
      : before.published && !after.published
        ? "post.unpublish"
        : "post.update";
  const verb = { "post.publish": "Published", "post.schedule": `Scheduled for ${when} UTC:`, "post.unpublish": "Unpublished", "post.update": "Updated" }[
    action
  ];
  const slug = before.slug !== after.slug ? `; slug "${before.slug}" → "${after.slug}"` : "";
  const fields = changes ? Object.keys(changes.after).join(", ") : "nothing";
  return { action, target, summary: `${verb} "${after.title}" (changed: ${fields}${slug})`, before: changes?.before, after: changes?.after };
}

export const CONFLICT_MESSAGE = "This post was changed by someone else since you opened it. Your changes are kept below; open the other version to compare.";

/** The version of the post the edit form was opened on (its hidden `version` field); undefined when the form sent none. */
export function openedVersion(form: FormData): number | undefined {
  const raw = form.get("version");
  if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw)) return undefined;
  return Number(raw);
}

/** Optimistic concurrency: a save from a form opened on an older version than the stored one must not overwrite it. */
export function isStale(storedVersion: number, openedOn: number | undefined) {
  return openedOn !== undefined && openedOn !== storedVersion;
}

/** What a refused save (409) tells the form besides the message: the version saved now and who saved it. */
export type SaveConflict = {
  version: number;
  revisionId: string | null;
  authorName: string | null;
  savedAt: string | null;
  title: string;
  content: string;
};

/** 409: the post changed since the form was opened. Nothing is written; the typed values go back with the other version. */
async function conflictReply(database: Queryable, id: string, values: FormValues) {
  const [post, revision] = await Promise.all([adminGetPost(database, id), latestRevision(database, id)]).catch(() => [null, null] as const);
  const failure = failureReply(409, ERROR_TITLE, CONFLICT_MESSAGE, { values });
  if (!post) return failure;
  const conflict: SaveConflict = {
    version: post.version,
    revisionId: revision?.id ?? null,
    authorName: revision?.authorName ?? null,
    savedAt: revision?.createdAt.toISOString() ?? null,
    title: post.title,
    content: post.content,
  };
  return data({ ...failure.data, conflict }, { status: 409 });
}

/**
 * The form shows the stored date to the second: sent back unchanged, it keeps the stored instant
 * exactly (a re-save never re-dates a post); a changed or emptied field is the editor's choice.
 */
function chosenPublicationDate(typed: Date | null, stored: Date | null) {
  return typed && stored && sameSecond(typed, stored) ? stored : typed;
}

async function freeSlug(database: Queryable, base: string, id: string | null) {
  const root = base.slice(0, LIMITS.slug - 4) || "post";
  for (let n = 1; n < 50; n++) {
    const candidate = n === 1 ? root : `${root}-${n}`;
    if (!(await isSlugTaken(database, candidate, id ?? undefined))) return candidate;
  }
  return `${root}-${Date.now().toString(36)}`;
}

import { z } from "zod";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Queryable } from "./db/client.server";
import { blogPostTags, blogPosts, blogTags, postAutosaves } from "./db/schema.server";
import { errorText, notFound } from "./errors.server";
import { formValues, parseForm } from "./form.server";
import { log } from "./log.server";
import { isSlugTaken } from "./queries/admin-posts.server";
import { isStale, openedVersion } from "./post-save.server";
import { uploadedImageBases } from "./storage.server";
import { postSchema } from "~/lib/admin-validation";
import { hasRequiredFields, LIST_FIELDS, type AutosaveOutcome } from "~/lib/autosave";
import type { FormValues } from "~/lib/form-result";
import { readTimeMinutes } from "~/lib/text";

export const STALE_AUTOSAVE_MESSAGE = "Not saved: someone else saved this post since you opened it. Your typing is kept as an unsaved copy.";

/** Made on first use, as in post-save: the image store's address comes from the settings. */
const postForm = z.lazy(() => postSchema(uploadedImageBases()));

/** The typed values worth keeping (the button's intent and the concurrency version left out). */
function typedValues(form: FormData): FormValues {
  const { intent: _intent, version: _version, ...values } = formValues(form, LIST_FIELDS);
  return values;
}

/**
 * The post form's 'autosave' intent (the caller has checked the admin and the origin). A draft's
 * typed state is written to the post itself (it is not public; it stays a draft whatever the
 * 'Published' switch says); a published or scheduled post's goes to its unsaved copy, so readers
 * never see half-written text. Lenient: blank required fields skip the write, invalid input (a
 * bad or taken slug, a bad date) is not written and says why, without field errors or a toast.
 */
export async function autosavePost(database: Db, id: string, userId: string, form: FormData): Promise<AutosaveOutcome> {
  const values = typedValues(form);
  if (!hasRequiredFields(values)) return { autosave: "skipped" };
  const parsed = parseForm(form, postForm, LIST_FIELDS);
  if (!parsed.ok) return { autosave: "invalid", message: Object.values(parsed.errors)[0] ?? "Invalid input." };
  const input = parsed.value;
  const [post] = await database
    .select({ published: blogPosts.published, version: blogPosts.version })
    .from(blogPosts)
    .where(and(eq(blogPosts.id, id), isNull(blogPosts.deletedAt)))
    .limit(1);
  if (!post) notFound("Post");
  try {
    const savedAt = new Date();
    // A form opened on an older version (someone saved since) never overwrites that save: its typing
    // is kept as the unsaved copy instead, as for a published post, and the form is told why.
    const stale = isStale(post.version, openedVersion(form));
    if (post.published || stale) {
      await database
        .insert(postAutosaves)
        .values({ postId: id, userId, values, savedAt })
        .onConflictDoUpdate({ target: postAutosaves.postId, set: { userId, values, savedAt } });
      if (stale) return { autosave: "invalid", message: STALE_AUTOSAVE_MESSAGE };
      return { autosave: "saved", savedAt: savedAt.toISOString() };
    }
    if (await isSlugTaken(database, input.slug, id)) return { autosave: "invalid", message: `The slug "${input.slug}" is already used by another post.` };
    const tagIds = [...new Set(input.tagIds)];
    const known = tagIds.length ? (await database.select({ id: blogTags.id }).from(blogTags).where(inArray(blogTags.id, tagIds))).map((t) => t.id) : [];
    await database.transaction(async (tx) => {
      const [row] = await tx
        .update(blogPosts)
        .set({
          title: input.title,
          slug: input.slug,
          excerpt: input.excerpt,
          content: input.content,
          category: input.category,
          featured: input.featured,
          imageUrl: input.imageUrl,
          coverAlt: input.coverAlt,
          metaTitle: input.metaTitle,
          metaDescription: input.metaDescription,
          readTime: readTimeMinutes(input.content),
          updatedAt: savedAt,
        })
        // Still a draft: a post published meanwhile (another tab) is never overwritten by autosave.
        .where(and(eq(blogPosts.id, id), eq(blogPosts.published, false), eq(blogPosts.version, post.version), isNull(blogPosts.deletedAt)))
        .returning({ id: blogPosts.id });
      if (!row) return;
      await tx.delete(blogPostTags).where(eq(blogPostTags.postId, id));
      if (known.length) await tx.insert(blogPostTags).values(known.map((tagId) => ({ postId: id, tagId })));
      await tx.delete(postAutosaves).where(eq(postAutosaves.postId, id));
    });
    return { autosave: "saved", savedAt: savedAt.toISOString() };
  } catch (error) {
    log.error("post autosave failed", { error: errorText(error) });
    return { autosave: "failed" };
  }
}

/** A published post's unsaved copy, for the edit form to offer back; null when there is none. */
export async function getPostAutosave(database: Queryable, id: string): Promise<{ values: FormValues; savedAt: string } | null> {
  const [row] = await database
    .select({ values: postAutosaves.values, savedAt: postAutosaves.savedAt })
    .from(postAutosaves)
    .where(eq(postAutosaves.postId, id))
    .limit(1);
  return row ? { values: row.values, savedAt: row.savedAt.toISOString() } : null;
}

/** Forgets a post's unsaved copy: after a save, or when the editor chooses 'Discard'. */
export async function clearPostAutosave(database: Queryable, id: string) {
  await database.delete(postAutosaves).where(eq(postAutosaves.postId, id));
}

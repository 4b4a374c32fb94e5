import { z } from "zod";
import type { Db } from "~/server/db/client.server";
import { errorText, notFound } from "~/server/http/errors.server";
import { formValues, parseForm } from "~/server/admin/form.server";
import { log } from "~/server/core/log.server";
import { existingTagIds, isSlugTaken, postDraftState } from "./admin-post-queries.server";
import { keepPostAutosave } from "./post-autosave-queries.server";
import { writeDraftTyping } from "./post-writes.server";
import { isStale, openedVersion } from "./post-save.server";
import { uploadedImageBases } from "~/server/storage/storage.server";
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
  const post = await postDraftState(database, id);
  if (!post) notFound("Post");
  try {
    const savedAt = new Date();
    // A form opened on an older version (someone saved since) never overwrites that save: its typing
    // is kept as the unsaved copy instead, as for a published post, and the form is told why.
    const stale = isStale(post.version, openedVersion(form));
    if (post.published || stale) {
      await keepPostAutosave(database, { postId: id, userId, values, savedAt });
      if (stale) return { autosave: "invalid", message: STALE_AUTOSAVE_MESSAGE };
      return { autosave: "saved", savedAt: savedAt.toISOString() };
    }
    if (await isSlugTaken(database, input.slug, id)) return { autosave: "invalid", message: `The slug "${input.slug}" is already used by another post.` };
    // Tags deleted since the form opened are left out.
    const known = await existingTagIds(database, [...new Set(input.tagIds)]);
    const typed = {
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
    };
    // Still a draft at that version: a post published or saved meanwhile (another tab) is left alone.
    await writeDraftTyping(database, id, post.version, typed, known, savedAt);
    return { autosave: "saved", savedAt: savedAt.toISOString() };
  } catch (error) {
    log.error("post autosave failed", { error: errorText(error) });
    return { autosave: "failed" };
  }
}

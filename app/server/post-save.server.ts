import { data, redirect } from "react-router";
import { errorText, flashHeader, formFailure, formValues, notFound, serverToast, summarizeErrors } from "./admin.server";
import { invalidatePublicCache } from "./cache/data-cache.server";
import type { Db, Queryable } from "./db/client.server";
import { config } from "./env.server";
import { log } from "./log.server";
import { adminGetPost, createPost, existingTagIds, isSlugTaken, updatePost } from "./queries/posts.server";
import { createTag } from "./queries/tags.server";
import { fieldErrors, LIMITS, postSchema, tagNameSchema } from "~/lib/admin-validation";
import { readTimeMinutes, slugFromTitle } from "~/lib/text";

const SAVE_FAILED = "The post and its tags could not be saved. Please try again.";

/** The post form's 'Add Tag': the new tag, or a message under the field (400 bad name, 503 database failure). */
export async function addTag(database: Queryable, form: FormData) {
  const name = tagNameSchema.safeParse(form.get("name") ?? "");
  if (!name.success) return data({ tagError: name.error.issues[0]?.message ?? "Invalid tag name." }, { status: 400 });
  if (!name.data) return { tag: null };
  try {
    const tag = await createTag(database, name.data);
    return { tag, toast: serverToast("Tag created", "New tag added successfully.") };
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
export async function savePost(database: Db, id: string | null, form: FormData) {
  const values = formValues(form, ["tagIds"]);
  const parsed = postSchema.safeParse({ ...Object.fromEntries(Object.entries(values).filter(([k]) => k !== "tagIds")), tagIds: values.tagIds ?? [] });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data(formFailure("Error saving post", summarizeErrors(errors), errors, values), { status: 400 });
  }
  const input = parsed.data;
  const tagIds = [...new Set(input.tagIds)];
  const checks = await Promise.all([
    id ? adminGetPost(database, id) : null,
    isSlugTaken(database, input.slug, id ?? undefined),
    existingTagIds(database, tagIds),
  ]).catch((error: unknown) => {
    log.error("post save checks failed", { error: errorText(error) });
    return null;
  });
  if (!checks) return data(formFailure("Error saving post", SAVE_FAILED, {}, values), { status: 503 });
  const [existing, slugTaken, known] = checks;
  if (id && !existing) notFound("Post");

  if (slugTaken) {
    const suggestion = await freeSlug(database, slugFromTitle(input.title) || input.slug, id);
    const message = `The slug "${input.slug}" is already used by another post. Try "${suggestion}".`;
    return data({ ...formFailure("Error saving post", message, { slug: message }, values), suggestion }, { status: 409 });
  }
  if (known.length !== tagIds.length) {
    const message = "A selected tag no longer exists. Reload the page and choose the tags again.";
    return data(formFailure("Error saving post", message, { tags: message }, values), { status: 400 });
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
    readTime: readTimeMinutes(input.content),
  };
  let missing = false;
  try {
    if (id) missing = !(await updatePost(database, id, record, tagIds));
    else await createPost(database, record, tagIds);
  } catch (error) {
    const text = errorText(error);
    if (/blog_posts_slug_key|duplicate key/.test(text)) {
      const message = `The slug "${input.slug}" is already used by another post.`;
      return data(formFailure("Error saving post", message, { slug: message }, values), { status: 409 });
    }
    log.error("post save failed", { error: text });
    return data(formFailure("Error saving post", SAVE_FAILED, {}, values), { status: 503 });
  }
  if (missing) notFound("Post");
  invalidatePublicCache();
  return redirect("/admin/blog", {
    headers: await flashHeader(serverToast(id ? "Post updated" : "Post created", "Blog post saved successfully.")),
  });
}

async function freeSlug(database: Queryable, base: string, id: string | null) {
  const root = base.slice(0, LIMITS.slug - 4) || "post";
  for (let n = 1; n < 50; n++) {
    const candidate = n === 1 ? root : `${root}-${n}`;
    if (!(await isSlugTaken(database, candidate, id ?? undefined))) return candidate;
  }
  return `${root}-${Date.now().toString(36)}`;
}

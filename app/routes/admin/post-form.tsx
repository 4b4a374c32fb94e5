import { data, Form, redirect, useNavigation } from "react-router";
import { ArrowLeft } from "lucide-react";
import type { Route } from "./+types/post-form";
import { requireAdmin, requireSameOrigin } from "~/server/authz.server";
import { errorText, flashHeader, formFailure, formValues, notFound, readForm, readOrFail, requireUuid, serverToast, summarizeErrors } from "~/server/admin.server";
import { db } from "~/server/db/client.server";
import { adminGetPost, createPost, existingTagIds, isSlugTaken, listCategories, updatePost } from "~/server/queries/posts.server";
import { createTag, listTags } from "~/server/queries/tags.server";
import { invalidatePublicCache } from "~/server/cache.server";
import { config } from "~/server/env.server";
import { log } from "~/server/log.server";
import { fieldErrors, LIMITS, postSchema, tagNameSchema } from "~/lib/admin-validation";
import { readTimeMinutes, slugFromTitle } from "~/lib/text";
import { renderMarkdown } from "~/server/markdown.server";
import { AdminPage, LinkButton, Panel } from "~/components/admin/admin-page";
import { SwitchField, TextField } from "~/components/admin/fields";
import { ImageUpload } from "~/components/admin/image-upload";
import { TagPicker } from "~/components/admin/tag-picker";
import { MarkdownEditor } from "~/components/admin/markdown-editor";
import { SlugField } from "~/components/admin/slug-field";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { Button } from "~/components/ui/button";

const SAVE_FAILED = "The post and its tags could not be saved. Please try again.";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = "id" in params ? requireUuid(params.id, "Post") : null;
  const [post, tags, categories] = await readOrFail("Post", async () => {
    const database = await db();
    return Promise.all([id ? adminGetPost(database, id) : null, listTags(database), listCategories(database)]);
  });
  if (id && !post) notFound("Post");
  return { post, tags, categories };
}

export async function action({ request, params }: Route.ActionArgs) {
  requireSameOrigin(request);
  await requireAdmin(request);
  const id = "id" in params ? requireUuid(params.id, "Post") : null;
  const form = await readForm(request, "Error saving post");
  const intent = String(form.get("intent") ?? "save");
  const database = await db();

  if (intent === "preview") {
    const content = String(form.get("content") ?? "").slice(0, LIMITS.content);
    return { preview: renderMarkdown(content) };
  }

  if (intent === "add-tag") {
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

async function freeSlug(database: Awaited<ReturnType<typeof db>>, base: string, id: string | null) {
  const root = base.slice(0, LIMITS.slug - 4) || "post";
  for (let n = 1; n < 50; n++) {
    const candidate = n === 1 ? root : `${root}-${n}`;
    if (!(await isSlugTaken(database, candidate, id ?? undefined))) return candidate;
  }
  return `${root}-${Date.now().toString(36)}`;
}

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `${"id" in params ? "Edit Post" : "New Post"} · Admin` }, { name: "robots", content: "noindex" }];
}

type Failure = { errors?: Record<string, string>; values?: Record<string, string | string[]>; toast?: { id: string; title: string; description?: string; variant?: "default" | "destructive" }; suggestion?: string };

export default function PostForm({ loaderData, actionData }: Route.ComponentProps) {
  const { post, tags, categories } = loaderData;
  const failure = actionData as Failure | undefined;
  useToastFrom(failure?.toast);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const values = failure?.values;
  const errors = failure?.errors ?? {};
  const text = (key: string, fallback: string | null | undefined) => (values && typeof values[key] === "string" ? (values[key] as string) : (fallback ?? ""));
  const checked = (key: string, fallback: boolean) => (values ? values[key] === "on" : fallback);
  const selectedTags = values ? ((values.tagIds as string[] | undefined) ?? []) : (post?.tagIds ?? []);

  return (
    <AdminPage
      title={post ? "Edit Post" : "New Post"}
      width="narrow"
      actions={
        <LinkButton to="/admin/blog">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Posts
        </LinkButton>
      }
    >
      <Form method="post" className="space-y-6" noValidate={false}>
        <input type="hidden" name="intent" value="save" />
        <Panel className="space-y-5">
          <TextField name="title" label="Title" required maxLength={LIMITS.title} defaultValue={text("title", post?.title)} error={errors.title} />
          <SlugField defaultValue={text("slug", post?.slug)} error={errors.slug} suggestion={failure?.suggestion} />
          <TextField
            name="category"
            label="Category"
            required
            maxLength={LIMITS.category}
            list="post-categories"
            defaultValue={text("category", post?.category)}
            error={errors.category}
          />
          <datalist id="post-categories">
            {categories.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          <div>
            <label htmlFor="field-excerpt" className="mb-1.5 block text-sm font-medium">
              Excerpt
            </label>
            <textarea
              id="field-excerpt"
              name="excerpt"
              rows={3}
              maxLength={LIMITS.excerpt}
              defaultValue={text("excerpt", post?.excerpt)}
              aria-invalid={errors.excerpt ? true : undefined}
              aria-describedby={errors.excerpt ? "field-excerpt-error" : undefined}
              className="w-full rounded-lg border border-border bg-background px-3 py-2 text-sm leading-relaxed"
            />
            {errors.excerpt ? (
              <p id="field-excerpt-error" className="mt-1.5 text-sm text-red-300">
                {errors.excerpt}
              </p>
            ) : null}
          </div>
          <MarkdownEditor defaultValue={text("content", post?.content)} error={errors.content} />
        </Panel>
        <Panel className="space-y-5">
          <ImageUpload
            name="imageUrl"
            label="Cover Image"
            folder=""
            defaultUrl={text("imageUrl", post?.imageUrl)}
            successDescription="Cover image uploaded successfully."
            errorTitle="Upload error"
            previewAlt="Cover image preview"
          />
          {errors.imageUrl ? <p className="text-sm text-red-300">{errors.imageUrl}</p> : null}
          <TagPicker tags={tags} initialSelected={selectedTags} error={errors.tags ?? errors.tagIds} />
          <div className="flex flex-wrap gap-6">
            <SwitchField name="published" label="Published" defaultChecked={checked("published", post?.published ?? false)} />
            <SwitchField name="featured" label="Featured" defaultChecked={checked("featured", post?.featured ?? false)} />
          </div>
        </Panel>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : post ? "Update Post" : "Create Post"}
          </Button>
        </div>
      </Form>
    </AdminPage>
  );
}

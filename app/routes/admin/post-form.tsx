import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { History } from "lucide-react";
import type { Route } from "./+types/post-form";
import { requireAdmin } from "~/server/accounts/authz.server";
import { notFound, requireRecordId } from "~/server/http/errors.server";
import { parseForm, readForm, requireAdminWrite } from "~/server/admin/form.server";
import { readOrFail } from "~/server/site/records.server";
import { addTag, savePost } from "~/server/posts/post-save.server";
import { previewLinkAction, previewUrl } from "~/server/posts/preview.server";
import { db } from "~/server/db/client.server";
import { adminGetPost } from "~/server/posts/admin-post-queries.server";
import { listCategories } from "~/server/posts/post-queries.server";
import { listTags } from "~/server/posts/tag-queries.server";
import { LIMITS, postIntentSchema } from "~/lib/admin-validation";
import { isFormFailure } from "~/lib/form-result";
import { postStatus } from "~/lib/post-status";
import { renderMarkdown } from "~/server/posts/markdown.server";
import { AdminPage, LinkButton, Panel } from "~/components/admin/admin-page";
import { CoverDropzone } from "~/components/admin/cover-dropzone";
import { SeoFields } from "~/components/admin/seo-fields";
import { TagPicker } from "~/components/admin/tag-picker";
import { MarkdownEditor } from "~/components/admin/markdown-editor";
import { SlugField } from "~/components/admin/slug-field";
import { PublicationDateField } from "~/components/admin/publication-date-field";
import { PreviewLinkPanel } from "~/components/admin/preview-link-panel";
import { ConflictNotice, conflictOf } from "~/components/admin/post-history";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { useAutosave } from "~/components/admin/use-autosave";
import { AutosaveStatus, RestoreNotice } from "~/components/admin/autosave-status";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { ErrorSummary, useFormErrors } from "~/components/admin/form-errors";
import { EditorActionBar } from "~/components/admin/editor-action-bar";
import { PostStatusBadge } from "~/components/admin/post-status-badge";
import { StatusBadge } from "~/components/admin/status-badge";
import { autosavePost } from "~/server/posts/post-autosave.server";
import { clearPostAutosave, getPostAutosave } from "~/server/posts/post-autosave-queries.server";
import type { FormValues } from "~/lib/form-result";
import { storageKey } from "~/lib/autosave";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = "id" in params ? requireRecordId(params.id, "Post") : null;
  const [post, tags, categories, serverCopy] = await readOrFail("Post", async () => {
    const database = await db();
    return Promise.all([id ? adminGetPost(database, id) : null, listTags(database), listCategories(database), id ? getPostAutosave(database, id) : null]);
  });
  if (id && !post) notFound("Post");
  return {
    post,
    tags,
    categories,
    serverCopy,
    status: post ? postStatus(post) : null,
    previewLink: post?.previewToken ? previewUrl(post.slug, post.previewToken) : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdminWrite(request);
  const id = "id" in params ? requireRecordId(params.id, "Post") : null;
  const form = await readForm(request, "Error saving post");
  const parsed = parseForm(form, postIntentSchema);
  const intent = parsed.ok ? parsed.value.intent : "save";
  if (parsed.ok && intent === "preview") return { preview: renderMarkdown(parsed.value.content) };
  if (intent === "add-tag") return addTag(await db(), form);
  if (intent === "create-preview-link" || intent === "revoke-preview-link") return previewLinkAction(await db(), id, intent);
  if (intent === "autosave") return id ? autosavePost(await db(), id, user.id, form) : { autosave: "skipped" as const };
  if (intent === "discard-autosave") {
    if (id) await clearPostAutosave(await db(), id);
    return { autosave: "discarded" as const };
  }
  // A save also drops the post's unsaved copy, in the save's own transaction (updatePost).
  return savePost(await db(), id, form, { name: user.name || user.email, email: user.email });
}

/**
 * Autosave and the previews (the live one renders as you type) must never leave the form: a
 * refused session (a redirect to sign-in) or a network failure is an answer, not a navigation.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get("intent");
  if (intent !== "autosave" && intent !== "discard-autosave" && intent !== "preview") return serverAction();
  try {
    return await serverAction();
  } catch {
    return intent === "preview" ? { preview: "", previewFailed: true as const } : { autosave: "failed" as const };
  }
}

/** The sticky action bar's submit button sits outside the form and names it. */
const POST_FORM_ID = "post-form";

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `${"id" in params ? "Edit Post" : "New Post"} · Admin` }, { name: "robots", content: "noindex" }];
}

export default function PostForm({ loaderData, actionData }: Route.ComponentProps) {
  const { post, tags, categories, status, previewLink, serverCopy } = loaderData;
  const failure = isFormFailure(actionData) ? actionData : undefined;
  useToastFrom(failure?.toast);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const formRef = useRef<HTMLFormElement>(null);
  // Restoring unsaved changes re-mounts the form filled with them.
  const [restored, setRestored] = useState<{ key: number; values: FormValues } | null>(null);
  // Autosave writes over the version the form opened on (or last saved), never over the newer one a
  // refused save revealed: only the editor's own click on the submit button saves over that.
  const autosave = useAutosave({
    formRef,
    formKey: restored?.key ?? 0,
    copyKey: storageKey("post", post?.id ?? null),
    server: post ? { version: post.version, copy: serverCopy } : null,
    guardLeaving: true,
  });
  const values = restored?.values ?? failure?.values;
  const { errors, summary } = useFormErrors(failure, formRef);
  const text = (key: string, fallback: string | null | undefined) => {
    const value = values?.[key];
    return typeof value === "string" ? value : (fallback ?? "");
  };
  const checked = (key: string, fallback: boolean) => (values ? values[key] === "on" : fallback);
  const selectedTags = values ? [values.tagIds ?? []].flat() : (post?.tagIds ?? []);
  // After a refused save (409), the version saved since: saving again is then a deliberate overwrite.
  const conflict = conflictOf(actionData);

  return (
    <AdminPage title={post ? "Edit Post" : "New Post"} back={{ to: "/admin/blog", label: "Back to Posts" }}>
      {autosave.offer ? (
        <RestoreNotice
          form="post"
          offer={autosave.offer}
          onRestore={() => {
            const typed = autosave.restore();
            if (typed) setRestored((r) => ({ key: (r?.key ?? 0) + 1, values: typed }));
          }}
          onDiscard={autosave.discard}
        />
      ) : null}
      {post && failure && conflict ? (
        <ConflictNotice
          postId={post.id}
          message={failure.toast.description ?? ""}
          conflict={conflict}
          typedTitle={text("title", post.title)}
          typedContent={text("content", post.content)}
        />
      ) : null}
      <ErrorSummary {...summary} />
      {/* Two panes from 1024 px: the writing on the left (the preview link, which has forms of its own, under it), the settings on the right, publishing first. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
        <Form id={POST_FORM_ID} method="post" className="contents" noValidate={false} ref={formRef} key={restored?.key ?? 0}>
          <input type="hidden" name="intent" value="save" />
          {post ? <input type="hidden" name="version" value={conflict?.version ?? post.version} /> : null}
          <Panel className="space-y-5 lg:col-start-1 lg:row-start-1 lg:self-start">
            <TextField name="title" label="Title" required maxLength={LIMITS.title} defaultValue={text("title", post?.title)} error={errors.title} />
            <MarkdownEditor defaultValue={text("content", post?.content)} error={errors.content} />
          </Panel>
          <Panel className="min-w-0 space-y-5 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
            {/* Publishing first: whether and when the post is public, then what it is. */}
            <div className="space-y-5 border-b border-border pb-5">
              <div className="flex flex-wrap gap-6">
                <Switch name="published" label="Published" defaultChecked={checked("published", post?.published ?? false)} />
                <Switch name="featured" label="Featured" defaultChecked={checked("featured", post?.featured ?? false)} />
              </div>
              <PublicationDateField
                stored={post?.publishedAt ? new Date(post.publishedAt).toISOString() : null}
                typed={typeof values?.publishedAt === "string" ? values.publishedAt : undefined}
                typedZone={typeof values?.timeZone === "string" ? values.timeZone : undefined}
                error={errors.publishedAt ?? errors.timeZone}
              />
            </div>
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
            <TextAreaField
              name="excerpt"
              label="Excerpt"
              rows={3}
              maxLength={LIMITS.excerpt}
              defaultValue={text("excerpt", post?.excerpt)}
              error={errors.excerpt}
            />
            <CoverDropzone
              defaultUrl={text("imageUrl", post?.imageUrl)}
              defaultAlt={text("coverAlt", post?.coverAlt)}
              error={errors.imageUrl}
              altError={errors.coverAlt}
            />
            <TagPicker tags={tags} initialSelected={selectedTags} error={errors.tags ?? errors.tagIds} />
            <SeoFields
              defaultTitle={text("metaTitle", post?.metaTitle)}
              defaultDescription={text("metaDescription", post?.metaDescription)}
              titleError={errors.metaTitle}
              descriptionError={errors.metaDescription}
            />
          </Panel>
        </Form>
        {post ? (
          <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-2 lg:self-start">
            {status !== "published" || previewLink ? (
              <PreviewLinkPanel initialLink={previewLink} actionLink={actionData && "previewLink" in actionData ? actionData.previewLink : undefined} />
            ) : null}
            <LinkButton to={`/admin/blog/edit/${post.id}/history`}>
              <History aria-hidden="true" className="size-4" />
              History
            </LinkButton>
          </div>
        ) : null}
      </div>
      <EditorActionBar
        label="Post actions"
        status={post ? <PostStatusBadge published={post.published} publishedAt={post.publishedAt} /> : <StatusBadge on={false}>Draft</StatusBadge>}
        autosave={<AutosaveStatus status={autosave.status} />}
        viewHref={post && status === "published" ? `/blog/${post.slug}` : null}
        viewLabel="View post"
        cancelTo="/admin/blog"
        submit={
          <Button type="submit" form={POST_FORM_ID} disabled={saving}>
            {saving ? "Saving..." : post ? "Update Post" : "Create Post"}
          </Button>
        }
      />
      {autosave.blocker.state === "blocked" ? (
        <ConfirmDialog
          question="Leave without saving?"
          detail="Your latest changes to this post are not saved yet. They stay in this browser and are offered back when you open the post again."
          confirmLabel="Leave"
          onConfirm={() => autosave.blocker.proceed?.()}
          onCancel={() => autosave.blocker.reset?.()}
        />
      ) : null}
    </AdminPage>
  );
}

import { Form, useNavigation } from "react-router";
import { RotateCcw } from "lucide-react";
import type { Route } from "./+types/post-history";
import { requireAdmin } from "~/server/accounts/authz.server";
import { notFound, requireRecordId } from "~/server/http/errors.server";
import { readForm, requireAdminWrite } from "~/server/admin/form.server";
import { readOrFail } from "~/server/site/records.server";
import { db } from "~/server/db/client.server";
import { restoreRevision } from "~/server/posts/post-history.server";
import { adminGetPost } from "~/server/posts/admin-post-queries.server";
import { getRevision, listRevisions } from "~/server/posts/revision-queries.server";
import { listTags } from "~/server/posts/tag-queries.server";
import { recordId } from "~/lib/admin-validation";
import { isFormFailure } from "~/lib/form-result";
import { AdminPage, Panel } from "~/components/admin/admin-page";
import { FieldChanges, LineDiff, RevisionList, type FieldValue } from "~/components/admin/post-history";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { Button } from "~/components/ui/button";
import { LocalDateTime } from "~/components/ui/local-date-time";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = requireRecordId(params.id, "Post");
  const asked = new URL(request.url).searchParams.get("revision");
  const revisionId = asked && recordId().safeParse(asked).success ? asked.toLowerCase() : null;
  const [post, revisions, selected, tags] = await readOrFail("Post history", async () => {
    const database = await db();
    return Promise.all([
      adminGetPost(database, id),
      listRevisions(database, id),
      revisionId ? getRevision(database, id, revisionId) : null,
      listTags(database),
    ]);
  });
  if (!post) notFound("Post");
  if (revisionId && !selected) notFound("Version");
  const tagNames = new Map(tags.map((t) => [t.id, t.name]));
  return {
    post: {
      id: post.id,
      version: post.version,
      title: post.title,
      content: post.content,
      fields: postFields({ ...post, tags: post.tagIds.map((t) => tagNames.get(t) ?? t) }),
    },
    revisions: revisions.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    selected: selected
      ? {
          id: selected.id,
          title: selected.title,
          content: selected.content,
          authorName: selected.authorName,
          createdAt: selected.createdAt.toISOString(),
          fields: postFields({ ...selected, tags: selected.tags.map((t) => t.name) }),
        }
      : null,
  };
}

type Fields = {
  title: string;
  slug: string;
  category: string;
  excerpt: string;
  imageUrl: string | null;
  coverAlt: string;
  metaTitle: string;
  metaDescription: string;
  published: boolean;
  featured: boolean;
  publishedAt: Date | null;
  tags: string[];
};

/** The fields the form edits besides the content, as text to compare. */
function postFields(p: Fields): FieldValue[] {
  const yesNo = (v: boolean) => (v ? "Yes" : "No");
  return [
    { label: "Title", value: p.title },
    { label: "Slug", value: p.slug },
    { label: "Category", value: p.category },
    { label: "Excerpt", value: p.excerpt },
    { label: "Cover Image", value: p.imageUrl ?? "" },
    { label: "Cover image alt text", value: p.coverAlt },
    { label: "Tags", value: [...p.tags].sort().join(", ") },
    { label: "Published", value: yesNo(p.published) },
    { label: "Featured", value: yesNo(p.featured) },
    { label: "Publication date", value: p.publishedAt?.toISOString() ?? "", date: true },
    { label: "Meta title", value: p.metaTitle },
    { label: "Meta description", value: p.metaDescription },
  ].map(({ label, value, date }) => ({ label, before: value, after: value, date }));
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdminWrite(request);
  const id = requireRecordId(params.id, "Post");
  const form = await readForm(request, "Error restoring version");
  return restoreRevision(await db(), id, form, { name: user.name || user.email, email: user.email });
}

export function meta() {
  return [{ title: "Post History · Admin" }, { name: "robots", content: "noindex" }];
}

export default function PostHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { post, revisions, selected } = loaderData;
  const failure = isFormFailure(actionData) ? actionData : undefined;
  useToastFrom(failure?.toast);
  const restoring = useNavigation().state === "submitting";
  const compared = selected ? selected.fields.map((f, i) => ({ ...f, after: post.fields[i]?.after ?? "" })) : [];

  return (
    <AdminPage
      title="History"
      description={<>Every save of “{post.title}”, newest first. Choose a version to compare it with the current post.</>}
      back={{ to: `/admin/blog/edit/${post.id}`, label: "Back to Edit Post" }}
    >
      {failure ? (
        <p role="alert" className="mb-6 rounded-xl border border-red-400/50 bg-red-500/10 p-4 text-sm">
          {failure.toast.description}
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <Panel className="h-fit p-3 sm:p-3">
          <h2 className="px-3 pt-2 pb-1 text-sm font-semibold text-muted">Versions</h2>
          <RevisionList revisions={revisions} selectedId={selected?.id ?? null} />
        </Panel>
        {selected ? (
          <Panel className="min-w-0 space-y-5">
            <div>
              <h2 className="text-lg font-semibold break-words">{selected.title}</h2>
              <p className="text-sm text-muted">
                Saved by {selected.authorName} on <LocalDateTime value={selected.createdAt} />
              </p>
            </div>
            <section aria-labelledby="changed-fields" className="space-y-2">
              <h3 id="changed-fields" className="font-medium">
                Fields
              </h3>
              <FieldChanges fields={compared} beforeLabel="This version" afterLabel="Current" />
            </section>
            <section aria-labelledby="changed-content" className="space-y-2">
              <h3 id="changed-content" className="font-medium">
                Content
              </h3>
              <LineDiff
                before={selected.content}
                after={post.content}
                label="Content"
                removedLabel="only in this version"
                addedLabel="only in the current post"
              />
            </section>
            <Form method="post">
              <input type="hidden" name="intent" value="restore" />
              <input type="hidden" name="revisionId" value={selected.id} />
              <input type="hidden" name="version" value={post.version} />
              <Button type="submit" disabled={restoring}>
                <RotateCcw aria-hidden="true" className="size-4" />
                {restoring ? "Restoring..." : "Restore this version"}
              </Button>
            </Form>
          </Panel>
        ) : (
          <Panel className="h-fit">
            <p className="text-sm text-muted">Choose a version to see what differs from the current post and to restore it.</p>
          </Panel>
        )}
      </div>
    </AdminPage>
  );
}

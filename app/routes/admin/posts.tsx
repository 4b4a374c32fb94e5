import type { Route } from "./+types/posts";
import { requireAdmin } from "~/server/authz.server";
import { listOrFail } from "~/server/records.server";
import { postListAction } from "~/server/post-list-actions.server";
import { db } from "~/server/db/client.server";
import { adminListPosts } from "~/server/queries/admin-posts.server";
import { Panel } from "~/components/admin/admin-page";
import { RecordListPage } from "~/components/admin/record-list-page";
import { DeleteButton } from "~/components/admin/delete-button";
import { EditLink } from "~/components/admin/edit-link";
import { PostStatusBadge } from "~/components/admin/post-status-badge";
import { StatusBadge } from "~/components/admin/status-badge";
import { BulkActions, RowCheckbox, useSelection } from "~/components/admin/bulk-actions";

/** The post list's bulk actions; moving to the trash asks first, naming how many. */
const BULK_ACTIONS = [
  { intent: "publish", label: "Publish" },
  { intent: "unpublish", label: "Unpublish" },
  {
    intent: "trash",
    label: "Move to trash",
    confirm: {
      question: (n: number) => `Are you sure you want to move ${n === 1 ? "this post" : `these ${n} posts`} to the trash?`,
      detail: "will move to the trash, where you can restore them for 30 days.",
      confirmLabel: "Move to trash",
    },
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listOrFail("Error fetching posts", "The posts could not be loaded. Please try again.", async () => adminListPosts(await db()));
}

export async function action({ request }: Route.ActionArgs) {
  return postListAction(request);
}

export function meta() {
  return [{ title: "Blog Posts · Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminPosts({ loaderData, actionData }: Route.ComponentProps) {
  const selection = useSelection(
    "bulk-posts",
    loaderData.items.map((post) => post.id),
    actionData,
  );
  return (
    <RecordListPage
      title="Blog Posts"
      description="Every post, newest first. Drafts are only visible here."
      back="dashboard"
      create={{ to: "/admin/blog/new", label: "New Post" }}
      list={loaderData}
      actionToast={actionData?.toast}
      empty={{ text: "No blog posts yet", action: { to: "/admin/blog/new", label: "Create your first post" } }}
    >
      <BulkActions selection={selection} actions={BULK_ACTIONS} what="post" />
      <ul className="space-y-3" aria-label="Blog posts">
        {loaderData.items.map((post) => (
          <li key={post.id}>
            <Panel className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="flex min-w-0 items-start gap-3">
                <RowCheckbox selection={selection} id={post.id} labelledBy={`post-title-${post.id}`} />
                <div className="min-w-0">
                  <h2 id={`post-title-${post.id}`} className="text-lg font-semibold break-words">
                    {post.title}
                  </h2>
                  <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
                    <span>{post.category}</span>
                    <PostStatusBadge published={post.published} publishedAt={post.publishedAt} />
                    {post.featured ? <StatusBadge on>Featured</StatusBadge> : null}
                  </div>
                  {post.excerpt ? <p className="mt-2 line-clamp-2 text-sm text-muted">{post.excerpt}</p> : null}
                </div>
              </div>
              <div className="flex shrink-0 items-center gap-1">
                <EditLink to={`/admin/blog/edit/${post.id}`} label={`Edit ${post.title}`} />
                <DeleteButton id={post.id} name={post.title} label={`Delete ${post.title}`} confirmText="Are you sure you want to delete this post?" />
              </div>
            </Panel>
          </li>
        ))}
      </ul>
    </RecordListPage>
  );
}

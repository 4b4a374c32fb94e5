import type { Route } from "./+types/posts";
import { requireAdmin } from "~/server/authz.server";
import { deleteRecordAction, listOrFail } from "~/server/records.server";
import { postDelete } from "~/server/admin-records.server";
import { db } from "~/server/db/client.server";
import { adminListPosts } from "~/server/queries/admin-posts.server";
import { Panel } from "~/components/admin/admin-page";
import { RecordListPage } from "~/components/admin/record-list-page";
import { DeleteButton } from "~/components/admin/delete-button";
import { EditLink } from "~/components/admin/edit-link";
import { PostStatusBadge } from "~/components/admin/post-status-badge";
import { StatusBadge } from "~/components/admin/status-badge";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listOrFail("Error fetching posts", "The posts could not be loaded. Please try again.", async () => adminListPosts(await db()));
}

export async function action({ request }: Route.ActionArgs) {
  return deleteRecordAction(request, postDelete);
}

export function meta() {
  return [{ title: "Blog Posts · Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminPosts({ loaderData, actionData }: Route.ComponentProps) {
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
      <ul className="space-y-3" aria-label="Blog posts">
        {loaderData.items.map((post) => (
          <li key={post.id}>
            <Panel className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <h2 className="text-lg font-semibold break-words">{post.title}</h2>
                <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
                  <span>{post.category}</span>
                  <PostStatusBadge published={post.published} publishedAt={post.publishedAt} />
                  {post.featured ? <StatusBadge on>Featured</StatusBadge> : null}
                </div>
                {post.excerpt ? <p className="mt-2 line-clamp-2 text-sm text-muted">{post.excerpt}</p> : null}
              </div>
              <div className="flex shrink-0 items-center gap-1">
                <EditLink to={`/admin/blog/edit/${post.id}`} label={`Edit ${post.title}`} />
                <DeleteButton id={post.id} label={`Delete ${post.title}`} confirmText="Are you sure you want to delete this post?" />
              </div>
            </Panel>
          </li>
        ))}
      </ul>
    </RecordListPage>
  );
}

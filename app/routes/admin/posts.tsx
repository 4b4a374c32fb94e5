import { Link } from "react-router";
import type { Route } from "./+types/posts";
import { requireAdmin } from "~/server/accounts/authz.server";
import { listOrFail } from "~/server/site/records.server";
import { postListAction } from "~/server/posts/post-list-actions.server";
import { db } from "~/server/db/client.server";
import { readListParams } from "~/server/admin/list-params.server";
import { adminPostPage, type AdminPostListRow, type AdminPostPage } from "~/server/posts/admin-post-queries.server";
import { ADMIN_PAGE_SIZE, ADMIN_POST_STATUSES, type AdminPostStatus } from "~/lib/admin-lists";
import { formatDate } from "~/lib/dates";
import { postStatus } from "~/lib/post-status";
import { Panel } from "~/components/admin/admin-page";
import { RecordListPage } from "~/components/admin/record-list-page";
import { DeleteButton } from "~/components/admin/delete-button";
import { EditLink } from "~/components/admin/edit-link";
import { PostStatusBadge } from "~/components/admin/post-status-badge";
import { PostThumbnail } from "~/components/admin/post-thumbnail";
import { StatusBadge } from "~/components/admin/status-badge";
import { BulkActions, RowCheckbox, SelectAllCheckbox, useSelection, type Selection } from "~/components/admin/bulk-actions";
import { ListPager, ListSearch, ListTabs } from "~/components/admin/list-controls";
import { Table, TableActionsHead, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";

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

/** Each tab's label and what it holds, for 'No drafts' / 'No drafts match “…”'. */
const TABS: Record<AdminPostStatus, { label: string; noun: string }> = {
  all: { label: "All", noun: "posts" },
  published: { label: "Published", noun: "published posts" },
  drafts: { label: "Drafts", noun: "drafts" },
  scheduled: { label: "Scheduled", noun: "scheduled posts" },
};

/** ?q= (title, excerpt, slug), ?status= (all, published, drafts, scheduled) and ?page= (25 a page), newest created first. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = readListParams(request, ADMIN_POST_STATUSES);
  let result: AdminPostPage = { items: [], counts: { all: 0, published: 0, drafts: 0, scheduled: 0 }, capped: false, page: 1, hasMore: false };
  const list = await listOrFail("Error fetching posts", "The posts could not be loaded. Please try again.", async () => {
    result = await adminPostPage(await db(), params);
    return result.items;
  });
  return { ...list, q: params.q, status: params.status, page: result.page, counts: result.counts, capped: result.capped, hasMore: result.hasMore };
}

export async function action({ request }: Route.ActionArgs) {
  return postListAction(request);
}

export function meta() {
  return [{ title: "Blog Posts · Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminPosts({ loaderData, actionData }: Route.ComponentProps) {
  const { items, q, status, page, counts, capped, hasMore } = loaderData;
  const selection = useSelection(
    "bulk-posts",
    items.map((post) => post.id),
    actionData,
  );
  return (
    <RecordListPage
      title="Blog Posts"
      description="Every post, newest first. Drafts are only visible here."
      back="dashboard"
      create={{ to: "/admin/blog/new", label: "New Post" }}
      list={loaderData}
      // A search that finds nothing keeps its search box: the empty state is for no posts at all.
      count={q ? Math.max(1, counts.all ?? 0) : (counts.all ?? 0)}
      actionToast={actionData?.toast}
      empty={{ text: "No blog posts yet", action: { to: "/admin/blog/new", label: "Create your first post" } }}
    >
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <ListTabs
          label="Posts by status"
          current={status}
          tabs={ADMIN_POST_STATUSES.map((value) => ({ value, label: TABS[value].label, count: counts[value], atLeast: capped && value === "all" }))}
        />
        <ListSearch label="Search posts" placeholder="Title, excerpt or slug" />
      </div>
      {items.length > 0 ? (
        <div>
          <PostTable posts={items} selection={selection} caption={caption(q, status)} />
          <BulkActions selection={selection} actions={BULK_ACTIONS} what="post" />
        </div>
      ) : (
        <Panel className="py-12 text-center">
          <p className="font-semibold">{q ? `No ${TABS[status].noun} match “${q}”` : `No ${TABS[status].noun}`}</p>
        </Panel>
      )}
      <ListPager label="Blog posts" page={page} pageSize={ADMIN_PAGE_SIZE} total={counts[status]} atLeast={capped} hasMore={hasMore} shown={items.length} />
    </RecordListPage>
  );
}

function caption(q: string, status: AdminPostStatus) {
  const which = status === "all" ? "Blog posts" : `Blog posts: ${TABS[status].label}`;
  return q ? `${which} matching “${q}”` : which;
}

/**
 * The posts as table rows: thumbnail, title (the link to the editor) with its status under it,
 * category, date, and the row's buttons. Narrow screens drop the category and date columns and
 * show them under the title.
 */
function PostTable({ posts, selection, caption }: { posts: AdminPostListRow[]; selection: Selection; caption: string }) {
  return (
    <Table framed stickyHeader>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead className="w-12">
            <SelectAllCheckbox selection={selection} />
          </TableHead>
          <TableHead>Post</TableHead>
          <TableHead from="md">Category</TableHead>
          <TableHead from="md">Date</TableHead>
          <TableActionsHead />
        </TableRow>
      </TableHeader>
      <TableBody>
        {posts.map((post) => (
          <TableRow key={post.id}>
            <TableCell>
              <RowCheckbox selection={selection} id={post.id} labelledBy={`post-title-${post.id}`} />
            </TableCell>
            <TableCell>
              <div className="flex min-w-0 items-center gap-3">
                <PostThumbnail src={post.imageUrl} category={post.category} className="hidden sm:block" />
                <div className="min-w-0">
                  <Link
                    id={`post-title-${post.id}`}
                    to={`/admin/blog/edit/${post.id}`}
                    className="line-clamp-2 font-semibold break-words hover:text-primary hover:underline"
                  >
                    {post.title}
                  </Link>
                  <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
                    <PostStatusBadge published={post.published} publishedAt={post.publishedAt} />
                    {post.featured ? <StatusBadge on>Featured</StatusBadge> : null}
                    <span className="hidden truncate md:inline">/blog/{post.slug}</span>
                    <span className="md:hidden">{post.category}</span>
                    {/* A scheduled post's badge already says when. */}
                    {postStatus(post) === "scheduled" ? null : (
                      <span className="md:hidden">
                        <PostDate post={post} />
                      </span>
                    )}
                  </div>
                </div>
              </div>
            </TableCell>
            <TableCell from="md" className="text-muted">
              {post.category}
            </TableCell>
            <TableCell from="md" className="whitespace-nowrap text-muted">
              <PostDate post={post} />
            </TableCell>
            <TableCell>
              <div className="flex items-center justify-end gap-1">
                <EditLink to={`/admin/blog/edit/${post.id}`} label={`Edit ${post.title}`} />
                <DeleteButton id={post.id} name={post.title} label={`Delete ${post.title}`} confirmText="Are you sure you want to delete this post?" />
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The publication date of a published or scheduled post; 'Updated …' for a draft. */
function PostDate({ post }: { post: AdminPostListRow }) {
  const draft = postStatus(post) === "draft" || !post.publishedAt;
  const value = draft ? post.updatedAt : post.publishedAt!;
  return (
    <span>
      {draft ? "Updated " : null}
      <time dateTime={new Date(value).toISOString()}>{formatDate(value)}</time>
    </span>
  );
}

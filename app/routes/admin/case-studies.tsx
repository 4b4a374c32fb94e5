import { Link } from "react-router";
import type { Route } from "./+types/case-studies";
import { requireAdmin } from "~/server/accounts/authz.server";
import { listOrFail } from "~/server/site/records.server";
import { trashListAction } from "~/server/trash/trash.server";
import { db } from "~/server/db/client.server";
import { adminListCaseStudies } from "~/server/case-studies/case-study-queries.server";
import { formatDate } from "~/lib/dates";
import { postStatus } from "~/lib/post-status";
import { Panel } from "~/components/admin/admin-page";
import { RecordListPage } from "~/components/admin/record-list-page";
import { DeleteButton } from "~/components/admin/delete-button";
import { EditLink } from "~/components/admin/edit-link";
import { PostStatusBadge } from "~/components/admin/post-status-badge";
import { PostThumbnail } from "~/components/admin/post-thumbnail";
import { StatusBadge } from "~/components/admin/status-badge";
import { ListSearch } from "~/components/admin/list-controls";
import { Table, TableActionsHead, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";

/** ?q= searches title, client, industry and slug; every case study not in the trash, newest created first. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  const list = await listOrFail("Error loading case studies", "The case studies could not be loaded. Please try again.", async () =>
    adminListCaseStudies(await db(), q),
  );
  return { ...list, q };
}

/** A row's delete button (to the trash, with 'Undo') and that 'Undo'. */
export async function action({ request }: Route.ActionArgs) {
  return trashListAction(request, "case-study");
}

export function meta() {
  return [{ title: "Case Studies · Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminCaseStudies({ loaderData, actionData }: Route.ComponentProps) {
  const { items, q } = loaderData;
  return (
    <RecordListPage
      title="Case Studies"
      description="Results for /case-studies, newest first. Drafts and scheduled ones are only visible here."
      back="dashboard"
      create={{ to: "/admin/case-studies/new", label: "New Case Study" }}
      list={loaderData}
      count={q ? Math.max(1, items.length) : items.length}
      actionToast={actionData?.toast}
      empty={{ text: "No case studies yet", action: { to: "/admin/case-studies/new", label: "Write your first case study" } }}
    >
      <div className="mb-4 flex justify-end">
        <ListSearch label="Search case studies" placeholder="Title, client, industry or slug" />
      </div>
      {items.length > 0 ? (
        <Table framed stickyHeader>
          <TableCaption>{q ? `Case studies matching “${q}”` : "Case studies"}</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Case study</TableHead>
              <TableHead from="md">Industry</TableHead>
              <TableHead from="md">Date</TableHead>
              <TableActionsHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((study) => (
              <TableRow key={study.id}>
                <TableCell>
                  <div className="flex min-w-0 items-center gap-3">
                    <PostThumbnail src={study.imageUrl} category={study.industry} className="hidden sm:block" />
                    <div className="min-w-0">
                      <Link to={`/admin/case-studies/edit/${study.id}`} className="line-clamp-2 font-semibold break-words hover:text-primary hover:underline">
                        {study.title}
                      </Link>
                      <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted">
                        <PostStatusBadge published={study.published} publishedAt={study.publishedAt} />
                        {study.featured ? <StatusBadge on>Featured</StatusBadge> : null}
                        <span className="truncate">{study.client}</span>
                      </div>
                    </div>
                  </div>
                </TableCell>
                <TableCell from="md" className="text-muted">
                  {study.industry}
                </TableCell>
                <TableCell from="md" className="whitespace-nowrap text-muted">
                  <StudyDate study={study} />
                </TableCell>
                <TableCell>
                  <div className="flex items-center justify-end gap-1">
                    <EditLink to={`/admin/case-studies/edit/${study.id}`} label={`Edit ${study.title}`} />
                    <DeleteButton
                      id={study.id}
                      name={study.title}
                      label={`Delete ${study.title}`}
                      confirmText="Are you sure you want to delete this case study?"
                    />
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <Panel className="py-12 text-center">
          <p className="font-semibold">No case studies match “{q}”</p>
        </Panel>
      )}
    </RecordListPage>
  );
}

/** The publication date of a published or scheduled case study; 'Updated …' for a draft. */
function StudyDate({ study }: { study: { published: boolean; publishedAt: Date | null; updatedAt: Date } }) {
  const draft = postStatus(study) === "draft" || !study.publishedAt;
  const value = draft ? study.updatedAt : study.publishedAt!;
  return (
    <span>
      {draft ? "Updated " : null}
      <time dateTime={new Date(value).toISOString()}>{formatDate(value)}</time>
    </span>
  );
}

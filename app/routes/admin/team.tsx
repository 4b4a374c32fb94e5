import type { Route } from "./+types/team";
import { requireAdmin } from "~/server/accounts/authz.server";
import { listOrFail } from "~/server/site/records.server";
import { orderedListAction } from "~/server/site/display-order.server";
import { db } from "~/server/db/client.server";
import { adminListTeam } from "~/server/site/team-queries.server";
import { Panel } from "~/components/admin/admin-page";
import { RecordListPage } from "~/components/admin/record-list-page";
import { DeleteButton } from "~/components/admin/delete-button";
import { EditLink } from "~/components/admin/edit-link";
import { StatusBadge } from "~/components/admin/status-badge";
import { SortableList } from "~/components/admin/sortable-list";
import { Avatar } from "~/components/ui/avatar";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listOrFail("Error fetching team members", "The team could not be loaded. Please try again.", async () => adminListTeam(await db()));
}

export async function action({ request }: Route.ActionArgs) {
  return orderedListAction(request, "team-member");
}

export function meta() {
  return [{ title: "Team Members · Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminTeam({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RecordListPage
      title="Team Members"
      description="Shown on the Team page in this order; inactive members are hidden. Drag a row or use its arrows to reorder."
      back="dashboard"
      create={{ to: "/admin/team/new", label: "New Member" }}
      list={loaderData}
      actionToast={actionData?.toast}
      empty={{ text: "No team members yet", action: { to: "/admin/team/new", label: "Add your first team member" } }}
    >
      <SortableList items={loaderData.items} label="Team members">
        {(m, { handle, moves }) => (
          <Panel className="flex flex-wrap items-center gap-3 sm:flex-nowrap sm:gap-4">
            {handle}
            {m.photoUrl ? (
              <img src={m.photoUrl} alt="" width={56} height={56} className="size-14 shrink-0 rounded-full object-cover" />
            ) : (
              <Avatar name={m.name} className="size-14" />
            )}
            <div className="min-w-0 flex-1">
              <h2 className="truncate font-semibold">{m.name}</h2>
              <p className="truncate text-sm text-muted">{m.position}</p>
              <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
                <span>Order: {m.displayOrder}</span>
                <StatusBadge on={m.active}>{m.active ? "Active" : "Inactive"}</StatusBadge>
              </div>
            </div>
            <div className="flex w-full shrink-0 items-center justify-end gap-1 sm:w-auto">
              {moves}
              <EditLink to={`/admin/team/edit/${m.id}`} label={`Edit ${m.name}`} />
              <DeleteButton id={m.id} name={m.name} label={`Delete ${m.name}`} confirmText="Are you sure you want to delete this team member?" />
            </div>
          </Panel>
        )}
      </SortableList>
    </RecordListPage>
  );
}

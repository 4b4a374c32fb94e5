import type { Route } from "./+types/testimonials";
import { requireAdmin } from "~/server/accounts/authz.server";
import { listOrFail } from "~/server/site/records.server";
import { orderedListAction } from "~/server/site/display-order.server";
import { db } from "~/server/db/client.server";
import { adminListTestimonials } from "~/server/site/testimonial-queries.server";
import { Panel } from "~/components/admin/admin-page";
import { RecordListPage } from "~/components/admin/record-list-page";
import { DeleteButton } from "~/components/admin/delete-button";
import { EditLink } from "~/components/admin/edit-link";
import { StatusBadge } from "~/components/admin/status-badge";
import { SortableList } from "~/components/admin/sortable-list";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listOrFail("Error loading testimonials", "The testimonials could not be loaded. Please try again.", async () => adminListTestimonials(await db()));
}

export async function action({ request }: Route.ActionArgs) {
  return orderedListAction(request, "testimonial");
}

export function meta() {
  return [{ title: "Testimonials · Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminTestimonials({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RecordListPage
      title="Testimonials"
      description="Active testimonials appear in the landing page carousel in this order. Drag a card or use its arrows to reorder."
      back="back-to-dashboard"
      create={{ to: "/admin/testimonials/new", label: "New Testimonial" }}
      list={loaderData}
      actionToast={actionData?.toast}
      empty={{ text: "No testimonials yet", action: { to: "/admin/testimonials/new", label: "Add your first testimonial" } }}
    >
      <SortableList items={loaderData.items} label="Testimonials">
        {(t, { handle, moves }) => (
          <Panel className="flex items-start gap-3 sm:gap-4">
            {handle}
            <div className="flex min-w-0 flex-1 flex-col gap-3">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 className="truncate font-semibold">{t.name}</h2>
                  <p className="truncate text-sm text-muted">{t.company}</p>
                </div>
                <div className="flex shrink-0 items-center gap-1">
                  {moves}
                  <EditLink to={`/admin/testimonials/edit/${t.id}`} label={`Edit ${t.name}`} />
                  <DeleteButton id={t.id} name={t.name} label={`Delete ${t.name}`} confirmText="Are you sure you want to delete this testimonial?" />
                </div>
              </div>
              <p className="line-clamp-3 text-sm italic">"{t.quote}"</p>
              <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
                <span>Order: {t.displayOrder}</span>
                <StatusBadge on={t.active}>{t.active ? "Status: Active" : "Inactive"}</StatusBadge>
              </div>
            </div>
          </Panel>
        )}
      </SortableList>
    </RecordListPage>
  );
}

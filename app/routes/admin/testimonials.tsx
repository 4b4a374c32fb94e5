import type { Route } from "./+types/testimonials";
import { requireAdmin } from "~/server/authz.server";
import { listOrFail } from "~/server/records.server";
import { trashListAction } from "~/server/trash.server";
import { db } from "~/server/db/client.server";
import { adminListTestimonials } from "~/server/queries/testimonials.server";
import { Panel } from "~/components/admin/admin-page";
import { RecordListPage } from "~/components/admin/record-list-page";
import { DeleteButton } from "~/components/admin/delete-button";
import { EditLink } from "~/components/admin/edit-link";
import { StatusBadge } from "~/components/admin/status-badge";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listOrFail("Error loading testimonials", "The testimonials could not be loaded. Please try again.", async () => adminListTestimonials(await db()));
}

export async function action({ request }: Route.ActionArgs) {
  return trashListAction(request, "testimonial");
}

export function meta() {
  return [{ title: "Testimonials · Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminTestimonials({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RecordListPage
      title="Testimonials"
      description="Active testimonials appear in the landing page carousel, by display order."
      back="back-to-dashboard"
      create={{ to: "/admin/testimonials/new", label: "New Testimonial" }}
      list={loaderData}
      actionToast={actionData?.toast}
      empty={{ text: "No testimonials yet", action: { to: "/admin/testimonials/new", label: "Add your first testimonial" } }}
    >
      <ul className="grid gap-4 md:grid-cols-2" aria-label="Testimonials">
        {loaderData.items.map((t) => (
          <li key={t.id}>
            <Panel className="flex h-full flex-col gap-3">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 className="truncate font-semibold">{t.name}</h2>
                  <p className="truncate text-sm text-muted">{t.company}</p>
                </div>
                <div className="flex shrink-0 items-center gap-1">
                  <EditLink to={`/admin/testimonials/edit/${t.id}`} label={`Edit ${t.name}`} />
                  <DeleteButton id={t.id} name={t.name} label={`Delete ${t.name}`} confirmText="Are you sure you want to delete this testimonial?" />
                </div>
              </div>
              <p className="line-clamp-3 text-sm italic">"{t.quote}"</p>
              <div className="mt-auto flex flex-wrap items-center gap-2 text-xs text-muted">
                <span>Order: {t.displayOrder}</span>
                <StatusBadge on={t.active}>{t.active ? "Status: Active" : "Inactive"}</StatusBadge>
              </div>
            </Panel>
          </li>
        ))}
      </ul>
    </RecordListPage>
  );
}

import { Form } from "react-router";
import type { Route } from "./+types/leads";
import { requireAdmin } from "~/server/authz.server";
import { readAdminForm } from "~/server/form.server";
import { markLead } from "~/server/list-actions.server";
import { listOrFail } from "~/server/records.server";
import { db } from "~/server/db/client.server";
import { listLeads } from "~/server/queries/leads.server";
import { formatDate } from "~/lib/dates";
import { Panel } from "~/components/admin/admin-page";
import { RecordListPage } from "~/components/admin/record-list-page";
import { StatusBadge } from "~/components/admin/status-badge";
import { buttonClass } from "~/components/ui/button";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listOrFail("Error fetching leads", "The leads could not be loaded. Please try again.", async () => listLeads(await db()));
}

export async function action({ request }: Route.ActionArgs) {
  const { form } = await readAdminForm(request, "Error saving lead");
  return markLead(await db(), form);
}

export function meta() {
  return [{ title: "Leads · Admin" }, { name: "robots", content: "noindex" }];
}

const FIGURES = [
  { key: "time", label: "Processing time (hours)" },
  { key: "errorRate", label: "Error rate (%)" },
  { key: "cost", label: "Manual labor cost ($)" },
] as const;

export default function AdminLeads({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RecordListPage
      title="Leads"
      description="Audit requests from the site, newest first."
      back="back-to-dashboard"
      list={loaderData}
      actionToast={actionData?.toast}
      empty={{ text: "No leads yet" }}
    >
      <ul className="space-y-3" aria-label="Leads">
        {loaderData.items.map((lead) => (
          <li key={lead.id}>
            <Panel>
              <article aria-label={`${lead.name}, ${lead.company}`} className="flex flex-col gap-3">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <h2 className="font-semibold break-words">
                      {lead.name} <span className="font-normal text-muted">· {lead.company}</span>
                    </h2>
                    <p className="text-sm">
                      <a href={`mailto:${lead.email}`} className="text-accent underline-offset-4 hover:underline">
                        {lead.email}
                      </a>
                      <span className="text-muted"> · {formatDate(lead.createdAt)}</span>
                      {lead.source ? <span className="text-muted"> · from {lead.source}</span> : null}
                    </p>
                  </div>
                  <div className="flex items-center gap-2">
                    <StatusBadge on={lead.handled}>{lead.handled ? "Handled" : "Not handled"}</StatusBadge>
                    <Form method="post" className="contents">
                      <input type="hidden" name="id" value={lead.id} />
                      <input type="hidden" name="handled" value={lead.handled ? "false" : "true"} />
                      <button
                        type="submit"
                        className={buttonClass({ variant: "outline", size: "sm" })}
                        aria-label={`${lead.handled ? "Mark as not handled" : "Mark as handled"}: ${lead.name}`}
                      >
                        {lead.handled ? "Mark as not handled" : "Mark as handled"}
                      </button>
                    </Form>
                  </div>
                </div>
                <p className="text-sm whitespace-pre-wrap break-words">{lead.message}</p>
                {lead.beforeFigures || lead.afterFigures ? (
                  <dl className="grid gap-2 text-xs text-muted sm:grid-cols-3">
                    {FIGURES.map((f) => (
                      <div key={f.key} className="rounded-lg border border-border p-2">
                        <dt>{f.label}</dt>
                        <dd className="text-foreground">
                          {lead.beforeFigures?.[f.key] ?? "–"} → {lead.afterFigures?.[f.key] ?? "–"}
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </article>
            </Panel>
          </li>
        ))}
      </ul>
    </RecordListPage>
  );
}

import { useId } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { Download } from "lucide-react";
import type { Route } from "./+types/leads";
import { requireAdmin } from "~/server/accounts/authz.server";
import { readAdminForm } from "~/server/admin/form.server";
import { leadAction } from "~/server/leads/lead-actions.server";
import { jobQueue } from "~/server/jobs/jobs.server";
import { errorText } from "~/server/http/errors.server";
import { log } from "~/server/core/log.server";
import { db } from "~/server/db/client.server";
import { ADMIN_PAGE_SIZE, readListParams } from "~/server/admin/list-params.server";
import { leadsPage } from "~/server/leads/lead-queries.server";
import { formatDate } from "~/lib/dates";
import { makeToast } from "~/lib/form-result";
import { MAX_LEAD_NOTE_LENGTH } from "~/lib/admin-validation";
import { LEAD_FILTERS, LEAD_STATUS_LABELS, LEAD_STATUS_VALUES, type LeadFilter, type LeadStatusValue } from "~/lib/lead-status";
import { AdminPage, ListBody, Panel } from "~/components/admin/admin-page";
import { ListPager, ListSearch, ListTabs } from "~/components/admin/list-controls";
import { StatusBadge } from "~/components/admin/status-badge";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { LocalDateTime } from "~/components/ui/local-date-time";
import { buttonClass } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";

const NO_COUNTS: Record<LeadFilter, number> = { all: 0, new: 0, contacted: 0, qualified: 0, won: 0, lost: 0 };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { q, status, page } = readListParams(request, LEAD_FILTERS);
  const webhookEnabled = jobQueue()?.webhookEnabled ?? false;
  try {
    const found = await leadsPage(await db(), { q, status }, page);
    const items = found.items.map((lead) => ({
      ...lead,
      createdAt: lead.createdAt.toISOString(),
      notes: lead.notes.map((note) => ({ ...note, createdAt: note.createdAt.toISOString() })),
    }));
    return { ...found, items, q, status, pageSize: ADMIN_PAGE_SIZE, webhookEnabled, error: null };
  } catch (error) {
    log.error("error fetching leads failed", { error: errorText(error) });
    const toast = makeToast("Error fetching leads", "The leads could not be loaded. Please try again.", "destructive");
    return { items: [], counts: NO_COUNTS, total: 0, page: 1, q, status, pageSize: ADMIN_PAGE_SIZE, webhookEnabled, error: toast };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const { form, user } = await readAdminForm(request, "Error saving lead");
  return leadAction(await db(), user, form);
}

export function meta() {
  return [{ title: "Leads · Admin" }, { name: "robots", content: "noindex" }];
}

const FIGURES = [
  { key: "time", label: "Processing time (hours)" },
  { key: "errorRate", label: "Error rate (%)" },
  { key: "cost", label: "Manual labor cost ($)" },
] as const;

type Lead = Route.ComponentProps["loaderData"]["items"][number];

function statusTone(status: LeadStatusValue) {
  return { on: status === "won" || status === "qualified" || status === "contacted", pending: status === "new" };
}

export default function AdminLeads({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  useToastFrom(loaderData.error);
  const { search } = useLocation();
  const { q, status, counts, total, page, pageSize, items, webhookEnabled } = loaderData;
  const params = new URLSearchParams(search);
  params.delete("page");
  const exportHref = `/admin/leads/export.csv${params.size ? `?${params}` : ""}`;
  const filtered = q !== "" || status !== "all";
  return (
    <AdminPage
      title="Leads"
      description="Audit requests from the site, newest first."
      back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
      secondary={[{ download: exportHref, label: "Export CSV", icon: Download }]}
    >
      <div className="mb-4 flex flex-col gap-4">
        <ListSearch label="Search leads" placeholder="Name, email or company" />
        <ListTabs
          label="Leads by status"
          current={status}
          tabs={LEAD_FILTERS.map((value) => ({ value, label: value === "all" ? "All" : LEAD_STATUS_LABELS[value], count: counts[value] }))}
        />
      </div>
      <ListBody failure={loaderData.error} count={items.length} empty={{ text: filtered ? "No leads match" : "No leads yet" }}>
        <ul className="space-y-3" aria-label="Leads">
          {items.map((lead) => (
            <li key={lead.id}>
              <LeadCard lead={lead} webhookEnabled={webhookEnabled} />
            </li>
          ))}
        </ul>
        <ListPager label="Leads" page={page} pageSize={pageSize} total={total} />
      </ListBody>
    </AdminPage>
  );
}

function LeadCard({ lead, webhookEnabled }: { lead: Lead; webhookEnabled: boolean }) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === lead.id;
  const tone = statusTone(lead.status);
  const attribution = [
    { label: "Landing page", value: lead.landingPage },
    { label: "Converted on", value: lead.convertedOn },
    { label: "Referrer", value: lead.referrer },
    { label: "UTM source", value: lead.utmSource },
    { label: "UTM medium", value: lead.utmMedium },
    { label: "UTM campaign", value: lead.utmCampaign },
  ];
  const hasAttribution = attribution.some((a) => a.value);
  return (
    <Panel>
      <article aria-label={`${lead.name}, ${lead.company}`} className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0">
            <h2 className="font-semibold break-words">
              {lead.name} <span className="font-normal text-muted">· {lead.company}</span>
            </h2>
            <p className="text-sm break-words">
              <a href={`mailto:${lead.email}`} className="text-accent underline underline-offset-4">
                {lead.email}
              </a>
              <span className="text-muted"> · {formatDate(lead.createdAt)}</span>
              {lead.source ? <span className="text-muted"> · from {lead.source}</span> : null}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge on={tone.on} pending={tone.pending}>
              <span className="sr-only">Status: </span>
              {LEAD_STATUS_LABELS[lead.status]}
            </StatusBadge>
            <Form method="post" preventScrollReset className="flex items-center gap-2">
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="id" value={lead.id} />
              <label htmlFor={`${id}-status`} className="sr-only">
                Status of {lead.name}
              </label>
              <select id={`${id}-status`} name="status" defaultValue={lead.status} key={lead.status} className={controlClass({ className: "w-auto py-1.5" })}>
                {LEAD_STATUS_VALUES.map((value) => (
                  <option key={value} value={value}>
                    {LEAD_STATUS_LABELS[value]}
                  </option>
                ))}
              </select>
              <button type="submit" disabled={busy} className={buttonClass({ variant: "outline", size: "sm" })} aria-label={`Update status: ${lead.name}`}>
                Update
              </button>
            </Form>
            {lead.status === "new" ? (
              <Form method="post" preventScrollReset className="contents">
                <input type="hidden" name="id" value={lead.id} />
                <input type="hidden" name="handled" value="true" />
                <button type="submit" disabled={busy} className={buttonClass({ variant: "outline", size: "sm" })} aria-label={`Mark as handled: ${lead.name}`}>
                  Mark as handled
                </button>
              </Form>
            ) : null}
          </div>
        </div>

        <p className="text-sm whitespace-pre-wrap break-words">{lead.message}</p>

        {lead.beforeFigures || lead.afterFigures ? (
          <dl className="grid gap-2 text-xs text-muted sm:grid-cols-3" aria-label="Figures the visitor typed (before → after)">
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

        <div role="group" aria-labelledby={`${id}-attribution`} className="text-sm">
          <h3 id={`${id}-attribution`} className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">
            Attribution
          </h3>
          {hasAttribution ? (
            <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
              {attribution.map((a) => (
                <div key={a.label} className="flex min-w-0 gap-2">
                  <dt className="shrink-0 text-muted">{a.label}</dt>
                  <dd className="min-w-0 break-all">{a.value ?? "–"}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="text-muted">Not recorded for this lead.</p>
          )}
        </div>

        {lead.webhookStatus === "failed" ? (
          <div className="flex flex-col gap-2 rounded-lg border border-red-400/40 bg-red-400/10 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-semibold text-red-200">Webhook delivery failed</p>
              <p className="break-words text-muted">
                {lead.webhookLastError ?? "Unknown error"} · {lead.webhookAttempts} {lead.webhookAttempts === 1 ? "attempt" : "attempts"}
              </p>
            </div>
            {webhookEnabled ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="retry-webhook" />
                <input type="hidden" name="id" value={lead.id} />
                <button type="submit" disabled={busy} className={buttonClass({ variant: "outline", size: "sm" })} aria-label={`Retry: ${lead.name}`}>
                  Retry
                </button>
              </Form>
            ) : null}
          </div>
        ) : lead.webhookStatus === "pending" ? (
          <p className="text-sm text-muted">
            Sending to the CRM
            {lead.webhookAttempts > 0 ? ` (attempt ${lead.webhookAttempts} failed: ${lead.webhookLastError ?? "unknown error"}; retrying)` : "…"}
          </p>
        ) : lead.webhookStatus === "delivered" ? (
          <p className="text-sm text-muted">Sent to the CRM</p>
        ) : null}

        <div role="group" aria-labelledby={`${id}-notes`} className="flex flex-col gap-2">
          <h3 id={`${id}-notes`} className="text-xs font-semibold tracking-wide text-muted uppercase">
            Notes
          </h3>
          {lead.notes.length ? (
            <ol className="flex flex-col gap-2">
              {lead.notes.map((note) => (
                <li key={note.id} className="rounded-lg border border-border bg-surface-2 p-3 text-sm">
                  <p className="text-xs text-muted">
                    <span className="font-medium text-foreground">{note.authorName}</span> ({note.authorEmail}) · <LocalDateTime value={note.createdAt} />
                  </p>
                  <p className="mt-1 whitespace-pre-wrap break-words">{note.body}</p>
                </li>
              ))}
            </ol>
          ) : null}
          {/* Keyed by the note count: the form is emptied once the new note is on the lead. */}
          <Form method="post" preventScrollReset key={lead.notes.length} className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <input type="hidden" name="intent" value="note" />
            <input type="hidden" name="id" value={lead.id} />
            <div className="grid min-w-0 flex-1 gap-1.5">
              <label htmlFor={`${id}-note`} className="text-sm font-medium">
                New note on {lead.name}
              </label>
              <textarea id={`${id}-note`} name="body" required rows={2} maxLength={MAX_LEAD_NOTE_LENGTH} className={controlClass({ multiline: true })} />
            </div>
            <button type="submit" disabled={busy} className={buttonClass({ variant: "outline", size: "sm" })}>
              Add note
            </button>
          </Form>
        </div>
      </article>
    </Panel>
  );
}

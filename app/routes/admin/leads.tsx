import { useLocation } from "react-router";
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
import { leadPane } from "~/server/leads/lead-timeline.server";
import { isFormFailure, makeToast } from "~/lib/form-result";
import { LEAD_FILTERS, type LeadFilter } from "~/lib/lead-status";
import type { KeptExpected, KeptOutcome } from "~/lib/lead-inbox";
import { AdminPage } from "~/components/admin/admin-page";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { LeadsInbox } from "~/components/admin/leads/leads-inbox";

const NO_COUNTS: Record<LeadFilter, number> = { all: 0, new: 0, contacted: 0, qualified: 0, booked: 0, held: 0, won: 0, lost: 0 };

/** The list (q, status, page) and the open lead (`?lead=<id>`, with its timeline), read together. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { q, status, page } = readListParams(request, LEAD_FILTERS);
  const asked = new URL(request.url).searchParams.get("lead");
  const webhookEnabled = jobQueue()?.webhookEnabled ?? false;
  const now = new Date().toISOString();
  try {
    const database = await db();
    const [found, pane] = await Promise.all([leadsPage(database, { q, status }, page), asked === null ? null : leadPane(database, asked)]);
    const items = found.items.map((lead) => ({ ...lead, createdAt: lead.createdAt.toISOString() }));
    return { ...found, items, q, status, pageSize: ADMIN_PAGE_SIZE, webhookEnabled, now, pane, error: null };
  } catch (error) {
    log.error("error fetching leads failed", { error: errorText(error) });
    const toast = makeToast("Error fetching leads", "The leads could not be loaded. Please try again.", "destructive");
    return { items: [], counts: NO_COUNTS, total: 0, page: 1, q, status, pageSize: ADMIN_PAGE_SIZE, webhookEnabled, now, pane: null, error: toast };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const { form, user } = await readAdminForm(request, "Error saving lead");
  return leadAction(await db(), user, form);
}

export function meta() {
  return [{ title: "Leads · Admin" }, { name: "robots", content: "noindex" }];
}

/** A note whose save failed without JavaScript (the page came back from the post): its text goes back into the box. */
function keptNoteOf(actionData: Route.ComponentProps["actionData"]) {
  if (!isFormFailure(actionData) || actionData.values.intent !== "note") return undefined;
  const { id, body } = actionData.values;
  const message = actionData.errors.body ?? actionData.toast.description ?? "The note could not be saved.";
  return typeof id === "string" && typeof body === "string" ? { leadId: id, body, message } : undefined;
}

/**
 * 'Won' or 'Lost' without JavaScript: the segment's plain status is refused with the question (the
 * form opens), and a refused value or reason comes back into it with its message.
 */
function keptOutcomeOf(actionData: Route.ComponentProps["actionData"]): (KeptOutcome & { leadId: string }) | undefined {
  if (!isFormFailure(actionData)) return undefined;
  const { intent, id, status, value, reason } = actionData.values;
  const outcome = intent === "status" ? status : intent;
  if (typeof id !== "string" || (outcome !== "won" && outcome !== "lost")) return undefined;
  if (intent === "status") return { leadId: id, outcome, typed: "" };
  const typed = outcome === "won" ? value : reason;
  return {
    leadId: id,
    outcome,
    typed: typeof typed === "string" ? typed : "",
    error: actionData.errors[outcome === "won" ? "value" : "reason"] ?? actionData.toast.description,
  };
}

/** 'Save expected value' refused without JavaScript: the typed value goes back into its field with the reason. */
function keptExpectedOf(actionData: Route.ComponentProps["actionData"]): (KeptExpected & { leadId: string }) | undefined {
  if (!isFormFailure(actionData) || actionData.values.intent !== "expected") return undefined;
  const { id, value } = actionData.values;
  if (typeof id !== "string") return undefined;
  return { leadId: id, typed: typeof value === "string" ? value : "", error: actionData.errors.value ?? actionData.toast.description };
}

export default function AdminLeads({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  useToastFrom(loaderData.error);
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete("page");
  params.delete("lead");
  const exportHref = `/admin/leads/export.csv${params.size ? `?${params}` : ""}`;
  return (
    <AdminPage
      title="Leads"
      description="Audit requests from the site, newest first."
      back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
      secondary={[{ download: exportHref, label: "Export CSV", icon: Download }]}
    >
      <LeadsInbox
        {...loaderData}
        failure={loaderData.error}
        keptNote={keptNoteOf(actionData)}
        keptOutcome={keptOutcomeOf(actionData)}
        keptExpected={keptExpectedOf(actionData)}
      />
    </AdminPage>
  );
}

import type { Route } from "./+types/leads-export";
import { ADMIN_CACHE_CONTROL, requireAdmin } from "~/server/accounts/authz.server";
import { readOrFail } from "~/server/site/records.server";
import { db } from "~/server/db/client.server";
import { recordAudit, withAuditContext } from "~/server/admin/audit.server";
import { readListParams } from "~/server/admin/list-params.server";
import { leadsForExport } from "~/server/leads/lead-queries.server";
import { toCsv } from "~/lib/csv";
import { LEAD_FILTERS, LEAD_STATUS_LABELS } from "~/lib/lead-status";
import { answerEngineName } from "~/lib/answer-engines";

/**
 * 'Export CSV' on /admin/leads: every lead the screen's search and status tab find (the same `q`
 * and `status` parameters, no page limit), newest first, as a download. Admins only.
 */
const HEADER = [
  "Received",
  "Name",
  "Email",
  "Company",
  "Status",
  "Message",
  "Source",
  "Landing page",
  "Converted on",
  "Referrer",
  "UTM source",
  "UTM medium",
  "UTM campaign",
  "Processing time before (hours)",
  "Processing time after (hours)",
  "Error rate before (%)",
  "Error rate after (%)",
  "Manual labor cost before ($)",
  "Manual labor cost after ($)",
  // Added last, so a sheet reading the earlier columns by position keeps reading them (decision 0053).
  "Answer engine",
  // Last touch (decision 0058), after them for the same reason.
  "Last referrer",
  "Last UTM source",
  "Last UTM medium",
  "Last UTM campaign",
  "Last answer engine",
  "Expected value",
  "Deal value",
  "Currency",
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const { q, status } = readListParams(request, LEAD_FILTERS);
  const leads = await readOrFail("Leads", async () => leadsForExport(await db(), { q, status }));
  await withAuditContext(request, async () =>
    recordAudit(await db(), {
      actor: user,
      action: "lead.export",
      target: { type: "lead", label: `${leads.length} leads` },
      summary: `Exported ${leads.length} leads as CSV (status: ${status}${q ? `, search: "${q}"` : ""})`,
    }),
  );
  const rows = leads.map((l) => [
    l.createdAt.toISOString(),
    l.name,
    l.email,
    l.company,
    LEAD_STATUS_LABELS[l.status],
    l.message,
    l.source,
    l.landingPage,
    l.convertedOn,
    l.referrer,
    l.utmSource,
    l.utmMedium,
    l.utmCampaign,
    l.beforeFigures?.time,
    l.afterFigures?.time,
    l.beforeFigures?.errorRate,
    l.afterFigures?.errorRate,
    l.beforeFigures?.cost,
    l.afterFigures?.cost,
    l.answerEngine ? answerEngineName(l.answerEngine) : null,
    l.lastReferrer,
    l.lastUtmSource,
    l.lastUtmMedium,
    l.lastUtmCampaign,
    l.lastAnswerEngine ? answerEngineName(l.lastAnswerEngine) : null,
    l.expectedValue,
    l.dealValue,
    l.dealValue ? l.dealCurrency : l.expectedValue ? l.expectedCurrency : null,
  ]);
  const day = new Date().toISOString().slice(0, 10);
  const filename = `leads-${day}${status === "all" ? "" : `-${status}`}${q ? "-search" : ""}.csv`;
  // A byte order mark first, so spreadsheet apps read the file as UTF-8.
  return new Response(`\uFEFF${toCsv(HEADER, rows)}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": ADMIN_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

import { useLocation } from "react-router";
import { cn } from "~/lib/cn";
import type { Toast } from "~/lib/form-result";
import type { KeptNote, KeptExpected, KeptOutcome, LeadPane, LeadRow } from "~/lib/lead-inbox";
import { LEAD_FILTERS, LEAD_STATUS_LABELS, type LeadFilter } from "~/lib/lead-status";
import { ListBody } from "~/components/admin/admin-page";
import { ListPager, ListSearch, ListTabs, listHref } from "~/components/admin/list-controls";
import { LeadList } from "./lead-list";
import { LeadView, MissingLead, NoLeadOpen } from "./lead-view";

export type LeadsInboxProps = {
  q: string;
  status: LeadFilter;
  counts: Record<LeadFilter, number>;
  total: number;
  page: number;
  pageSize: number;
  items: LeadRow[];
  /** The server's clock when the page was read: the rows' ages count from it. */
  now: string;
  pane: LeadPane;
  webhookEnabled: boolean;
  failure: Toast | null;
  /** A note a save without JavaScript could not keep, for the note box of that lead. */
  keptNote?: KeptNote & { leadId: string };
  keptOutcome?: KeptOutcome & { leadId: string };
  keptExpected?: KeptExpected & { leadId: string };
};

/**
 * /admin/leads as an inbox: the search and the status tabs, then the list and, beside it from
 * `lg` up, the open lead (`?lead=<id>`). Below `lg` the open lead has the screen to itself, with a
 * way back to the list; without one open, the list does.
 */
export function LeadsInbox({
  q,
  status,
  counts,
  total,
  page,
  pageSize,
  items,
  now,
  pane,
  webhookEnabled,
  failure,
  keptNote,
  keptOutcome,
  keptExpected,
}: LeadsInboxProps) {
  const { pathname, search } = useLocation();
  const filtered = q !== "" || status !== "all";
  const opened = pane !== null;
  const openId = pane?.state === "open" ? pane.lead.id : null;
  const backHref = listHref(pathname, search, { lead: null });
  return (
    <div className="flex flex-col gap-4">
      <div className={cn("flex flex-col gap-4", opened && "max-lg:hidden")}>
        <ListSearch label="Search leads" placeholder="Name, email or company" />
        <ListTabs
          label="Leads by status"
          current={status}
          tabs={LEAD_FILTERS.map((value) => ({ value, label: value === "all" ? "All" : LEAD_STATUS_LABELS[value], count: counts[value] }))}
        />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,6fr)]">
        <div className={cn("min-w-0", opened && "max-lg:hidden")}>
          <ListBody failure={failure} count={items.length} empty={{ text: filtered ? "No leads match" : "No leads yet" }}>
            <LeadList items={items} openId={openId} now={now} />
            <ListPager label="Leads" page={page} pageSize={pageSize} total={total} />
          </ListBody>
        </div>
        <div className={cn("min-w-0 lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto lg:overscroll-contain", !opened && "max-lg:hidden")}>
          {pane === null ? (
            <NoLeadOpen />
          ) : pane.state === "missing" ? (
            <MissingLead listHref={backHref} />
          ) : (
            <LeadView
              key={pane.lead.id}
              lead={pane.lead}
              timeline={pane.timeline}
              currency={pane.currency}
              webhookEnabled={webhookEnabled}
              listHref={backHref}
              keptNote={keptNote?.leadId === pane.lead.id ? keptNote : undefined}
              keptOutcome={keptOutcome?.leadId === pane.lead.id ? keptOutcome : undefined}
              keptExpected={keptExpected?.leadId === pane.lead.id ? keptExpected : undefined}
            />
          )}
        </div>
      </div>
    </div>
  );
}

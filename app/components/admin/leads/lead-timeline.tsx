import { useId, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { ArrowRightLeft, CalendarCheck, CalendarClock, CalendarX, CircleAlert, CircleCheck, Inbox, MailCheck, RefreshCw, Send, StickyNote } from "lucide-react";
import { cn } from "~/lib/cn";
import type { FormResult } from "~/lib/form-result";
import type { Actor, StatusOutcome, TimelineItem } from "~/lib/lead-inbox";
import { formatDealValue } from "~/lib/lead-outcome";
import { LEAD_STATUS_LABELS } from "~/lib/lead-status";
import { buttonClass } from "~/components/ui/button";
import { LocalDateTime } from "~/components/ui/local-date-time";
import { useToastFrom } from "~/components/admin/use-toast-from";

/**
 * A lead's story, oldest first so it reads down like a conversation and the note box sits where
 * the next entry goes: the request, each status change (who, when), each note, CRM retries, and
 * where the CRM delivery stands (with 'Retry' when it failed and a webhook is configured).
 */
export function LeadTimeline({
  items,
  leadId,
  leadName,
  webhookEnabled,
}: {
  items: TimelineItem[];
  leadId: string;
  leadName: string;
  webhookEnabled: boolean;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-muted uppercase">
        Timeline
      </h3>
      <ol aria-labelledby={headingId} className="flex flex-col">
        {items.map((item) => (
          <TimelineRow
            key={item.kind === "request" || item.kind === "delivery" || item.kind === "reminder" ? item.kind : item.id}
            item={item}
            leadId={leadId}
            leadName={leadName}
            webhookEnabled={webhookEnabled}
          />
        ))}
      </ol>
    </section>
  );
}

function who(actor: Actor) {
  return actor.name ?? actor.email ?? "the system";
}

const ICON = "size-4";

function Entry({
  icon,
  tone = "muted",
  children,
  at,
  by,
}: {
  icon: ReactNode;
  tone?: "muted" | "good" | "bad";
  children: ReactNode;
  at: string;
  by?: ReactNode;
}) {
  return (
    <li className="relative flex gap-3 pb-4 last:pb-0 [&:not(:last-child)]:before:absolute [&:not(:last-child)]:before:top-8 [&:not(:last-child)]:before:bottom-1 [&:not(:last-child)]:before:left-[0.9375rem] [&:not(:last-child)]:before:w-px [&:not(:last-child)]:before:bg-border">
      <span
        aria-hidden="true"
        className={cn(
          "flex size-8 shrink-0 items-center justify-center rounded-full border",
          tone === "good" && "border-emerald-400/40 bg-emerald-400/10 text-emerald-300",
          tone === "bad" && "border-red-400/40 bg-red-400/10 text-red-200",
          tone === "muted" && "border-border bg-surface-2 text-muted",
        )}
      >
        {icon}
      </span>
      <div className="min-w-0 flex-1 pt-1 text-sm">
        {children}
        <p className="mt-0.5 text-xs text-muted">
          <LocalDateTime value={at} />
          {by ? <> · {by}</> : null}
        </p>
      </div>
    </li>
  );
}

function TimelineRow({ item, leadId, leadName, webhookEnabled }: { item: TimelineItem; leadId: string; leadName: string; webhookEnabled: boolean }) {
  switch (item.kind) {
    case "request":
      return (
        <Entry icon={<Inbox className={ICON} />} at={item.at}>
          <p className="font-medium">Request received{item.source ? <span className="font-normal text-muted"> from {item.source}</span> : null}</p>
        </Entry>
      );
    case "status":
      return (
        <Entry icon={<ArrowRightLeft className={ICON} />} at={item.at} by={`by ${who(item.by)}`}>
          <p>
            {item.via === "status" ? (
              item.from ? (
                <>
                  Status changed from {LEAD_STATUS_LABELS[item.from]} to <strong className="font-semibold">{LEAD_STATUS_LABELS[item.to]}</strong>
                </>
              ) : (
                <>
                  Status set to <strong className="font-semibold">{LEAD_STATUS_LABELS[item.to]}</strong>
                </>
              )
            ) : (
              <>
                Marked as {item.via === "handled" ? "handled" : "not handled"}: now <strong className="font-semibold">{LEAD_STATUS_LABELS[item.to]}</strong>
              </>
            )}
            {item.outcome ? <OutcomeText outcome={item.outcome} /> : null}
          </p>
        </Entry>
      );
    case "note":
      return (
        <Entry
          icon={<StickyNote className={ICON} />}
          at={item.at}
          by={
            <>
              <span className="font-medium text-foreground">{item.by.name ?? item.by.email}</span>
              {item.by.name && item.by.email ? <> ({item.by.email})</> : null}
            </>
          }
        >
          <p className="rounded-lg border border-border bg-surface-2 px-3 py-2 whitespace-pre-wrap break-words">{item.body}</p>
        </Entry>
      );
    case "retry":
      return (
        <Entry icon={<RefreshCw className={ICON} />} at={item.at} by={`by ${who(item.by)}`}>
          <p>CRM delivery queued again</p>
        </Entry>
      );
    case "booking":
      return <BookingEntry item={item} />;
    case "reminder":
      return (
        <Entry icon={<MailCheck className={ICON} />} at={item.at} by="by the system">
          <p>Booking reminder sent</p>
        </Entry>
      );
    case "delivery":
      return <DeliveryEntry item={item} leadId={leadId} leadName={leadName} webhookEnabled={webhookEnabled} />;
  }
}

/** What a change to 'Won' or 'Lost' recorded: the deal's value, or the reason. */
function OutcomeText({ outcome }: { outcome: NonNullable<StatusOutcome> }) {
  return "value" in outcome ? <>, worth {formatDealValue(outcome.value, outcome.currency)}</> : <>: {outcome.reason}</>;
}

const BOOKING_WORDS = {
  "lead.booked": { title: "Call booked", icon: CalendarCheck },
  "lead.rescheduled": { title: "Call moved", icon: CalendarClock },
  "lead.booking-cancelled": { title: "Call cancelled", icon: CalendarX },
  "lead.call-held": { title: "Call held", icon: CalendarCheck },
} as const;

/** A step the scheduler reported: the call booked (for when), moved, cancelled, or held; and the status it left the lead in. */
function BookingEntry({ item }: { item: Extract<TimelineItem, { kind: "booking" }> }) {
  const { title, icon: Icon } = BOOKING_WORDS[item.event];
  const changed = item.from !== null && item.from !== item.to;
  return (
    <Entry icon={<Icon className={ICON} />} tone={item.event === "lead.booking-cancelled" ? "muted" : "good"} at={item.at} by="via the scheduler">
      <p>
        <span className="font-medium">{title}</span>
        {item.meetingAt && item.event !== "lead.booking-cancelled" && item.event !== "lead.call-held" ? (
          <>
            {" "}
            for <LocalDateTime value={item.meetingAt} />
          </>
        ) : null}
        {changed ? (
          <>
            : now <strong className="font-semibold">{LEAD_STATUS_LABELS[item.to]}</strong>
          </>
        ) : null}
      </p>
    </Entry>
  );
}

function DeliveryEntry({
  item,
  leadId,
  leadName,
  webhookEnabled,
}: {
  item: Extract<TimelineItem, { kind: "delivery" }>;
  leadId: string;
  leadName: string;
  webhookEnabled: boolean;
}) {
  const fetcher = useFetcher<FormResult>({ key: `lead-retry-${leadId}` });
  useToastFrom(fetcher.data?.toast);
  const attempts = `${item.attempts} ${item.attempts === 1 ? "attempt" : "attempts"}`;
  if (item.status === "delivered") {
    return (
      <Entry icon={<CircleCheck className={ICON} />} tone="good" at={item.at}>
        <p>Sent to the CRM</p>
      </Entry>
    );
  }
  if (item.status === "pending") {
    return (
      <Entry icon={<Send className={ICON} />} at={item.at}>
        <p>
          Sending to the CRM
          {item.attempts > 0 ? ` (attempt ${item.attempts} failed: ${item.error ?? "unknown error"}; retrying)` : "…"}
        </p>
      </Entry>
    );
  }
  return (
    <Entry icon={<CircleAlert className={ICON} />} tone="bad" at={item.at}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold text-red-200">Webhook delivery failed</p>
          <p className="break-words text-muted">
            {item.error ?? "Unknown error"} · {attempts}
          </p>
        </div>
        {webhookEnabled ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="retry-webhook" />
            <input type="hidden" name="id" value={leadId} />
            <button
              type="submit"
              disabled={fetcher.state !== "idle"}
              className={buttonClass({ variant: "outline", size: "sm" })}
              aria-label={`Retry: ${leadName}`}
            >
              Retry
            </button>
          </fetcher.Form>
        ) : null}
      </div>
    </Entry>
  );
}

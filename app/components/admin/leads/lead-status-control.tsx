import { useCallback, useId, useRef, useState } from "react";
import { useFetcher, useFetchers } from "react-router";
import { cn } from "~/lib/cn";
import type { FormResult } from "~/lib/form-result";
import type { KeptOutcome } from "~/lib/lead-inbox";
import { LEAD_STATUS_LABELS, LEAD_STATUS_VALUES, type LeadStatusValue } from "~/lib/lead-status";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { LeadOutcomeForm } from "./lead-outcome-form";

/** The fetcher of one lead's status, shared by its control and anything that shows the status meanwhile. */
export const statusFetcherKey = (leadId: string) => `lead-status-${leadId}`;

function isStatus(value: unknown): value is LeadStatusValue {
  return LEAD_STATUS_VALUES.some((s) => s === value);
}

/** The statuses being saved right now, by lead id: the list shows them before the server has answered. */
export function usePendingStatuses(): ReadonlyMap<string, LeadStatusValue> {
  const pending = new Map<string, LeadStatusValue>();
  for (const fetcher of useFetchers()) {
    const form = fetcher.formData;
    const id = form?.get("id");
    const intent = form?.get("intent");
    const status = intent === "won" || intent === "lost" ? intent : form?.get("status");
    if ((intent === "status" || intent === "won" || intent === "lost") && typeof id === "string" && isStatus(status)) pending.set(id, status);
  }
  return pending;
}

/**
 * A lead's status as one click: a segmented control of the seven statuses, the current one pressed.
 * Each segment is a submit button of one form, so it works without JavaScript (the page comes back
 * with the lead open); with it, a fetcher saves the status, the control shows it at once and the
 * server's toast ('Status updated') follows. Pressing the current status does nothing. 'Won' first
 * asks the deal's value and 'Lost' the reason (lead-outcome-form.tsx): with the script the form opens
 * at once; without it the server refuses the plain status and the page comes back with the form
 * open (`kept`), and again with the message when the value or reason is refused.
 */
export function LeadStatusControl({
  leadId,
  leadName,
  status,
  currency,
  expectedValue = null,
  kept,
}: {
  leadId: string;
  leadName: string;
  status: LeadStatusValue;
  currency: string;
  /** The open lead's expected value in `currency`: 'Won' starts with it. */
  expectedValue?: string | null;
  kept?: KeptOutcome;
}) {
  const key = statusFetcherKey(leadId);
  const fetcher = useFetcher<FormResult>({ key });
  useToastFrom(fetcher.data?.toast);
  const intent = fetcher.formData?.get("intent");
  const asked = intent === "won" || intent === "lost" ? intent : fetcher.formData?.get("status");
  const shown = isStatus(asked) ? asked : status;
  const labelId = useId();
  const [asking, setAsking] = useState<"won" | "lost" | null>(kept?.outcome ?? null);
  const group = useRef<HTMLDivElement>(null);
  const done = useCallback(
    (saved: boolean) => {
      if (!saved) group.current?.querySelector<HTMLButtonElement>(`button[value="${asking}"]`)?.focus();
      setAsking(null);
    },
    [asking],
  );
  return (
    <div className="flex flex-col gap-3">
      <fetcher.Form method="post" className="flex flex-col gap-1.5">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="id" value={leadId} />
        <span id={labelId} className="text-xs font-semibold tracking-wide text-muted uppercase">
          Status<span className="sr-only"> of {leadName}</span>
        </span>
        <div ref={group} role="group" aria-labelledby={labelId} className="flex flex-wrap rounded-2xl border border-border bg-surface-2/60 p-0.5">
          {LEAD_STATUS_VALUES.map((value) => {
            const pressed = value === shown;
            return (
              <button
                key={value}
                type="submit"
                name="status"
                value={value}
                aria-pressed={pressed}
                onClick={(event) => {
                  if (pressed) return event.preventDefault();
                  if (value === "won" || value === "lost") {
                    event.preventDefault();
                    setAsking(value);
                  }
                }}
                className={cn(
                  "h-8 min-w-0 flex-auto rounded-full px-1.5 text-xs font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 sm:px-2 sm:text-sm",
                  pressed ? "bg-primary-strong text-primary-foreground" : "text-muted hover:bg-surface hover:text-foreground",
                )}
              >
                {LEAD_STATUS_LABELS[value]}
              </button>
            );
          })}
        </div>
      </fetcher.Form>
      {asking ? (
        <LeadOutcomeForm
          leadId={leadId}
          leadName={leadName}
          outcome={asking}
          currency={currency}
          startValue={expectedValue}
          fetcherKey={key}
          onDone={done}
          kept={kept?.outcome === asking ? kept : undefined}
        />
      ) : null}
    </div>
  );
}

import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { FormResult } from "~/lib/form-result";
import type { KeptOutcome } from "~/lib/lead-inbox";
import { buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";

/**
 * What 'Won' and 'Lost' ask before the status changes: the deal's value (in the settings'
 * currency) or the reason. Its own form on the status's fetcher, so the list shows the new status
 * as soon as it is sent; its first field takes the focus; 'Cancel' puts the focus back on the
 * status that was pressed.
 */
export function LeadOutcomeForm({
  leadId,
  leadName,
  outcome,
  currency,
  startValue = null,
  fetcherKey,
  onDone,
  kept,
}: {
  leadId: string;
  leadName: string;
  outcome: "won" | "lost";
  currency: string;
  /** 'Won': the value the field starts with (the lead's expected value), null for none. */
  startValue?: string | null;
  fetcherKey: string;
  onDone: (saved: boolean) => void;
  /** Without JavaScript: what the page came back with (the value or reason typed, and why it was refused). */
  kept?: KeptOutcome;
}) {
  const fetcher = useFetcher<FormResult>({ key: fetcherKey });
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [outcome]);
  const sent = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") sent.current = true;
    else if (sent.current && fetcher.data?.ok) onDone(true);
  }, [fetcher.state, fetcher.data, onDone]);
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : kept?.error ? { [outcome === "won" ? "value" : "reason"]: kept.error } : {};
  const won = outcome === "won";
  return (
    <fetcher.Form
      method="post"
      noValidate
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface-2/60 p-3"
      aria-label={won ? `Mark ${leadName} as won` : `Mark ${leadName} as lost`}
    >
      <input type="hidden" name="intent" value={outcome} />
      <input type="hidden" name="id" value={leadId} />
      {won ? (
        <TextField
          ref={input}
          id={`deal-value-${leadId}`}
          name="value"
          label={`Deal value (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          required
          defaultValue={kept?.typed || startValue || undefined}
          error={errors.value}
          hint="The value of the work won, e.g. 12000."
        />
      ) : (
        <TextField
          ref={input}
          id={`lost-reason-${leadId}`}
          name="reason"
          label="Why was it lost?"
          maxLength={500}
          required
          defaultValue={kept?.typed}
          error={errors.reason}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={fetcher.state !== "idle"} className={buttonClass({ size: "sm" })}>
          {won ? "Mark as won" : "Mark as lost"}
        </button>
        <button type="button" onClick={() => onDone(false)} className={buttonClass({ variant: "outline", size: "sm" })}>
          Cancel
        </button>
      </div>
    </fetcher.Form>
  );
}

import { useFetcher } from "react-router";
import { isFormFailure, type FormResult } from "~/lib/form-result";
import type { KeptExpected } from "~/lib/lead-inbox";
import { buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useToastFrom } from "~/components/admin/use-toast-from";

/**
 * 'Expected value' of an open lead (decision 0058): what its deal is expected to be worth, in the
 * settings' currency, summed as the pipeline's value on /admin/analytics. Empty clears it. A refused
 * value stays in the field with the reason under it; without JavaScript the page comes back with it
 * (`kept`). Keyed by the saved value by its parent, so a saved value shows as saved.
 */
export function LeadExpectedValueForm({
  leadId,
  leadName,
  value,
  currency,
  kept,
}: {
  leadId: string;
  leadName: string;
  /** The value saved now (in `currency`), null for none. */
  value: string | null;
  currency: string;
  kept?: KeptExpected;
}) {
  const fetcher = useFetcher<FormResult>({ key: `lead-expected-${leadId}` });
  useToastFrom(fetcher.data?.toast);
  const failed = fetcher.state === "idle" && isFormFailure(fetcher.data) ? (fetcher.data.errors.value ?? fetcher.data.toast.description) : undefined;
  return (
    <fetcher.Form method="post" noValidate aria-label={`Expected value of ${leadName}`} className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="expected" />
      <input type="hidden" name="id" value={leadId} />
      <div className="min-w-48 flex-1">
        <TextField
          id={`expected-value-${leadId}`}
          name="value"
          label={`Expected value (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          defaultValue={kept?.typed ?? value ?? ""}
          error={failed ?? kept?.error}
          hint="What the deal may be worth, counted in the pipeline until it is won or lost. Leave empty for none."
        />
      </div>
      <button type="submit" disabled={fetcher.state !== "idle"} className={buttonClass({ variant: "outline", size: "sm", className: "mb-0.5" })}>
        Save expected value
      </button>
    </fetcher.Form>
  );
}

import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { Plus } from "lucide-react";
import { isFormFailure, type FormResult } from "~/lib/form-result";
import type { KeptNote } from "~/lib/lead-inbox";
import { MAX_LEAD_NOTE_LENGTH } from "~/lib/admin-validation";
import { buttonClass } from "~/components/ui/button";
import { controlClass } from "~/components/ui/field";
import { useToastFrom } from "~/components/admin/use-toast-from";

/**
 * 'Add note': a disclosure (details/summary, so it opens without JavaScript too) that reveals the
 * note's text area and 'Save note'. Saved through a fetcher, the note joins the timeline and the
 * box closes empty (the form is keyed by the number of notes), with the focus back on 'Add note'.
 * A save that fails keeps the text where it is and says why under it; without JavaScript the page
 * comes back with the box open, the text the server was sent and the reason (`kept`).
 */
export function LeadNoteForm({ leadId, leadName, noteCount, kept }: { leadId: string; leadName: string; noteCount: number; kept?: KeptNote }) {
  const fetcher = useFetcher<FormResult>({ key: `lead-note-${leadId}` });
  useToastFrom(fetcher.data?.toast);
  const id = useId();
  const summary = useRef<HTMLElement>(null);
  const saved = fetcher.state === "idle" && fetcher.data?.ok === true;
  const failed = fetcher.state === "idle" && isFormFailure(fetcher.data) ? (fetcher.data.errors.body ?? fetcher.data.toast.description) : undefined;
  const problem = failed ?? kept?.message;
  const savedCount = useRef(noteCount);

  // Once a save has landed (the note is on the lead), the fresh, closed box takes the focus back.
  useEffect(() => {
    if (saved && noteCount !== savedCount.current) summary.current?.focus();
    savedCount.current = noteCount;
  }, [saved, noteCount]);

  return (
    <details key={noteCount} open={kept !== undefined} className="group">
      <summary
        ref={summary}
        className={buttonClass({ variant: "outline", size: "sm", className: "w-fit cursor-pointer list-none [&::-webkit-details-marker]:hidden" })}
      >
        <Plus aria-hidden="true" className="size-4" />
        Add note
      </summary>
      <fetcher.Form method="post" className="mt-3 flex flex-col gap-2">
        <input type="hidden" name="intent" value="note" />
        <input type="hidden" name="id" value={leadId} />
        <label htmlFor={`${id}-note`} className="text-sm font-medium">
          New note on {leadName}
        </label>
        <textarea
          id={`${id}-note`}
          name="body"
          required
          rows={3}
          maxLength={MAX_LEAD_NOTE_LENGTH}
          defaultValue={kept?.body}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className={controlClass({ multiline: true })}
        />
        {problem ? (
          <p id={`${id}-problem`} className="text-sm text-red-200">
            {problem}
          </p>
        ) : null}
        <button type="submit" disabled={fetcher.state !== "idle"} className={buttonClass({ variant: "primary", size: "sm", className: "w-fit" })}>
          Save note
        </button>
      </fetcher.Form>
    </details>
  );
}

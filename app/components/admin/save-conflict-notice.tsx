import { useId, type ReactNode } from "react";
import { RotateCcw } from "lucide-react";
import { LocalDateTime } from "~/components/ui/local-date-time";
import type { VersionConflict } from "~/lib/save-conflict";

/**
 * Shown above a form whose save was refused because someone saved the record since it was
 * opened (decision 0055): the message, who saved and when, and the two ways on: load the saved
 * version (the page again, the typed text given up) or save what is typed over it (`saveOver`:
 * a submit button of the form, which now carries the saved version). An action that takes no
 * typed text ('Discard draft', 'Restore this version', a preview link's buttons) offers only the
 * saved version, and its heading names what was refused (`refused`: "Not discarded").
 */
export function SaveConflictNotice({
  what,
  refused = "Not saved",
  message,
  conflict,
  reloadHref,
  saveOver,
}: {
  /** What changed, in the heading: "case study", "landing page". */
  what: string;
  /** What did not happen, first in the heading: "Not saved" (the default), "Not discarded". */
  refused?: string;
  message: string;
  conflict: VersionConflict;
  reloadHref: string;
  saveOver?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section role="alert" aria-labelledby={titleId} className="mb-6 space-y-3 rounded-2xl border border-red-400/50 bg-red-500/10 p-5">
      <h2 id={titleId} className="font-semibold">
        {refused}: this {what} changed
      </h2>
      <p className="text-sm">{message}</p>
      {conflict.authorName && conflict.savedAt ? (
        <p className="text-sm text-muted">
          Saved by {conflict.authorName} on <LocalDateTime value={conflict.savedAt} />.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {saveOver}
        {/* A page load: the form opens again on the saved version. */}
        <a
          href={reloadHref}
          className="inline-flex min-h-10 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-primary underline underline-offset-4 hover:bg-surface-2"
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          Load the saved version
        </a>
      </div>
    </section>
  );
}

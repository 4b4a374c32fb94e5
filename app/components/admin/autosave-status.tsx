import { KEPT_FORM_NAMES, STATUS_TEXT, type AutosaveStatus as Status, type KeptForm } from "~/lib/autosave";
import { Button } from "~/components/ui/button";
import { LocalDateTime } from "~/components/ui/local-date-time";
import type { RestoreOffer } from "./use-autosave";

/** The autosave status line: 'Saving...', 'Saved' or 'Unsaved changes', announced politely. */
export function AutosaveStatus({ status }: { status: Status }) {
  return (
    <p aria-live="polite" className="min-h-5 self-center text-sm text-muted" data-autosave-status={status}>
      {STATUS_TEXT[status]}
    </p>
  );
}

/** The notice offering back changes that were typed but never saved, with 'Restore unsaved changes' and 'Discard'. */
export function RestoreNotice({ form, offer, onRestore, onDiscard }: { form: KeptForm; offer: RestoreOffer; onRestore: () => void; onDiscard: () => void }) {
  return (
    <section aria-labelledby="restore-notice-title" className="mb-6 rounded-xl border border-amber-400/40 bg-amber-400/10 p-4">
      <h2 id="restore-notice-title" className="font-semibold">
        This {KEPT_FORM_NAMES[form]} has changes that were not saved
      </h2>
      <p className="mt-1 text-sm text-muted">
        Typed <LocalDateTime value={offer.savedAt} />
        {offer.source === "browser" ? " and kept in this browser." : " and kept as an unsaved change: readers still see the published version."}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={onRestore}>
          Restore unsaved changes
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </section>
  );
}

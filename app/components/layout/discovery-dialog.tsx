import { useEffect } from "react";
import { ExternalLink } from "lucide-react";
import { discoveryDialog, dialogCopy } from "~/content/site";
import { SCHEDULING_FRAME_HEIGHT } from "~/content/motion";
import { Dialog } from "~/components/ui/dialog";
import { newTabLink } from "~/components/ui/new-tab";
import { trackEvent } from "~/lib/browser/analytics";

/** 'Book a Discovery Call': the scheduling page in a 600 px frame, loaded only while open, with a link fallback. */
export function DiscoveryDialog({
  open,
  onClose,
  schedulingUrl,
  returnFocus,
}: {
  open: boolean;
  onClose: () => void;
  schedulingUrl: string;
  returnFocus?: (() => HTMLElement | null) | undefined;
}) {
  useEffect(() => {
    if (open) trackEvent("work_open");
  }, [open]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={discoveryDialog.title}
      description={discoveryDialog.description}
      closeLabel={dialogCopy.close}
      returnFocus={returnFocus}
    >
      {open ? (
        <iframe
          src={schedulingUrl}
          title={discoveryDialog.frameTitle}
          style={{ height: SCHEDULING_FRAME_HEIGHT }}
          className="w-full rounded-xl border border-border bg-white"
          loading="eager"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : null}
      <p className="mt-4 text-center text-sm">
        <a href={schedulingUrl} {...newTabLink} className="inline-flex items-center gap-1.5 text-accent underline underline-offset-4">
          {discoveryDialog.fallback}
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      </p>
    </Dialog>
  );
}

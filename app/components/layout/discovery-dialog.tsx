import { useEffect, useState } from "react";
import { ExternalLink } from "lucide-react";
import { discoveryDialog, dialogCopy } from "~/content/site";
import { SCHEDULING_FRAME_HEIGHT } from "~/content/motion";
import { Dialog } from "~/components/ui/dialog";
import { newTabLink } from "~/components/ui/new-tab";
import { trackEvent } from "~/lib/browser/analytics";

/**
 * The scheduling page with this visit's booking reference (POST /api/booking-ref: the visit's
 * attribution, signed; nothing stored in the browser), so the scheduler's webhook can credit the
 * booking; the page without it when the reference cannot be had within a moment.
 */
function useBookingSrc(open: boolean, schedulingUrl: string) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!open || src !== null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 2000);
    fetch("/api/booking-ref", { method: "POST", headers: { Accept: "application/json" }, signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ url?: unknown }>) : null))
      .then((body) => setSrc(typeof body?.url === "string" ? body.url : schedulingUrl))
      .catch(() => setSrc(schedulingUrl))
      .finally(() => clearTimeout(timer));
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, src, schedulingUrl]);
  return src;
}

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
  const src = useBookingSrc(open, schedulingUrl);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={discoveryDialog.title}
      description={discoveryDialog.description}
      closeLabel={dialogCopy.close}
      returnFocus={returnFocus}
    >
      {open && src ? (
        <iframe
          src={src}
          title={discoveryDialog.frameTitle}
          style={{ height: SCHEDULING_FRAME_HEIGHT }}
          className="w-full rounded-xl border border-border bg-white"
          loading="eager"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : open ? (
        // The frame's place while its reference is asked for, so nothing moves when it comes.
        <div aria-hidden="true" style={{ height: SCHEDULING_FRAME_HEIGHT }} className="w-full rounded-xl border border-border bg-white/5" />
      ) : null}
      <p className="mt-4 text-center text-sm">
        <a href={src ?? schedulingUrl} {...newTabLink} className="inline-flex items-center gap-1.5 text-accent underline underline-offset-4">
          {discoveryDialog.fallback}
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      </p>
    </Dialog>
  );
}

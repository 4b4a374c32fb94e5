import { Share2 } from "lucide-react";
import { toast } from "~/components/ui/toast";
import { buttonClass } from "~/components/ui/button";
import { shareCopy as copy } from "~/content/blog";

const SHARE_FAILED = { ...copy.failed, variant: "destructive" } as const;

/** True when the visitor closed the share dialog themselves: that is no failure, so no toast. */
function isCancel(error: unknown) {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}

/** 'Share Article': the browser's share dialog, else the page address copied to the clipboard; a toast says which worked, or that neither did. */
export function ShareButton({ title, text }: { title: string; text: string }) {
  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        toast(copy.shared);
      } catch (error) {
        if (!isCancel(error)) toast(SHARE_FAILED);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast(copy.copied);
    } catch {
      toast(SHARE_FAILED);
    }
  }

  return (
    <button type="button" onClick={() => void share()} className={buttonClass({ variant: "outline", size: "sm" })}>
      <Share2 aria-hidden="true" className="size-4" />
      {copy.button}
    </button>
  );
}

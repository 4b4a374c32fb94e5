import { Share2 } from "lucide-react";
import { toast } from "~/components/ui/toast";
import { buttonClass } from "~/components/ui/button";

const SHARE_FAILED = { title: "Share failed", description: "Could not share the article. Please try again.", variant: "destructive" } as const;

/** True when the visitor closed the share dialog themselves: SPEC.md §8 says that stays silent. */
function isCancel(error: unknown) {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}

/** 'Share Article': the browser's share dialog, else the page address copied to the clipboard (SPEC.md §8 toasts). */
export function ShareButton({ title, text }: { title: string; text: string }) {
  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        toast({ title: "Shared successfully", description: "Thanks for sharing!" });
      } catch (error) {
        if (!isCancel(error)) toast(SHARE_FAILED);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: "Article link copied to clipboard!" });
    } catch {
      toast(SHARE_FAILED);
    }
  }

  return (
    <button type="button" onClick={share} className={buttonClass({ variant: "outline", size: "sm" })}>
      <Share2 aria-hidden="true" className="size-4" />
      Share Article
    </button>
  );
}

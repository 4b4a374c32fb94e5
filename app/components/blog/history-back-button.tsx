import type { FormEvent } from "react";
import { ArrowLeft } from "lucide-react";

/**
 * A button that goes back in history, or to /blog when this page was opened directly.
 * It is a GET form to /blog, so without JavaScript it still leads somewhere useful. An island of
 * the post page (docs/decisions/0027): the History API, no router.
 */
export function HistoryBackButton({ label, className }: { label: string; className?: string }) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // React Router numbers its history entries (in the back-office's app, or a post the blog list
    // opened in place): 0 is the first page it rendered in this document.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    // Else a page load from another page of this site (a link in an article, the list) left a referrer.
    if (index > 0 || cameFromThisSite()) window.history.back();
    else window.location.assign("/blog");
  }
  return (
    <form action="/blog" method="get" onSubmit={onSubmit}>
      <button type="submit" className={className}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {label}
      </button>
    </form>
  );
}

function cameFromThisSite() {
  if (!document.referrer || window.history.length < 2) return false;
  try {
    const from = new URL(document.referrer);
    return from.origin === window.location.origin && from.href !== window.location.href;
  } catch {
    return false;
  }
}

import type { FormEvent, ReactNode } from "react";
import { useNavigate } from "react-router";

/**
 * A button that goes back in history, or to /blog when this page was opened directly.
 * It is a GET form to /blog, so without JavaScript it still leads somewhere useful.
 */
export function HistoryBackButton({ children, className }: { children: ReactNode; className?: string }) {
  const navigate = useNavigate();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // React Router numbers its history entries: 0 is the first page it rendered in this document.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    // A full page load from another page of this site (e.g. a link in an article) left a referrer.
    else if (cameFromThisSite()) window.history.back();
    else void navigate("/blog");
  }
  return (
    <form action="/blog" method="get" onSubmit={onSubmit}>
      <button type="submit" className={className}>
        {children}
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

import { useEffect, useRef, type ReactNode } from "react";
import { ExternalLink } from "lucide-react";
import { LinkButton } from "./admin-page";
import { buttonClass } from "~/components/ui/button";

/**
 * An editor's actions, stuck to the bottom of the window however long the form: the record's
 * status, the autosave line, 'View post' (published only, in a new tab), 'Cancel' and the submit
 * button. At the end of the page it rests below the form, so it never hides the last field; while
 * it is mounted the page scrolls focused fields clear of it, and toasts sit above it (its height is
 * `--action-bar-height` on the root, which the Toaster reads).
 */
export function EditorActionBar({
  label,
  status,
  autosave,
  viewHref,
  viewLabel,
  cancelTo,
  submit,
}: {
  label: string;
  status: ReactNode;
  autosave?: ReactNode;
  viewHref: string | null;
  viewLabel: string;
  cancelTo: string;
  submit: ReactNode;
}) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = document.documentElement;
    const element = bar.current;
    if (!element) return;
    const fit = () => {
      root.style.scrollPaddingBottom = `${element.offsetHeight + 16}px`;
      root.style.setProperty("--action-bar-height", `${element.offsetHeight}px`);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = "";
      root.style.removeProperty("--action-bar-height");
    };
  }, []);

  return (
    <div
      ref={bar}
      role="region"
      aria-label={label}
      className="sticky bottom-0 z-20 -mx-4 mt-6 border-t border-border bg-background/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6"
      data-action-bar
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-muted">
          {status}
          {autosave}
        </div>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {viewHref ? (
            <a href={viewHref} target="_blank" rel="noopener" className={buttonClass({ variant: "outline", size: "sm", className: "h-11" })}>
              <ExternalLink aria-hidden="true" className="size-4" />
              {viewLabel}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
          <LinkButton to={cancelTo} variant="ghost" className="h-11">
            Cancel
          </LinkButton>
          {submit}
        </div>
      </div>
    </div>
  );
}

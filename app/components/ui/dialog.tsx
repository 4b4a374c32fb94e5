import { useEffect, useRef, type ReactNode } from "react";
import { useStableId } from "~/islands/ids";
import { X } from "lucide-react";
import { cn } from "~/lib/cn";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native <dialog> element: 90% of the viewport wide up to 1200 px, at most
 * 90% high; closes by its close button, a backdrop click or Escape; locks page scroll; keeps Tab
 * inside; gives focus back to the element that opened it, or to `returnFocus` when the opener
 * goes away with the dialog (a button in a menu that closes when the dialog opens).
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  closeLabel,
  children,
  className,
  returnFocus,
}: {
  returnFocus?: (() => HTMLElement | null) | undefined;
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  closeLabel: string;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useStableId();
  const descriptionId = useStableId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // Focus dropped to the page while the dialog is open (a frame swapping its document while it
    // holds focus does that): the next Tab brings it back inside instead of leaving the dialog.
    const keepFocusInside = (event: KeyboardEvent) => {
      if (event.key !== "Tab" || dialog.contains(document.activeElement)) return;
      const items = focusableIn(dialog);
      const target = event.shiftKey ? items[items.length - 1] : items[0];
      if (!target) return;
      event.preventDefault();
      target.focus();
    };
    document.addEventListener("keydown", keepFocusInside);
    const { overflow, paddingRight } = document.body.style;
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    document.documentElement.style.overflow = "hidden";
    document.body.style.overflow = "hidden";
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
    return () => {
      document.removeEventListener("keydown", keepFocusInside);
      if (dialog.open) dialog.close();
      document.documentElement.style.overflow = "";
      document.body.style.overflow = overflow;
      document.body.style.paddingRight = paddingRight;
      // After close(): the browser's own focus restoring (to the opener) would undo this.
      const back = returnFocus?.() ?? opener;
      if (back?.isConnected) back.focus();
    };
  }, [open, returnFocus]);

  function onKeyDown(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const items = ref.current ? focusableIn(ref.current) : [];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      onKeyDown={onKeyDown}
      className={cn(
        "m-auto max-h-[90vh] w-[90vw] max-w-[1200px] overflow-hidden rounded-2xl border border-border bg-surface p-0 text-foreground shadow-2xl backdrop:bg-black/70 backdrop:backdrop-blur-sm",
        className,
      )}
    >
      <div className="flex max-h-[90vh] flex-col">
        <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4 sm:px-7">
          <div>
            <h2 id={titleId} className="text-xl font-semibold sm:text-2xl">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-muted">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="-mr-2 rounded-full p-2 text-muted hover:bg-surface-2 hover:text-foreground"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div className="overflow-y-auto px-5 py-5 sm:px-7">{children}</div>
      </div>
    </dialog>
  );
}

/** The dialog's visible focusable elements (and the focused one, even if hidden), in document order. */
function focusableIn(dialog: HTMLElement) {
  return Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null || el === document.activeElement);
}

import { useEffect, useState, useSyncExternalStore } from "react";
import { X } from "lucide-react";
import { cva } from "class-variance-authority";
import { wakeIslands } from "~/islands/wake";
import type { ToastLink } from "~/lib/form-result";

/**
 * Toasts carry an id, title, optional description, variant and open flag. One is visible at a
 * time (a new toast replaces the previous); a dismissed toast is removed after TOAST_REMOVE_DELAY.
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
/** How long a toast stays open before it closes by itself. */
export const TOAST_OPEN_MS = 6000;
/** A toast with a button ('Undo') or a link ('View post') stays longer, and never closes while pointed at or focused. */
export const TOAST_ACTION_OPEN_MS = 12_000;

export type ToastVariant = "default" | "destructive";
/** A button in the toast; using it closes the toast. */
export type ToastAction = { label: string; onAction: () => void };
export type Toast = { id: string; title: string; description?: string; variant: ToastVariant; open: boolean; action?: ToastAction; link?: ToastLink };
export type ToastInput = { title: string; description?: string; variant?: ToastVariant; action?: ToastAction; link?: ToastLink };

let toasts: Toast[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id?: string) {
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) {
    if (t.open || removalTimers.has(t.id)) continue;
    removalTimers.set(
      t.id,
      setTimeout(() => {
        removalTimers.delete(t.id);
        emit(toasts.filter((x) => x.id !== t.id));
      }, TOAST_REMOVE_DELAY),
    );
  }
}

/** Shows a toast (replacing the one on screen); returns its id. */
export function toast(input: ToastInput) {
  const id = String(++counter);
  const { title, description, variant = "default", action, link } = input;
  const next: Toast = { id, title, description, variant, open: true, action, link };
  emit([next, ...toasts].slice(0, TOAST_LIMIT));
  // On a public page the toaster is an island that starts with its first toast.
  wakeIslands("toaster");
  return id;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const serverSnapshot: Toast[] = [];

export function useToasts() {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => serverSnapshot,
  );
}

/**
 * Renders the open toast in a polite live region (assertive for destructive ones). Mount once.
 * The toast closes by itself after a while, unless the pointer or the keyboard focus is on it.
 * On phones it sits at the top, under the header, so it never covers a sticky action bar at the
 * bottom of the screen (an editor's); from 640 px it sits at the bottom right, above that bar when
 * there is one (`--action-bar-height`, set by EditorActionBar): over it, a refusal's toast hid the
 * save button for its six seconds.
 */
export function Toaster() {
  const list = useToasts();
  const current = list.find((t) => t.open);
  // Which toast the pointer or the focus is on; a new toast starts unheld.
  const [held, setHeld] = useState<{ id: string; pointer: boolean; focus: boolean } | null>(null);
  const paused = Boolean(current && held?.id === current.id && (held.pointer || held.focus));
  useEffect(() => {
    if (!current || paused) return;
    const timer = setTimeout(() => dismissToast(current.id), current.action || current.link ? TOAST_ACTION_OPEN_MS : TOAST_OPEN_MS);
    return () => clearTimeout(timer);
  }, [current, paused]);
  const hold = (id: string, change: { pointer?: boolean; focus?: boolean }) =>
    setHeld((h) => ({ ...(h?.id === id ? h : { pointer: false, focus: false }), ...change, id }));
  const card = current ? <ToastCard key={current.id} toast={current} hold={(change) => hold(current.id, change)} /> : null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-14 z-[100] flex justify-center p-4 sm:top-auto sm:bottom-[var(--action-bar-height,0px)] sm:justify-end">
      <div role="status" aria-live="polite" aria-atomic="true" className="w-full max-w-sm">
        {current && current.variant !== "destructive" ? card : null}
      </div>
      <div
        role="alert"
        aria-live="assertive"
        aria-atomic="true"
        className="absolute inset-x-4 top-4 mx-auto max-w-sm sm:top-auto sm:right-4 sm:bottom-4 sm:left-auto sm:mx-0 sm:w-full"
      >
        {current && current.variant === "destructive" ? card : null}
      </div>
    </div>
  );
}

const toastCard = cva("pointer-events-auto relative w-full rounded-xl border p-4 pr-10 shadow-2xl", {
  variants: {
    variant: {
      default: "border-border bg-surface-2 text-foreground",
      destructive: "border-red-500 bg-red-700 text-white",
    } satisfies Record<ToastVariant, string>,
  },
});

const TOAST_BUTTON =
  "mt-3 mr-2 inline-block rounded-full border border-current/40 px-4 py-1.5 text-sm font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2";

/** One toast; `hold` reports the pointer or the focus arriving on it or leaving it; Escape closes it. */
function ToastCard({ toast: t, hold }: { toast: Toast; hold: (change: { pointer?: boolean; focus?: boolean }) => void }) {
  const closeOnEscape = (event: React.KeyboardEvent) => {
    if (event.key === "Escape") dismissToast(t.id);
  };
  return (
    <div
      data-variant={t.variant}
      className={toastCard({ variant: t.variant })}
      onPointerEnter={() => hold({ pointer: true })}
      onPointerLeave={() => hold({ pointer: false })}
      onFocus={() => hold({ focus: true })}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) hold({ focus: false });
      }}
    >
      <p className="text-sm font-semibold">{t.title}</p>
      {t.description ? <p className="mt-1 text-sm opacity-90">{t.description}</p> : null}
      {t.link ? (
        <a href={t.link.href} onClick={() => dismissToast(t.id)} onKeyDown={closeOnEscape} className={TOAST_BUTTON}>
          {t.link.label}
        </a>
      ) : null}
      {t.action ? (
        <button
          type="button"
          onClick={() => {
            dismissToast(t.id);
            t.action?.onAction();
          }}
          onKeyDown={closeOnEscape}
          className={TOAST_BUTTON}
        >
          {t.action.label}
        </button>
      ) : null}
      <button
        type="button"
        onClick={() => dismissToast(t.id)}
        onKeyDown={closeOnEscape}
        className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100"
        aria-label="Dismiss notification"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/** Shows one toast as soon as it is mounted (a public page's island: the error of its server render, e.g. /team's). */
export function ToastOnLoad(input: ToastInput) {
  const { title, description, variant } = input;
  useEffect(() => {
    toast({ title, description, variant });
  }, [title, description, variant]);
  return null;
}

import { useEffect, useSyncExternalStore } from "react";
import { X } from "lucide-react";
import { cva } from "class-variance-authority";

/**
 * Toasts carry an id, title, optional description, variant and open flag. One is visible at a
 * time (a new toast replaces the previous); a dismissed toast is removed after TOAST_REMOVE_DELAY.
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
/** How long a toast stays open before it closes by itself. */
export const TOAST_OPEN_MS = 6000;

export type ToastVariant = "default" | "destructive";
export type Toast = { id: string; title: string; description?: string; variant: ToastVariant; open: boolean };
export type ToastInput = { title: string; description?: string; variant?: ToastVariant };

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
  emit([{ id, title: input.title, description: input.description, variant: input.variant ?? "default", open: true }, ...toasts].slice(0, TOAST_LIMIT));
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

/** Renders the open toast in a polite live region (assertive for destructive ones). Mount once. */
export function Toaster() {
  const list = useToasts();
  const current = list.find((t) => t.open);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => dismissToast(current.id), TOAST_OPEN_MS);
    return () => clearTimeout(timer);
  }, [current]);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex justify-center p-4 sm:justify-end">
      <div role="status" aria-live="polite" aria-atomic="true" className="w-full max-w-sm">
        {current && current.variant !== "destructive" ? <ToastCard toast={current} /> : null}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" className="absolute bottom-4 w-full max-w-sm sm:right-4">
        {current && current.variant === "destructive" ? <ToastCard toast={current} /> : null}
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

function ToastCard({ toast: t }: { toast: Toast }) {
  return (
    <div data-variant={t.variant} className={toastCard({ variant: t.variant })}>
      <p className="text-sm font-semibold">{t.title}</p>
      {t.description ? <p className="mt-1 text-sm opacity-90">{t.description}</p> : null}
      <button
        type="button"
        onClick={() => dismissToast(t.id)}
        className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100"
        aria-label="Dismiss notification"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

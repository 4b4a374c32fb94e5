import { useEffect, useMemo, useRef, useState, type RefObject } from "react";
import type { FieldErrors } from "~/lib/admin-validation";
import type { FormFailure, FormValues } from "~/lib/form-result";

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isControl = (target: EventTarget | null): target is Control =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

/** A control's label as the page shows it, without the required mark. */
function labelOf(control: Control) {
  return (control.labels?.[0]?.textContent ?? control.name).replace(/\*\s*$/, "").trim();
}

/** The browser's verdict on a control, in the words the server uses for the same fault. */
function clientMessage(control: Control) {
  const label = labelOf(control);
  const { validity } = control;
  if (validity.valueMissing) return `${label} is required.`;
  if (validity.typeMismatch && control.type === "url") return `${label} must be a full address starting with https://.`;
  if (validity.typeMismatch && control.type === "email") return "Enter a valid email address.";
  return `${label}: ${control.validationMessage}`;
}

/** Each field's message, whether the browser found it, and for the server's the value it judged. */
type Shown = Record<string, { message: string; byBrowser: boolean; judged?: string }>;
const fromServer = (errors: FieldErrors | undefined, values: FormValues | undefined): Shown =>
  Object.fromEntries(
    Object.entries(errors ?? {}).map(([name, message]) => {
      const judged = values?.[name];
      return [name, { message, byBrowser: false, judged: typeof judged === "string" ? judged : undefined }];
    }),
  );

/** The control a field's error is about: `field-<name>`, else the first visible control near the field's hidden input. */
export function fieldTarget(form: HTMLFormElement | null, name: string): HTMLElement | null {
  const byId = document.getElementById(`field-${name}`);
  if (byId) return byId;
  if (!form) return null;
  const named = Array.from(form.querySelectorAll<HTMLElement>("[name]")).filter((el) => el.getAttribute("name") === name);
  const visible = named.find((el) => !(el instanceof HTMLInputElement && el.type === "hidden"));
  if (visible) return visible;
  const near = named[0]?.parentElement?.querySelector<HTMLElement>("input:not([type=hidden]), textarea, select, button");
  return near ?? null;
}

/** Focuses a control and brings it to the middle of the screen, clear of the sticky bars. */
function reveal(target: HTMLElement) {
  target.focus({ preventScroll: true });
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ block: "center", behavior: smooth ? "smooth" : "auto" });
}

/**
 * Where a form's errors are: the server's field messages after a refused save and the browser's
 * own checks (required, URL…) on submit, kept per field until that field is corrected. After
 * each failed submit the first invalid field gets the focus and scrolls into view; the
 * `ErrorSummary` lists them all at the top. The browser's own bubbles are replaced by this.
 */
export function useFormErrors(
  failure: (Pick<FormFailure, "errors" | "toast"> & Partial<Pick<FormFailure, "values">>) | undefined,
  formRef: RefObject<HTMLFormElement | null>,
) {
  const [seen, setSeen] = useState<string | undefined>(failure?.toast.id);
  // Each field's message, and whether the browser found it (else the server did).
  const [shown, setShown] = useState<Shown>(() => fromServer(failure?.errors, failure?.values));
  const errors = useMemo<FieldErrors>(() => Object.fromEntries(Object.entries(shown).map(([name, { message }]) => [name, message])), [shown]);
  // Bumped after each failed submit: the effect below then moves the focus.
  const [attempt, setAttempt] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);

  // A new refusal from the server replaces what was shown (while rendering, no effect round trip).
  if (failure && failure.toast.id !== seen) {
    setSeen(failure.toast.id);
    setShown(fromServer(failure.errors, failure.values));
    setAttempt((n) => n + 1);
  }

  useEffect(() => {
    let pending: Control[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let recheck: ReturnType<typeof setTimeout> | undefined;
    // The browser checks every control before a submit and reports each invalid one, in order.
    const onInvalid = (event: Event) => {
      const target = event.target;
      if (!isControl(target) || !formRef.current || target.form !== formRef.current) return;
      event.preventDefault();
      pending.push(target);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const found: Shown = {};
        for (const control of pending) found[control.name] ??= { message: clientMessage(control), byBrowser: true };
        pending = [];
        setShown((current) => {
          const next: Shown = { ...found };
          for (const [name, error] of Object.entries(current)) next[name] ??= error;
          return next;
        });
        setAttempt((n) => n + 1);
      }, 0);
    };
    // A field that now passes the browser's checks is taken as corrected. A fault the browser
    // found is looked at again after any edit (a slug filled from the title is never typed in);
    // the server's verdict on a field only goes when that field is edited to another value than
    // the one it judged (the `change` of the field left to press 'Save' can be looked at only
    // after the refusal has arrived, on a busy machine).
    const onEdit = (event: Event) => {
      const target = event.target;
      const form = formRef.current;
      if (!isControl(target) || !form || target.form !== form) return;
      // Looked at once the edit is done (the title's own listener fills the slug after this one).
      clearTimeout(recheck);
      recheck = setTimeout(() => {
        setShown((current) => {
          const fixed = Object.keys(current).filter((name) => {
            const control = form.elements.namedItem(name);
            if (!(control instanceof Element) || !isControl(control) || !control.validity.valid) return false;
            const { byBrowser, judged } = current[name]!;
            // A box's value is fixed: its edit is the change itself.
            const toggled = control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio");
            return byBrowser || (name === target.name && (toggled || control.value !== judged));
          });
          if (fixed.length === 0) return current;
          const next = { ...current };
          for (const name of fixed) delete next[name];
          return next;
        });
      }, 0);
    };
    document.addEventListener("invalid", onInvalid, true);
    document.addEventListener("input", onEdit, true);
    document.addEventListener("change", onEdit, true);
    return () => {
      clearTimeout(timer);
      clearTimeout(recheck);
      document.removeEventListener("invalid", onInvalid, true);
      document.removeEventListener("input", onEdit, true);
      document.removeEventListener("change", onEdit, true);
    };
  }, [formRef]);

  useEffect(() => {
    if (attempt === 0) return;
    const form = formRef.current;
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first) reveal(first);
    else if (summaryRef.current) reveal(summaryRef.current);
  }, [attempt, formRef]);

  return { errors, summary: { errors, formRef, summaryRef } };
}

/**
 * "There is a problem": the form's errors at its top, each a link to its field (announced when
 * it appears). Renders nothing without errors.
 */
export function ErrorSummary({
  errors,
  formRef,
  summaryRef,
}: {
  errors: FieldErrors;
  formRef: RefObject<HTMLFormElement | null>;
  summaryRef: RefObject<HTMLDivElement | null>;
}) {
  const entries = Object.entries(errors);
  return (
    <div ref={summaryRef} role="alert" tabIndex={-1} aria-labelledby={entries.length ? "error-summary-title" : undefined} className="empty:hidden">
      {entries.length ? (
        <div className="mb-6 rounded-xl border border-red-400/50 bg-red-400/10 p-4">
          <h2 id="error-summary-title" className="font-semibold">
            There is a problem
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {entries.map(([name, message]) => (
              <li key={name}>
                <a
                  href={`#field-${name}`}
                  onClick={(event) => {
                    const target = fieldTarget(formRef.current, name);
                    if (!target) return;
                    event.preventDefault();
                    reveal(target);
                  }}
                  // 24 px tall whatever the font's metrics (WCAG 2.5.8's target size: the links are stacked 4 px apart).
                  className="inline-block py-0.5 text-red-200 underline underline-offset-4 hover:text-foreground"
                >
                  {message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

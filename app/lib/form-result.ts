import type { FieldErrors } from "./admin-validation";

/**
 * What every admin form action answers, shared by the server (which builds it) and the pages
 * (which read it from `actionData`). Isomorphic: no server imports here.
 */

export type ToastVariant = "default" | "destructive";

/** A link in a toast (e.g. 'View post' after a save): a plain link, the toast closes as it is followed. */
export type ToastLink = { label: string; href: string };

/** A toast the server asks the page to show once (its id tells repeats apart). */
export type Toast = { id: string; title: string; description?: string; variant?: ToastVariant; undo?: UndoRequest; link?: ToastLink };

/** What the toast's 'Undo' button posts, and to which page (e.g. restoring what was just deleted). */
export type UndoRequest = { path: string; fields: FormValues };

/** What the user typed, to fill the form again after a failure (multi-value fields as lists). */
export type FormValues = Record<string, string | string[]>;

/** A refused or failed submission: field messages, the typed values and the destructive toast. */
export type FormFailure = {
  ok: false;
  errors: FieldErrors;
  values: FormValues;
  toast: Toast;
  /** A free slug to offer when the typed one is taken (409). */
  suggestion?: string;
};

/** A submission that was applied without leaving the page (lists: delete, mark as handled, roles). */
export type FormSuccess = { ok: true; toast: Toast };

export type FormResult = FormSuccess | FormFailure;

/** What a list screen's loader returns: the records, or none and the toast saying why. */
export type ListRead<T> = { items: T[]; error: Toast | null };

export function makeToast(title: string, description?: string, variant: ToastVariant = "default"): Toast {
  return { id: globalThis.crypto.randomUUID(), title, description, variant };
}

export function formFailure(title: string, message: string, errors: FieldErrors = {}, values: FormValues = {}): FormFailure {
  return { ok: false, errors, values, toast: makeToast(title, message, "destructive") };
}

/** Tells a failure apart from the other answers an action may give (success, preview, tags). */
export function isFormFailure(result: unknown): result is FormFailure {
  return typeof result === "object" && result !== null && "ok" in result && result.ok === false && "toast" in result;
}

/** A short summary of field errors for the toast description. */
export function summarizeErrors(errors: FieldErrors) {
  const messages = Object.values(errors);
  if (messages.length === 0) return "Please check the form.";
  return messages.length === 1 ? messages[0]! : `${messages[0]} (and ${messages.length - 1} more)`;
}

/** The first field message, for forms whose fields are not shown (a list's hidden id and intent). */
export function firstError(errors: FieldErrors) {
  return Object.values(errors)[0] ?? "Unknown request.";
}

import { data, redirect } from "react-router";
import type { z } from "zod";
import type { SessionUser } from "~/server/accounts/auth.server";
import { requireAdmin, requireSameOrigin } from "~/server/accounts/authz.server";
import { flashHeader } from "./flash.server";
import { BODY_LIMITS } from "~/server/http/request-limits.server";
import { fieldErrors, type FieldErrors } from "~/lib/admin-validation";
import { throwError } from "~/lib/error-payload";
import { formFailure, makeToast, summarizeErrors, type FormFailure, type FormSuccess, type FormValues, type ToastLink } from "~/lib/form-result";

/**
 * The one admin form pipeline: read the body (size-limited), parse it with the screen's Zod
 * schema into a typed submission, and answer with one shape: a `FormFailure` (400 bad input,
 * 404 gone, 409 conflict, 503 database failure) that keeps what was typed, or success (a
 * redirect with a flash toast, or a `FormSuccess` toast for in-place list actions).
 */

/** The largest admin form body (set with every other body limit in http/request-limits.server.ts). */
export const MAX_FORM_BYTES = BODY_LIMITS.admin;

/** Values longer than this are not sent back (the schema refuses them anyway). */
const MAX_KEPT_VALUE = 250_000;

/**
 * Reads an admin form: too large (413) or unreadable (400) bodies become an error response
 * carrying the screen's save-error toast title, never a 500.
 */
export async function readForm(request: Request, errorTitle: string): Promise<FormData> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > MAX_FORM_BYTES) {
    // The unread body is read and dropped by the server (server/main.js) so the client gets this answer;
    // a chunked body past the limit is answered 413 while it streams (http/router-handler.server.ts).
    throwError(413, { message: "The form is too large to save (2 MB at most).", toastTitle: errorTitle });
  }
  try {
    return await request.formData();
  } catch {
    throwError(400, { message: "The form could not be read. Please try again.", toastTitle: errorTitle });
  }
}

/**
 * `readForm` for the sign-in screen, which anyone may post to and which sits outside the admin
 * layout: an unreadable body is a 400 `FormFailure` shown on the screen instead of an error page
 * (its size limit is the public one, enforced while the body streams: http/router-handler.server.ts).
 */
export async function readFormOrReply(request: Request, errorTitle: string): Promise<{ ok: true; form: FormData } | { ok: false; reply: FailureReply }> {
  try {
    return { ok: true, form: await request.formData() };
  } catch {
    return { ok: false, reply: failureReply(400, errorTitle, "The form could not be read. Please try again.") };
  }
}

/** The first step of every admin action: a same-origin request from the admin (403 / sign-in otherwise). */
export async function requireAdminWrite(request: Request): Promise<SessionUser> {
  requireSameOrigin(request);
  return requireAdmin(request);
}

/** `requireAdminWrite`, then the body. */
export async function readAdminForm(request: Request, errorTitle: string): Promise<{ form: FormData; user: SessionUser }> {
  const user = await requireAdminWrite(request);
  return { form: await readForm(request, errorTitle), user };
}

/**
 * Text values of a form for re-filling it after an error (files and oversized values dropped;
 * `secret` fields, such as passwords and codes, are never sent back).
 */
export function formValues(form: FormData, multi: readonly string[] = [], secret: readonly string[] = []): FormValues {
  const out: FormValues = {};
  for (const key of new Set(form.keys())) {
    if (secret.includes(key)) continue;
    if (multi.includes(key)) {
      out[key] = form.getAll(key).filter((v): v is string => typeof v === "string");
    } else {
      const v = form.get(key);
      if (typeof v === "string") out[key] = v.length > MAX_KEPT_VALUE ? v.slice(0, MAX_KEPT_VALUE) : v;
    }
  }
  return out;
}

/**
 * The statuses of a failure answer: the client's mistakes (bad input, refused, gone, conflict,
 * too many attempts) and 503 for everything that failed on our side (the database, a service).
 */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429 | 503;

const CLIENT_STATUSES: readonly FailureStatus[] = [400, 401, 403, 404, 409, 422, 429];

/** An answer's status as a failure status: a server-side failure (5xx) is 503, an unexpected client one 400. */
export function failureStatus(status: number): FailureStatus {
  if (status >= 500) return 503;
  return CLIENT_STATUSES.find((s) => s === status) ?? 400;
}

/** A failure answer: the screen's destructive toast, field messages and the typed values. */
export function failureReply(
  status: FailureStatus,
  errorTitle: string,
  message: string,
  { errors = {}, values = {}, suggestion }: { errors?: FieldErrors; values?: FormValues; suggestion?: string } = {},
) {
  const failure: FormFailure = { ...formFailure(errorTitle, message, errors, values), ...(suggestion ? { suggestion } : {}) };
  return data(failure, { status });
}

export type FailureReply = ReturnType<typeof failureReply>;

export type SubmissionOptions = {
  /** The screen's save-error toast title, e.g. 'Error saving post'. */
  errorTitle: string;
  /** Fields that may repeat (checkbox groups); parsed as lists, empty when absent. */
  multi?: readonly string[];
  /** The toast description for invalid input; by default a summary of the field messages. */
  describe?: (errors: FieldErrors) => string;
  /** Fields parsed but never sent back with a failure (passwords, codes, tokens). */
  secret?: readonly string[];
};

/** A parsed form: the typed value and what was typed, or the 400 answer to return as is. */
export type Submission<S extends z.ZodType> = { ok: true; value: z.output<S>; values: FormValues } | { ok: false; reply: FailureReply };

/** A form parsed with a schema: the typed value, or the field messages; what was typed either way. */
export type ParsedForm<S extends z.ZodType> = { ok: true; value: z.output<S>; values: FormValues } | { ok: false; errors: FieldErrors; values: FormValues };

/**
 * Parses a form with a schema; `multi` fields are lists (empty when absent). The values kept for
 * re-filling the form leave out the `secret` fields (the schema still reads them).
 */
export function parseForm<S extends z.ZodType>(form: FormData, schema: S, multi: readonly string[] = [], secret: readonly string[] = []): ParsedForm<S> {
  const values = formValues(form, multi, secret);
  const input = formValues(form, multi);
  for (const key of multi) input[key] ??= [];
  const parsed = schema.safeParse(input);
  return parsed.success ? { ok: true, value: parsed.data, values } : { ok: false, errors: fieldErrors(parsed.error), values };
}

/** Parses a form with the screen's schema. Invalid input is a 400 with field errors and the typed values. */
export function parseSubmission<S extends z.ZodType>(
  form: FormData,
  schema: S,
  { errorTitle, multi, describe = summarizeErrors, secret }: SubmissionOptions,
): Submission<S> {
  const parsed = parseForm(form, schema, multi, secret);
  if (parsed.ok) return parsed;
  return { ok: false, reply: failureReply(400, errorTitle, describe(parsed.errors), { errors: parsed.errors, values: parsed.values }) };
}

/** Success of an in-place list action (delete, mark as handled, roles): the toast to show. */
export function successReply(title: string, description: string): FormSuccess {
  return { ok: true, toast: makeToast(title, description) };
}

/** Success of a create/edit form: back to the list, where the flash toast is shown. */
export async function redirectWithToast(path: string, title: string, description: string, link?: ToastLink) {
  return redirect(path, { headers: await flashHeader({ ...makeToast(title, description), ...(link ? { link } : {}) }) });
}

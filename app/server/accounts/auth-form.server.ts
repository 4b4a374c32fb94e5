import { callAuthEndpoint, type AuthCallResult } from "./auth.server";
import { failureReply, failureStatus, type FailureReply } from "~/server/admin/form.server";
import type { FieldErrors } from "~/lib/admin-validation";
import type { FormValues } from "~/lib/form-result";

/**
 * The form pipeline's step for the screens whose writes are better-auth endpoints (the sign-in
 * screen, the account page): the endpoint's answer, or the screen's failure answer. A refusal
 * (4xx) is told in the endpoint's words (or the screen's, `words`), with `errors` under the
 * fields; a failure on our side (the database) is a 503 with the screen's `unavailable` message.
 */

export type AuthFailureOptions = {
  /** The screen's toast title, e.g. 'Authentication error'. */
  errorTitle: string;
  /** The toast description when it failed on our side, e.g. 'You could not be signed in. Please try again.' */
  unavailable: string;
  /** What was typed, to fill the form again (secrets left out). */
  values?: FormValues;
  /** The endpoint's message in the screen's words. */
  words?: (message: string) => string;
  /** Which fields a refusal is shown under. */
  errors?: (message: string) => FieldErrors;
};

/** The failure answer of a refused or failed auth call (or of a check made before it). */
export function authFailure({ status, message }: { status: number; message: string }, options: AuthFailureOptions): FailureReply {
  const { errorTitle, unavailable, values, words = (m: string) => m, errors } = options;
  const failure = failureStatus(status);
  if (failure === 503) return failureReply(503, errorTitle, unavailable, { values });
  const text = words(message);
  return failureReply(failure, errorTitle, text, { errors: errors?.(text), values });
}

export type AuthAnswer = Extract<AuthCallResult, { ok: true }>;

/** Calls a better-auth endpoint for a form: its answer, or the failure answer to return as is. */
export async function authStep(
  request: Request,
  path: string,
  body: Record<string, unknown>,
  options: AuthFailureOptions,
): Promise<{ ok: true; answer: AuthAnswer } | { ok: false; reply: FailureReply }> {
  const result = await callAuthEndpoint(request, path, body);
  return result.ok ? { ok: true, answer: result } : { ok: false, reply: authFailure(result, options) };
}

/** Headers carrying better-auth's Set-Cookie headers (a new or ended session) onto a redirect. */
export function withCookies(setCookies: readonly string[], init?: HeadersInit): Headers {
  const headers = new Headers(init);
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

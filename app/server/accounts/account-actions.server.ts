import { z } from "zod";
import { data, redirect } from "react-router";
import { groupSecret, sessionToken, showRecoveryCodesOnce, totpQrSvg, totpSecret, twoFactorMessage } from "./account.server";
import { authStep, withCookies, type AuthFailureOptions } from "./auth-form.server";
import type { SessionUser } from "./auth.server";
import type { Db } from "~/server/db/client.server";
import { errorText } from "~/server/http/errors.server";
import { flashHeader } from "~/server/admin/flash.server";
import { failureReply, parseForm, parseSubmission, successReply, type FailureReply } from "~/server/admin/form.server";
import { log } from "~/server/core/log.server";
import type { FieldErrors } from "~/lib/admin-validation";
import { firstError, makeToast, type FormValues, type Toast } from "~/lib/form-result";
import { ACCOUNT_PATH } from "~/lib/sign-in-return";

/**
 * The account page's actions (/admin/account) on the admin form pipeline (the caller has run
 * requireAdminWrite and read the form): set up two-factor sign-in (password, then a code from the
 * app), turn it off, and sign out one or all other sessions. Each answers a `FormFailure` (the
 * 'Account error' toast; 503 when it failed on our side) or its success.
 */

/** The account page's toast title for every failure. */
export const ACCOUNT_ERROR = "Account error";
/** Never sent back with a failure. */
const SECRET = ["password", "code", "totpURI"] as const;

/** What each intent says when it failed on our side (the database, most likely). */
const UNAVAILABLE = {
  enable: "Two-factor sign-in could not be set up. Please try again.",
  verify: "Two-factor sign-in could not be turned on. Please try again.",
  disable: "Two-factor sign-in could not be turned off. Please try again.",
  "revoke-session": "The session could not be signed out. Please try again.",
  "revoke-other-sessions": "The other sessions could not be signed out. Please try again.",
} as const;

type Intent = keyof typeof UNAVAILABLE;

const SETUP_EXPIRED = "The setup expired. Start again.";
const CODE_FORMAT = "Enter the 6-digit code your authenticator app shows.";
const UNKNOWN = "Unknown request.";

const intentSchema = z.object({ intent: z.enum(Object.keys(UNAVAILABLE) as [Intent, ...Intent[]], { message: UNKNOWN }) });
const passwordSchema = z.object({ password: z.string({ message: "Enter your password." }).min(1, "Enter your password.") });
/** The authenticator address the setup showed (a hidden field of the second step). */
const setupSchema = z.object({
  totpURI: z
    .string({ message: SETUP_EXPIRED })
    .refine((v) => totpSecret(v) !== null, SETUP_EXPIRED)
    .transform((v) => ({ totpURI: v, secret: totpSecret(v)! })),
});
const codeSchema = z.object({
  code: z
    .string({ message: CODE_FORMAT })
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, CODE_FORMAT)),
});
const sessionSchema = z.object({ sessionId: z.string({ message: UNKNOWN }).min(1, UNKNOWN).max(200, UNKNOWN) });

/** The setup's second step: scan the code, then confirm with a code from the app. */
export type TwoFactorSetup = { totpURI: string; qrSvg: string; secret: string };

/** The first step of the setup succeeded: the page shows the QR code and asks for a code. */
export type SetupStep = { ok: true; setup: TwoFactorSetup };

/** A failure of the setup's second step keeps the QR code on the page. */
function withSetup(reply: FailureReply, setup: TwoFactorSetup) {
  return data({ ...reply.data, setup }, reply.init ?? undefined);
}

/** Back to the page with better-auth's cookies (a new session after a two-factor change) and a toast. */
async function back(setCookies: readonly string[], toast: Toast, extra: string[] = []) {
  return redirect(ACCOUNT_PATH, { headers: withCookies([...setCookies, ...extra], await flashHeader(toast)) });
}

export async function accountAction(database: Db, request: Request, user: SessionUser, form: FormData) {
  const chosen = parseSubmission(form, intentSchema, { errorTitle: ACCOUNT_ERROR, describe: firstError });
  if (!chosen.ok) return chosen.reply;
  const { intent } = chosen.value;
  const parse = <S extends z.ZodType>(schema: S) => parseSubmission(form, schema, { errorTitle: ACCOUNT_ERROR, describe: firstError, secret: SECRET });
  const failing = (values: FormValues, field?: "password" | "code"): AuthFailureOptions => ({
    errorTitle: ACCOUNT_ERROR,
    unavailable: UNAVAILABLE[intent],
    values,
    // The two-factor plugin's words in the site's (account.server.ts), shown under the field too.
    ...(field ? { words: twoFactorMessage, errors: (message: string): FieldErrors => ({ [field]: message }) } : {}),
  });

  if (intent === "enable" || intent === "disable") {
    const submission = parse(passwordSchema);
    if (!submission.ok) return submission.reply;
    const step = await authStep(request, `/two-factor/${intent}`, { password: submission.value.password }, failing(submission.values, "password"));
    if (!step.ok) return step.reply;
    if (intent === "disable") return back(step.answer.setCookies, makeToast("Two-factor sign-in is off", "Signing in asks only for your password now."));
    const totpURI = (step.answer.body as { totpURI?: unknown } | null)?.totpURI;
    const secret = typeof totpURI === "string" ? totpSecret(totpURI) : null;
    if (typeof totpURI !== "string" || !secret) return failureReply(503, ACCOUNT_ERROR, UNAVAILABLE.enable, { values: submission.values });
    return { ok: true, setup: { totpURI, secret: groupSecret(secret), qrSvg: await totpQrSvg(totpURI) } } satisfies SetupStep;
  }

  if (intent === "verify") {
    const started = parse(setupSchema);
    if (!started.ok) return started.reply;
    const { totpURI, secret } = started.value.totpURI;
    const setup = { totpURI, secret: groupSecret(secret), qrSvg: await totpQrSvg(totpURI) };
    const typed = parseForm(form, codeSchema, [], SECRET);
    if (!typed.ok) return withSetup(failureReply(400, ACCOUNT_ERROR, firstError(typed.errors), { errors: typed.errors, values: typed.values }), setup);
    const step = await authStep(request, "/two-factor/verify-totp", { code: typed.value.code }, failing(typed.values, "code"));
    if (!step.ok) return withSetup(step.reply, setup);
    const once = await showRecoveryCodesOnce(user.id);
    return back(step.answer.setCookies, makeToast("Two-factor sign-in is on", "Save your recovery codes now: they are shown only once."), [once]);
  }

  if (intent === "revoke-session") {
    const submission = parse(sessionSchema);
    if (!submission.ok) return submission.reply;
    let token: string | null;
    try {
      token = await sessionToken(database, user.id, submission.value.sessionId);
    } catch (error) {
      log.error("reading a session failed", { error: errorText(error) });
      return failureReply(503, ACCOUNT_ERROR, UNAVAILABLE[intent], { values: submission.values });
    }
    if (!token) return failureReply(404, ACCOUNT_ERROR, "That session has already ended.", { values: submission.values });
    const step = await authStep(request, "/revoke-session", { token }, failing(submission.values));
    if (!step.ok) return step.reply;
    return successReply("Session signed out", "That device is signed out on its next request.");
  }

  const step = await authStep(request, "/revoke-other-sessions", {}, failing(chosen.values));
  if (!step.ok) return step.reply;
  return successReply("Other sessions signed out", "Only this device is still signed in.");
}

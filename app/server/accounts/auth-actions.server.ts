import { z } from "zod";
import { redirect } from "react-router";
import { authFailure, authStep, withCookies, type AuthFailureOptions } from "./auth-form.server";
import { requireSameOrigin } from "./authz.server";
import { parseSubmission, readFormOrReply, successReply } from "~/server/admin/form.server";
import { verifySecondFactor } from "./two-factor-sign-in.server";
import { credentialsSchema, isPasswordMessage, type FieldErrors } from "~/lib/admin-validation";
import { firstError, type FormSuccess } from "~/lib/form-result";
import { RETURN_PARAM, safeReturnPath, withReturn } from "~/lib/sign-in-return";

/**
 * The sign-in screen's actions (/admin/auth) on the admin form pipeline: sign in (and its
 * two-factor step), sign up, 'Forgot password?', the new password of a reset link, and sign-out.
 * Each parses its fields with a schema and answers a `FormFailure` (the 'Authentication error'
 * toast; 503 when it failed on our side) or its success.
 */

const ERROR_TITLE = "Authentication error";
/** Never sent back with a failure. */
const SECRET = ["password", "code", "token"] as const;
const LINK_EXPIRED = "This link is invalid or has expired. Ask for a new one.";
const SIGNED_IN_HOME = "/admin/blog";

/** What each intent says when it failed on our side (the database, most likely). */
const UNAVAILABLE = {
  "sign-in": "You could not be signed in. Please try again.",
  "sign-up": "The account could not be created. Please try again.",
  forgot: "The reset link could not be sent. Please try again.",
  reset: "The password could not be changed. Please try again.",
  "two-factor": "The code could not be checked. Please try again.",
  "sign-out": "You could not be signed out. Please try again.",
} as const;

type Intent = keyof typeof UNAVAILABLE;

/** Which form was sent; anything else is a sign-in (the screen's first form). */
const intentSchema = z.object({ intent: z.enum(Object.keys(UNAVAILABLE) as [Intent, ...Intent[]]).catch("sign-in") });
/** The page signing in leads back to (app/lib/sign-in-return.ts): only a back-office path. */
const returnTo = z.string().optional().transform(safeReturnPath);

const signInSchema = credentialsSchema.extend({ [RETURN_PARAM]: returnTo });
const signUpSchema = credentialsSchema.extend({
  invite: z
    .string()
    .optional()
    .transform((v) => (v ?? "").slice(0, 200)),
});
const forgotSchema = credentialsSchema.pick({ email: true });
const resetSchema = z.object({
  password: z.string({ message: "Password is required." }).min(1, "Password is required."),
  token: z.string({ message: LINK_EXPIRED }).min(1, LINK_EXPIRED),
});
/** The code's own checks are verifySecondFactor's (their words depend on the method). */
const twoFactorSchema = z.object({ method: z.string().catch(""), code: z.string().catch(""), [RETURN_PARAM]: returnTo });

/** What a success on the sign-in screen answers besides its toast. */
export type AuthSuccess = FormSuccess & { sent?: "signup" | "reset"; email?: string; passwordChanged?: true };

function success(title: string, description: string, extra: Omit<AuthSuccess, keyof FormSuccess> = {}): AuthSuccess {
  return { ...successReply(title, description), ...extra };
}

/** A refused new password (the password policy's words, app/lib/admin-validation.ts) also shows under the field. */
function passwordErrors(message: string): FieldErrors {
  return isPasswordMessage(message) ? { password: message } : {};
}

export async function authAction(request: Request) {
  requireSameOrigin(request);
  const read = await readFormOrReply(request, ERROR_TITLE);
  if (!read.ok) return read.reply;
  const { form } = read;
  const { intent } = intentSchema.parse({ intent: form.get("intent") ?? undefined });
  const parse = <S extends z.ZodType>(schema: S) => parseSubmission(form, schema, { errorTitle: ERROR_TITLE, describe: firstError, secret: SECRET });
  const failing = (values: AuthFailureOptions["values"], errors?: AuthFailureOptions["errors"]): AuthFailureOptions => ({
    errorTitle: ERROR_TITLE,
    unavailable: UNAVAILABLE[intent],
    values,
    errors,
  });

  if (intent === "sign-out") {
    const out = await authStep(request, "/sign-out", {}, failing({}));
    if (!out.ok && out.reply.init?.status === 503) return out.reply;
    // Without a session to end there is nothing to sign out: the sign-in page either way.
    return redirect("/admin/auth", { headers: withCookies(out.ok ? out.answer.setCookies : []) });
  }

  // The second step of a sign-in with two-factor sign-in on (TwoFactorScreen).
  if (intent === "two-factor") {
    const submission = parse(twoFactorSchema);
    if (!submission.ok) return submission.reply;
    const { method, code, redirectTo } = submission.value;
    const result = await verifySecondFactor(request, method, code);
    if (!result.ok) return authFailure(result, failing(submission.values));
    return redirect(redirectTo ?? SIGNED_IN_HOME, { headers: result.headers });
  }

  if (intent === "forgot") {
    const submission = parse(forgotSchema);
    if (!submission.ok) return submission.reply;
    const { email } = submission.value;
    const sent = await authStep(request, "/request-password-reset", { email, redirectTo: "/admin/auth?mode=reset" }, failing(submission.values));
    if (!sent.ok) return sent.reply;
    return success("Check your email", "If an account exists for that address, we sent a link to reset its password.", { sent: "reset" });
  }

  if (intent === "reset") {
    const submission = parse(resetSchema);
    if (!submission.ok) return submission.reply;
    const { password, token } = submission.value;
    const reset = await authStep(request, "/reset-password", { newPassword: password, token }, failing(submission.values, passwordErrors));
    if (!reset.ok) return reset.reply;
    return success("Password updated", "Sign in with your new password.", { passwordChanged: true });
  }

  if (intent === "sign-up") {
    const submission = parse(signUpSchema);
    if (!submission.ok) return submission.reply;
    const { email, password, invite } = submission.value;
    const account = { email, password, callbackURL: SIGNED_IN_HOME };
    const name = email.split("@")[0] ?? email;
    const signedUp = await authStep(request, "/sign-up/email", { ...account, name, ...(invite ? { invite } : {}) }, failing(submission.values, passwordErrors));
    if (!signedUp.ok) return signedUp.reply;
    if (!invite) return success("Check your email", "We sent you a confirmation link.", { sent: "signup", email });
    // The invitation confirmed the address: sign in at once.
    const signedIn = await authStep(request, "/sign-in/email", account, failing(submission.values));
    if (!signedIn.ok) return signedIn.reply;
    return redirect(SIGNED_IN_HOME, { headers: withCookies(signedIn.answer.setCookies) });
  }

  const submission = parse(signInSchema);
  if (!submission.ok) return submission.reply;
  const { email, password, redirectTo } = submission.value;
  const signedIn = await authStep(request, "/sign-in/email", { email, password, callbackURL: SIGNED_IN_HOME }, failing(submission.values));
  if (!signedIn.ok) return signedIn.reply;
  const headers = withCookies(signedIn.answer.setCookies);
  const { body } = signedIn.answer;
  // Two-factor sign-in is on: the password was right, a code from the app comes next.
  if (body && typeof body === "object" && "twoFactorRedirect" in body) return redirect(withReturn("/admin/auth?two-factor=code", redirectTo), { headers });
  return redirect(redirectTo ?? SIGNED_IN_HOME, { headers });
}

import { useState } from "react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/auth";
import { callAuthEndpoint, getSessionUser } from "~/server/auth.server";
import { signUpOpen } from "~/server/settings.server";
import { db } from "~/server/db/client.server";
import { findInvitation, INVITATION_INVALID_MESSAGE } from "~/server/invitations.server";
import { requireSameOrigin, ADMIN_CACHE_CONTROL } from "~/server/authz.server";
import { formValues } from "~/server/form.server";
import {
  credentialsSchema,
  fieldErrors,
  isPasswordMessage,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  newPasswordLengthProblem,
  type FieldErrors,
} from "~/lib/admin-validation";
import { makeToast, type Toast } from "~/lib/form-result";
import { TextField } from "~/components/ui/field";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { Button } from "~/components/ui/button";
import { TwoFactorScreen, twoFactorStep } from "~/components/admin/two-factor-step";
import { AuthCard } from "~/components/admin/auth-card";
import { verifySecondFactor } from "~/server/two-factor-sign-in.server";
import { RETURN_PARAM, safeReturnPath, withReturn } from "~/lib/sign-in-return";

type Mode = "signin" | "signup" | "forgot" | "reset";
type ActionResult = { errors?: FieldErrors; email?: string; toast?: Toast; sent?: "signup" | "reset"; passwordChanged?: boolean };

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // A session on load goes straight to the back-office (or the page it was sent from); not for a password reset.
  if (url.searchParams.get("mode") !== "reset" && (await getSessionUser(request))) {
    throw redirect(safeReturnPath(url.searchParams.get(RETURN_PARAM)) ?? "/admin/blog");
  }
  const error = url.searchParams.get("error");
  // An invitation link (/admin/users 'Invite someone'): its address is fixed on the sign-up form.
  const token = url.searchParams.get("invite");
  const invitation = token ? await findInvitation(await db(), token) : null;
  return data(
    {
      linkError: error ? "This link is invalid or has expired. Ask for a new one." : token && !invitation ? INVITATION_INVALID_MESSAGE : null,
      signUpOpen: await signUpOpen(),
      invitation: invitation && token ? { email: invitation.email, token } : null,
    },
    { headers: { "Cache-Control": ADMIN_CACHE_CONTROL } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  requireSameOrigin(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<ActionResult>({ toast: makeToast("Authentication error", "The form could not be read.", "destructive") }, { status: 400 });
  }
  const values = formValues(form);
  /** A text field of the form ("" when missing or a file). */
  const field = (key: string) => {
    const value = values[key];
    return typeof value === "string" ? value : "";
  };
  const intent = field("intent");
  // Signed in, the editor goes back to the page the app sent them from (app/lib/sign-in-return.ts).
  const returnTo = safeReturnPath(field(RETURN_PARAM));
  const fail = (message: string, status: number, errors: FieldErrors = {}, email?: string) =>
    data<ActionResult>({ errors, email, toast: makeToast("Authentication error", message, "destructive") }, { status });

  if (intent === "sign-out") {
    const result = await callAuthEndpoint(request, "/sign-out", {});
    const headers = new Headers();
    if (result.ok) for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
    return redirect("/admin/auth", { headers });
  }

  // The second step of a sign-in with two-factor sign-in on (TwoFactorScreen).
  if (intent === "two-factor") {
    const result = await verifySecondFactor(request, field("method"), field("code"));
    if (!result.ok) return fail(result.message, result.status);
    return redirect(returnTo ?? "/admin/blog", { headers: result.headers });
  }

  if (intent === "forgot") {
    const parsed = credentialsSchema.pick({ email: true }).safeParse({ email: field("email") });
    if (!parsed.success) return fail(fieldErrors(parsed.error).email ?? "Enter a valid email address.", 400, fieldErrors(parsed.error));
    const result = await callAuthEndpoint(request, "/request-password-reset", { email: parsed.data.email, redirectTo: "/admin/auth?mode=reset" });
    if (!result.ok) return fail(result.message, result.status >= 500 ? 503 : result.status, {}, parsed.data.email);
    return data<ActionResult>({
      sent: "reset",
      toast: makeToast("Check your email", "If an account exists for that address, we sent a link to reset its password."),
    });
  }

  if (intent === "reset") {
    const password = field("password");
    const token = field("token");
    if (!password) return fail("Password is required.", 400, { password: "Password is required." });
    if (!token) return fail("This link is invalid or has expired. Ask for a new one.", 400);
    const result = await callAuthEndpoint(request, "/reset-password", { newPassword: password, token });
    if (!result.ok) return fail(result.message, result.status >= 500 ? 503 : result.status, passwordErrors(result.message));
    return data<ActionResult>({ passwordChanged: true, toast: makeToast("Password updated", "Sign in with your new password.") });
  }

  const parsed = credentialsSchema.safeParse({ email: field("email"), password: field("password") });
  const email = field("email").slice(0, 254);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return fail(Object.values(errors)[0] ?? "Check the form.", 400, errors, email);
  }

  if (intent === "sign-up") {
    const invite = field("invite").slice(0, 200);
    const result = await callAuthEndpoint(request, "/sign-up/email", {
      email: parsed.data.email,
      password: parsed.data.password,
      name: parsed.data.email.split("@")[0] ?? parsed.data.email,
      callbackURL: "/admin/blog",
      ...(invite ? { invite } : {}),
    });
    if (!result.ok) return fail(result.message, result.status >= 500 ? 503 : result.status, passwordErrors(result.message), email);
    if (invite) {
      // The invitation confirmed the address: sign in at once.
      const signedIn = await callAuthEndpoint(request, "/sign-in/email", {
        email: parsed.data.email,
        password: parsed.data.password,
        callbackURL: "/admin/blog",
      });
      if (!signedIn.ok) return fail(signedIn.message, signedIn.status >= 500 ? 503 : signedIn.status, {}, email);
      const headers = new Headers();
      for (const cookie of signedIn.setCookies) headers.append("Set-Cookie", cookie);
      return redirect("/admin/blog", { headers });
    }
    return data<ActionResult>({ sent: "signup", email, toast: makeToast("Check your email", "We sent you a confirmation link.") });
  }

  const result = await callAuthEndpoint(request, "/sign-in/email", { email: parsed.data.email, password: parsed.data.password, callbackURL: "/admin/blog" });
  if (!result.ok) return fail(result.message, result.status >= 500 ? 503 : result.status, {}, email);
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  // Two-factor sign-in is on: the password was right, a code from the app comes next.
  if (result.body && typeof result.body === "object" && "twoFactorRedirect" in result.body) {
    return redirect(withReturn("/admin/auth?two-factor=code", returnTo), { headers });
  }
  return redirect(returnTo ?? "/admin/blog", { headers });
}

/** A refused new password (the password policy's words, app/lib/admin-validation.ts) also shows under the field. */
function passwordErrors(message: string): FieldErrors {
  return isPasswordMessage(message) ? { password: message } : {};
}

export function meta() {
  return [{ title: "Admin sign in" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return { "Cache-Control": ADMIN_CACHE_CONTROL };
}

const HEADINGS: Record<Mode, { title: string; intro: string; submit: string; busy: string }> = {
  signin: { title: "Admin Sign In", intro: "Sign in to manage posts, the team and testimonials.", submit: "Sign In", busy: "Signing in..." },
  signup: { title: "Admin Sign Up", intro: "Create an account. An administrator grants access to the back-office.", submit: "Sign Up", busy: "Signing up..." },
  forgot: { title: "Reset your password", intro: "We will mail you a link to choose a new password.", submit: "Send reset link", busy: "Sending..." },
  reset: { title: "Choose a new password", intro: "Enter the new password for your account.", submit: "Set new password", busy: "Saving..." },
};

export default function AuthScreen({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const initial = (["signup", "forgot", "reset"] as const).find((m) => m === params.get("mode")) ?? "signin";
  const [mode, setMode] = useState<Mode>(initial);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/auth");
  const result = actionData;
  useToastFrom(result?.toast);
  useToastFrom(loaderData.linkError ? { id: "link-error", title: "Authentication error", description: loaderData.linkError, variant: "destructive" } : null);
  const effectiveMode: Mode = result?.passwordChanged && mode === "reset" ? "signin" : mode;
  const copy = HEADINGS[effectiveMode];
  const errors = result?.errors ?? {};
  // A refused submission (or a dead link) says why inside the card too, not only in a toast.
  const failure = result?.toast?.variant === "destructive" ? result.toast.description : loaderData.linkError && !result ? loaderData.linkError : null;
  const intent = effectiveMode === "signin" ? "sign-in" : effectiveMode === "signup" ? "sign-up" : effectiveMode;
  const invitation = effectiveMode === "signup" ? loaderData.invitation : null;
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  const secondStep = twoFactorStep(params);
  if (secondStep) return <TwoFactorScreen method={secondStep} failure={failure} busy={busy} returnTo={returnTo} />;

  return (
    <AuthCard>
      <h1 className="text-2xl font-bold tracking-tight">{copy.title}</h1>
      <p className="mt-2 text-sm text-muted">{invitation ? `You are invited. Choose a password for ${invitation.email}.` : copy.intro}</p>

      {failure ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-500/60 bg-red-500/10 p-3 text-sm text-red-200">
          {failure}
        </p>
      ) : null}

      {result?.sent === "signup" ? (
        <p className="mt-4 rounded-lg border border-primary/50 bg-primary/10 p-3 text-sm">
          Open the link we mailed to {result.email} to confirm your address. You will be signed in right away.
        </p>
      ) : null}

      <Form method="post" action="/admin/auth" className="mt-6 space-y-4" key={effectiveMode}>
        <input type="hidden" name="intent" value={intent} />
        {effectiveMode === "reset" ? <input type="hidden" name="token" value={params.get("token") ?? ""} /> : null}
        {invitation ? <input type="hidden" name="invite" value={invitation.token} /> : null}
        {returnTo && effectiveMode === "signin" ? <input type="hidden" name={RETURN_PARAM} value={returnTo} /> : null}
        {effectiveMode !== "reset" ? (
          <TextField
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            placeholder="you@company.com"
            defaultValue={invitation?.email ?? result?.email ?? ""}
            readOnly={invitation ? true : undefined}
            hint={invitation ? "The address you were invited with." : undefined}
            error={errors.email}
            maxLength={254}
          />
        ) : null}
        {effectiveMode !== "forgot" ? (
          <TextField
            name="password"
            label={effectiveMode === "reset" ? "New password" : "Password"}
            type="password"
            autoComplete={effectiveMode === "signin" ? "current-password" : "new-password"}
            required
            minLength={effectiveMode === "signin" ? undefined : MIN_PASSWORD_LENGTH}
            maxLength={MAX_PASSWORD_LENGTH}
            hint={effectiveMode === "signin" ? undefined : `At least ${MIN_PASSWORD_LENGTH} characters, not a common password.`}
            // A new password's length is checked as it is typed, in the policy's words (the server decides).
            onChange={
              effectiveMode === "signin"
                ? undefined
                : (event) => event.currentTarget.setCustomValidity(event.currentTarget.value ? (newPasswordLengthProblem(event.currentTarget.value) ?? "") : "")
            }
            error={errors.password}
          />
        ) : null}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? copy.busy : copy.submit}
        </Button>
      </Form>

      <div className="mt-6 flex flex-col items-center gap-2 text-sm text-muted">
        {effectiveMode === "signin" ? (
          <>
            <button type="button" className="underline-offset-4 hover:text-foreground hover:underline" onClick={() => setMode("forgot")}>
              Forgot password?
            </button>
            {/* 'Allow sign-up' off (/admin/settings): accounts come by invitation only. */}
            {loaderData.signUpOpen ? (
              <button type="button" className="underline-offset-4 hover:text-foreground hover:underline" onClick={() => setMode("signup")}>
                Don't have an account? Sign Up
              </button>
            ) : null}
          </>
        ) : (
          <button type="button" className="underline-offset-4 hover:text-foreground hover:underline" onClick={() => setMode("signin")}>
            {effectiveMode === "signup" ? "Already have an account? Sign In" : "Back to Sign In"}
          </button>
        )}
      </div>
    </AuthCard>
  );
}

import { useState } from "react";
import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/auth";
import { authAction } from "~/server/accounts/auth-actions.server";
import { getSessionUser } from "~/server/accounts/auth.server";
import { signUpOpen } from "~/server/site/settings.server";
import { db } from "~/server/db/client.server";
import { findInvitation, INVITATION_INVALID_MESSAGE } from "~/server/accounts/invitations.server";
import { ADMIN_CACHE_CONTROL } from "~/server/accounts/authz.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, newPasswordLengthProblem } from "~/lib/admin-validation";
import { isFormFailure } from "~/lib/form-result";
import { TextField } from "~/components/ui/field";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { Button } from "~/components/ui/button";
import { TwoFactorScreen, twoFactorStep } from "~/components/admin/two-factor-step";
import { AuthCard, FailureAlert } from "~/components/admin/auth-card";
import { RETURN_PARAM, safeReturnPath } from "~/lib/sign-in-return";

type Mode = "signin" | "signup" | "forgot" | "reset";

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
  return authAction(request);
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
  const failed = isFormFailure(actionData) ? actionData : undefined;
  const done = actionData?.ok ? actionData : undefined;
  useToastFrom(actionData?.toast);
  useToastFrom(loaderData.linkError ? { id: "link-error", title: "Authentication error", description: loaderData.linkError, variant: "destructive" } : null);
  const effectiveMode: Mode = done?.passwordChanged && mode === "reset" ? "signin" : mode;
  const copy = HEADINGS[effectiveMode];
  const errors = failed?.errors ?? {};
  const typedEmail = failed?.values.email;
  // A refused submission (or a dead link) says why inside the card too, not only in a toast.
  const failure = failed ? failed.toast.description : loaderData.linkError && !actionData ? loaderData.linkError : null;
  const intent = effectiveMode === "signin" ? "sign-in" : effectiveMode === "signup" ? "sign-up" : effectiveMode;
  const invitation = effectiveMode === "signup" ? loaderData.invitation : null;
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  const secondStep = twoFactorStep(params);
  if (secondStep) return <TwoFactorScreen method={secondStep} failure={failure} failed={failed} busy={busy} returnTo={returnTo} />;

  return (
    <AuthCard>
      <h1 className="text-2xl font-bold tracking-tight">{copy.title}</h1>
      <p className="mt-2 text-sm text-muted">{invitation ? `You are invited. Choose a password for ${invitation.email}.` : copy.intro}</p>

      <FailureAlert message={failure} answer={failed} />

      {done?.sent === "signup" ? (
        <p className="mt-4 rounded-lg border border-primary/50 bg-primary/10 p-3 text-sm">
          Open the link we mailed to {done.email} to confirm your address. You will be signed in right away.
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
            defaultValue={invitation?.email ?? done?.email ?? (typeof typedEmail === "string" ? typedEmail : "")}
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

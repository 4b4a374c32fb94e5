import { Form, Link } from "react-router";
import { TextField } from "~/components/ui/field";
import { AuthCard, FailureAlert, TotpCodeField } from "./auth-card";
import { Button } from "~/components/ui/button";
import { RETURN_PARAM, withReturn } from "~/lib/sign-in-return";

export type TwoFactorMethod = "code" | "recovery";

/** The second step of a sign-in, named in the address (/admin/auth?two-factor=code|recovery) so it works without JavaScript. */
export function twoFactorStep(params: URLSearchParams): TwoFactorMethod | null {
  const step = params.get("two-factor");
  return step === "code" || step === "recovery" ? step : null;
}

const linkClass = "underline-offset-4 hover:text-foreground hover:underline";

/**
 * 'Two-factor sign-in': after the right password of an account with two-factor sign-in on, the
 * 6-digit code from the authenticator app, or one of the recovery codes instead. Plain form posts;
 * `returnTo` is the page signing in leads back to (app/lib/sign-in-return.ts).
 */
export function TwoFactorScreen({
  method,
  failure,
  failed,
  busy,
  returnTo,
}: {
  method: TwoFactorMethod;
  failure: string | null | undefined;
  /** The refused submission's reply (new each time): the message then takes focus. */
  failed: unknown;
  busy: boolean | undefined;
  returnTo: string | null;
}) {
  const recovery = method === "recovery";
  return (
    <AuthCard>
      <h1 className="text-2xl font-bold tracking-tight">Two-factor sign-in</h1>
      <p className="mt-2 text-sm text-muted">
        {recovery
          ? "Enter one of the recovery codes you saved when you set up two-factor sign-in. Each code works once."
          : "Enter the 6-digit code from your authenticator app."}
      </p>

      <FailureAlert message={failure} answer={failed} />

      <Form method="post" action={withReturn(`/admin/auth?two-factor=${method}`, returnTo)} className="mt-6 space-y-4" key={method}>
        <input type="hidden" name="intent" value="two-factor" />
        {returnTo ? <input type="hidden" name={RETURN_PARAM} value={returnTo} /> : null}
        <input type="hidden" name="method" value={recovery ? "recovery" : "totp"} />
        {recovery ? (
          <TextField
            name="code"
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            required
            maxLength={32}
            placeholder="xxxxx-xxxxx"
          />
        ) : (
          <TotpCodeField label="Authentication code" placeholder="123456" />
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Verifying..." : "Verify"}
        </Button>
      </Form>

      <div className="mt-6 flex flex-col items-center gap-2 text-sm text-muted">
        <Link to={withReturn(recovery ? "/admin/auth?two-factor=code" : "/admin/auth?two-factor=recovery", returnTo)} className={linkClass}>
          {recovery ? "Use your authenticator app instead" : "Use a recovery code instead"}
        </Link>
        <Link to={withReturn("/admin/auth", returnTo)} className={linkClass}>
          Back to Sign In
        </Link>
      </div>
    </AuthCard>
  );
}

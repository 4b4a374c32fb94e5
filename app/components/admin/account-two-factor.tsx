import { useState } from "react";
import { Form } from "react-router";
import { TotpCodeField } from "~/components/admin/auth-card";
import { Button, buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/admin-validation";
import { ACCOUNT_PATH } from "~/lib/sign-in-return";
import { TwoFactorKey } from "./two-factor-key";

/** The setup's second step as the server answers it (see `TwoFactorSetup` in account-actions.server.ts). */
export type TwoFactorSetupView = { totpURI: string; qrSvg: string; secret: string };

/**
 * The account page's 'Two-factor sign-in' panel body: the recovery codes right after the setup,
 * the setup's QR code with its key and app link (two-factor-key.tsx) and code field, or the form
 * that turns it on or off.
 */
export function TwoFactorSettings({
  twoFactorEnabled,
  recoveryCodes,
  setup,
  errors,
  busyIntent,
}: {
  twoFactorEnabled: boolean;
  recoveryCodes: string[] | null;
  setup: TwoFactorSetupView | undefined;
  errors: FieldErrors;
  busyIntent: unknown;
}) {
  return (
    <>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} />
      ) : setup ? (
        <div className="mt-4 space-y-5">
          <p className="text-sm text-muted">
            Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy, ...), then enter the 6-digit code it shows.
          </p>
          {/* On a phone the key and the app link come first: the phone showing the QR code cannot scan it. */}
          <div className="flex flex-col-reverse gap-5 sm:flex-row sm:items-start">
            <div
              role="img"
              aria-label="QR code for your authenticator app"
              className="size-48 shrink-0 overflow-hidden rounded-lg bg-white p-1 [&>svg]:size-full"
              dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
            />
            <TwoFactorKey secret={setup.secret} totpURI={setup.totpURI} />
          </div>
          <Form method="post" action={ACCOUNT_PATH} className="space-y-4">
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="totpURI" value={setup.totpURI} />
            <TotpCodeField label="6-digit code" error={errors.code} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" variant="primary" disabled={busyIntent === "verify"}>
                {busyIntent === "verify" ? "Verifying..." : "Verify"}
              </Button>
              <a href={ACCOUNT_PATH} className={buttonClass({ variant: "ghost" })}>
                Cancel
              </a>
            </div>
          </Form>
        </div>
      ) : twoFactorEnabled ? (
        <div className="mt-4 space-y-4">
          <p className="text-sm">
            <strong>Two-factor sign-in is on.</strong> Signing in asks for a code from your authenticator app after your password.
          </p>
          <Form method="post" action={ACCOUNT_PATH} className="space-y-4">
            <input type="hidden" name="intent" value="disable" />
            <TextField name="password" label="Password" type="password" autoComplete="current-password" required error={errors.password} />
            <Button type="submit" variant="outline" disabled={busyIntent === "disable"}>
              {busyIntent === "disable" ? "Turning off..." : "Turn off two-factor sign-in"}
            </Button>
          </Form>
        </div>
      ) : (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-muted">
            Two-factor sign-in is off. Turn it on to ask for a 6-digit code from an authenticator app on your phone after your password, so a stolen password
            alone cannot open your account.
          </p>
          <Form method="post" action={ACCOUNT_PATH} className="space-y-4">
            <input type="hidden" name="intent" value="enable" />
            <TextField
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              hint="Confirm it is you."
              error={errors.password}
            />
            <Button type="submit" variant="primary" disabled={busyIntent === "enable"}>
              {busyIntent === "enable" ? "Setting up..." : "Set up two-factor sign-in"}
            </Button>
          </Form>
        </div>
      )}
    </>
  );
}

/** The recovery codes, shown once right after the setup, with copy and download. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join("\n")}\n`;
  return (
    <div className="mt-4 space-y-4">
      <p className="text-sm">
        <strong>Two-factor sign-in is on.</strong> Save these recovery codes somewhere safe: each one signs you in once if you lose your phone. They are shown
        only now.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-lg bg-surface-2 p-4 font-mono text-sm sm:grid-cols-3">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy codes"}
        </Button>
        <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="recovery-codes.txt" className={buttonClass({ variant: "outline" })}>
          Download codes
        </a>
        <a href={ACCOUNT_PATH} className={buttonClass({ variant: "primary" })}>
          I saved them
        </a>
      </div>
    </div>
  );
}

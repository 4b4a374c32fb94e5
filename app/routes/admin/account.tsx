import { useState } from "react";
import { createCookie, data, Form, redirect, useNavigation } from "react-router";
import { ShieldCheck } from "lucide-react";
import type { Route } from "./+types/account";
import { requireAdmin } from "~/server/authz.server";
import { auth, callAuthEndpoint } from "~/server/auth.server";
import { listAccountSessions, groupSecret, sessionToken, totpQrSvg, totpSecret, twoFactorMessage, type AccountSession } from "~/server/account.server";
import { readAdminForm } from "~/server/form.server";
import { flashHeader } from "~/server/flash.server";
import { db } from "~/server/db/client.server";
import { config } from "~/server/env.server";
import { errorText } from "~/server/errors.server";
import { log } from "~/server/log.server";
import { readSettings } from "~/server/settings.server";
import { makeToast, type Toast } from "~/lib/form-result";
import type { FieldErrors } from "~/lib/admin-validation";
import { AdminPage, Panel } from "~/components/admin/admin-page";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { TextField } from "~/components/ui/field";
import { TotpCodeField } from "~/components/admin/auth-card";
import { Button, buttonClass } from "~/components/ui/button";
import { LocalDateTime } from "~/components/ui/local-date-time";

const ERROR_TITLE = "Account error";
/** This page (ACCOUNT_PATH of authz.server.ts, where admins without required 2FA are sent). */
const PAGE_PATH = "/admin/account";

/** Marks, for five minutes, that the account's new recovery codes are still to be shown once. */
let codesCookie: ReturnType<typeof createCookie> | undefined;
function recoveryCodesCookie() {
  codesCookie ??= createCookie("recovery_codes_once", {
    // /admin, not this page: the data request of a client-side navigation is /admin/account.data.
    path: "/admin",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 300,
    secure: config().appUrl.startsWith("https:"),
    secrets: [config().authSecret],
  });
  return codesCookie;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const a = await auth();
  const database = await db();
  const current = await a.api.getSession({ headers: request.headers });
  const settings = await readSettings(database);
  let sessions: AccountSession[] | null = null;
  let sessionsError: Toast | null = null;
  try {
    sessions = await listAccountSessions(database, user.id, current?.session.id ?? "");
  } catch (error) {
    log.error("listing sessions failed", { error: errorText(error) });
    sessionsError = makeToast("Error loading sessions", "Your signed-in devices could not be listed. Please try again.", "destructive");
  }
  // Right after the setup: the recovery codes, this once (the cookie is cleared by this answer).
  let recoveryCodes: string[] | null = null;
  const headers = new Headers();
  const pending: unknown = await recoveryCodesCookie().parse(request.headers.get("Cookie"));
  if (pending) {
    headers.append("Set-Cookie", await recoveryCodesCookie().serialize("", { maxAge: 0 }));
    if (pending === user.id && user.twoFactorEnabled) {
      const answer = await a.api.viewBackupCodes({ body: { userId: user.id } }).catch((error: unknown) => {
        log.error("reading recovery codes failed", { error: errorText(error) });
        return null;
      });
      recoveryCodes = answer?.backupCodes ?? null;
    }
  }
  return data(
    {
      email: user.email,
      twoFactorEnabled: user.twoFactorEnabled,
      required: settings.requireTwoFactor && !user.twoFactorEnabled,
      sessions,
      sessionsError,
      recoveryCodes,
    },
    { headers },
  );
}

type ActionResult = {
  toast?: Toast;
  errors?: FieldErrors;
  /** The setup's second step: scan the code, then confirm with a code from the app. */
  setup?: { totpURI: string; qrSvg: string; secret: string };
};

export async function action({ request }: Route.ActionArgs) {
  const { form, user } = await readAdminForm(request, ERROR_TITLE);
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const fail = (message: string, status: number, extra: Omit<ActionResult, "toast"> = {}) =>
    data<ActionResult>({ ...extra, toast: makeToast(ERROR_TITLE, message, "destructive") }, { status: status >= 500 ? 503 : status });
  /** Goes back to the page with better-auth's cookies (a new session after a 2FA change) and a toast. */
  const back = async (setCookies: string[], toast: Toast, extra: string[] = []) => {
    const headers = new Headers(await flashHeader(toast));
    for (const cookie of [...setCookies, ...extra]) headers.append("Set-Cookie", cookie);
    return redirect(PAGE_PATH, { headers });
  };

  if (intent === "enable") {
    const password = text("password");
    if (!password) return fail("Enter your password.", 400, { errors: { password: "Enter your password." } });
    const result = await callAuthEndpoint(request, "/two-factor/enable", { password });
    if (!result.ok) {
      const message = twoFactorMessage(result.message);
      return fail(message, result.status, { errors: { password: message } });
    }
    const totpURI = (result.body as { totpURI?: unknown } | null)?.totpURI;
    const secret = typeof totpURI === "string" ? totpSecret(totpURI) : null;
    if (typeof totpURI !== "string" || !secret) return fail("Two-factor sign-in could not be set up. Please try again.", 503);
    return data<ActionResult>({ setup: { totpURI, secret: groupSecret(secret), qrSvg: await totpQrSvg(totpURI) } });
  }

  if (intent === "verify") {
    const totpURI = text("totpURI");
    const secret = totpSecret(totpURI);
    if (!secret) return fail("The setup expired. Start again.", 400);
    const setup = { totpURI, secret: groupSecret(secret), qrSvg: await totpQrSvg(totpURI) };
    const code = text("code").replace(/\s+/g, "");
    if (!/^\d{6}$/.test(code)) {
      const message = "Enter the 6-digit code your authenticator app shows.";
      return fail(message, 400, { setup, errors: { code: message } });
    }
    const result = await callAuthEndpoint(request, "/two-factor/verify-totp", { code });
    if (!result.ok) {
      const message = twoFactorMessage(result.message);
      return fail(message, result.status, { setup, errors: { code: message } });
    }
    const once = await recoveryCodesCookie().serialize(user.id);
    return back(result.setCookies, makeToast("Two-factor sign-in is on", "Save your recovery codes now: they are shown only once."), [once]);
  }

  if (intent === "disable") {
    const password = text("password");
    if (!password) return fail("Enter your password.", 400, { errors: { password: "Enter your password." } });
    const result = await callAuthEndpoint(request, "/two-factor/disable", { password });
    if (!result.ok) {
      const message = twoFactorMessage(result.message);
      return fail(message, result.status, { errors: { password: message } });
    }
    return back(result.setCookies, makeToast("Two-factor sign-in is off", "Signing in asks only for your password now."));
  }

  if (intent === "revoke-session") {
    const token = await sessionToken(await db(), user.id, text("sessionId"));
    if (!token) return fail("That session has already ended.", 404);
    const result = await callAuthEndpoint(request, "/revoke-session", { token });
    if (!result.ok) return fail(result.message, result.status);
    return data<ActionResult>({ toast: makeToast("Session signed out", "That device is signed out on its next request.") });
  }

  if (intent === "revoke-other-sessions") {
    const result = await callAuthEndpoint(request, "/revoke-other-sessions", {});
    if (!result.ok) return fail(result.message, result.status);
    return data<ActionResult>({ toast: makeToast("Other sessions signed out", "Only this device is still signed in.") });
  }

  return fail("Unknown request.", 400);
}

export function meta() {
  return [{ title: "Account · Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { email, twoFactorEnabled, required, sessions, sessionsError, recoveryCodes } = loaderData;
  useToastFrom(actionData?.toast);
  useToastFrom(sessionsError);
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" && navigation.formAction?.startsWith(PAGE_PATH) ? navigation.formData?.get("intent") : null;
  const errors = actionData?.errors ?? {};
  const setup = actionData?.setup;

  return (
    <AdminPage title="Account" description={<>Signed in as {email}.</>} width="narrow">
      {required ? (
        <p role="alert" className="mb-6 rounded-lg border border-amber-400/60 bg-amber-400/10 p-4 text-sm">
          This site requires two-factor sign-in for admins. Set it up below to continue to the back-office.
        </p>
      ) : null}

      <div className="space-y-8">
        <section aria-labelledby="two-factor-heading">
          <Panel>
            <h2 id="two-factor-heading" className="flex items-center gap-2 text-xl font-semibold">
              <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
              Two-factor sign-in
            </h2>
            {recoveryCodes ? (
              <RecoveryCodes codes={recoveryCodes} />
            ) : setup ? (
              <div className="mt-4 space-y-5">
                <p className="text-sm text-muted">
                  Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy, ...), then enter the 6-digit code it shows.
                </p>
                <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
                  <div
                    role="img"
                    aria-label="QR code for your authenticator app"
                    className="size-48 shrink-0 overflow-hidden rounded-lg bg-white p-1 [&>svg]:size-full"
                    dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
                  />
                  <div className="min-w-0 space-y-2 text-sm">
                    <p className="text-muted">Cannot scan it? Enter this key in the app instead:</p>
                    <p>
                      <code data-testid="totp-secret" className="rounded bg-surface-2 px-2 py-1 font-mono text-base break-all">
                        {setup.secret}
                      </code>
                    </p>
                  </div>
                </div>
                <Form method="post" action={PAGE_PATH} className="space-y-4">
                  <input type="hidden" name="intent" value="verify" />
                  <input type="hidden" name="totpURI" value={setup.totpURI} />
                  <TotpCodeField label="6-digit code" error={errors.code} />
                  <div className="flex flex-wrap gap-2">
                    <Button type="submit" variant="primary" disabled={busyIntent === "verify"}>
                      {busyIntent === "verify" ? "Verifying..." : "Verify"}
                    </Button>
                    <a href={PAGE_PATH} className={buttonClass({ variant: "ghost" })}>
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
                <Form method="post" action={PAGE_PATH} className="space-y-4">
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
                  Two-factor sign-in is off. Turn it on to ask for a 6-digit code from an authenticator app on your phone after your password, so a stolen
                  password alone cannot open your account.
                </p>
                <Form method="post" action={PAGE_PATH} className="space-y-4">
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
          </Panel>
        </section>

        <section aria-labelledby="sessions-heading">
          <Panel>
            <h2 id="sessions-heading" className="text-xl font-semibold">
              Sessions
            </h2>
            <p className="mt-1 text-sm text-muted">The devices signed in to your account. Sign out any you do not recognise.</p>
            <SessionList sessions={sessions} busyIntent={busyIntent} busyId={navigation.formData?.get("sessionId")} />
          </Panel>
        </section>
      </div>
    </AdminPage>
  );
}

function SessionList({ sessions, busyIntent, busyId }: { sessions: AccountSession[] | null; busyIntent: unknown; busyId: unknown }) {
  if (!sessions) {
    return (
      <div className="mt-4 flex flex-wrap items-center gap-3 text-sm">
        <p>Your sessions could not be listed.</p>
        <a href={PAGE_PATH} className={buttonClass({ variant: "outline", size: "sm" })}>
          Try again
        </a>
      </div>
    );
  }
  const others = sessions.filter((s) => !s.current);
  return (
    <>
      <ul className="mt-4 divide-y divide-border">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid="session">
            <div className="min-w-0 text-sm">
              <p className="font-medium">
                {session.device}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-primary/20 px-2 py-0.5 text-xs font-semibold text-foreground">This device</span>
                ) : null}
              </p>
              <p className="text-muted">IP address: {session.ipAddress ?? "unknown"}</p>
              <p className="text-muted">
                Signed in <LocalDateTime value={session.signedInAt} /> · Last active <LocalDateTime value={session.lastActiveAt} />
              </p>
            </div>
            {session.current ? null : (
              <Form method="post" action={PAGE_PATH}>
                <input type="hidden" name="intent" value="revoke-session" />
                <input type="hidden" name="sessionId" value={session.id} />
                <Button type="submit" variant="outline" size="sm" aria-label={`Sign out ${session.device}, ${session.ipAddress ?? "unknown address"}`}>
                  {busyIntent === "revoke-session" && busyId === session.id ? "Signing out..." : "Sign out"}
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Form method="post" action={PAGE_PATH} className="mt-2">
          <input type="hidden" name="intent" value="revoke-other-sessions" />
          <Button type="submit" variant="outline" disabled={busyIntent === "revoke-other-sessions"}>
            {busyIntent === "revoke-other-sessions" ? "Signing out..." : "Sign out other sessions"}
          </Button>
        </Form>
      ) : (
        <p className="mt-2 text-sm text-muted">This is your only signed-in device.</p>
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
        <a href={PAGE_PATH} className={buttonClass({ variant: "primary" })}>
          I saved them
        </a>
      </div>
    </div>
  );
}

import { data, useNavigation } from "react-router";
import { ShieldCheck } from "lucide-react";
import type { Route } from "./+types/account";
import { requireAdmin } from "~/server/accounts/authz.server";
import { auth } from "~/server/accounts/auth.server";
import { listAccountSessions, takeRecoveryCodes, type AccountSession } from "~/server/accounts/account.server";
import { ACCOUNT_ERROR, accountAction } from "~/server/accounts/account-actions.server";
import { readAdminForm } from "~/server/admin/form.server";
import { db } from "~/server/db/client.server";
import { errorText } from "~/server/http/errors.server";
import { log } from "~/server/core/log.server";
import { readSettings } from "~/server/site/settings.server";
import { isFormFailure, makeToast, type Toast } from "~/lib/form-result";
import { ACCOUNT_PATH } from "~/lib/sign-in-return";
import { AdminPage, Panel } from "~/components/admin/admin-page";
import { SessionList } from "~/components/admin/account-sessions";
import { TwoFactorSettings } from "~/components/admin/account-two-factor";
import { useToastFrom } from "~/components/admin/use-toast-from";

/** Two-factor sign-in and the signed-in devices of the admin's own account (ACCOUNT_PATH, where authz.server.ts sends admins without a required 2FA). */

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
  const headers = new Headers();
  const recoveryCodes = await takeRecoveryCodes(a, request, user, headers);
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

export async function action({ request }: Route.ActionArgs) {
  const { form, user } = await readAdminForm(request, ACCOUNT_ERROR);
  return accountAction(await db(), request, user, form);
}

export function meta() {
  return [{ title: "Account · Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { email, twoFactorEnabled, required, sessions, sessionsError, recoveryCodes } = loaderData;
  const failed = isFormFailure(actionData) ? actionData : undefined;
  useToastFrom(actionData && "toast" in actionData ? actionData.toast : undefined);
  useToastFrom(sessionsError);
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" && navigation.formAction?.startsWith(ACCOUNT_PATH) ? navigation.formData?.get("intent") : null;
  const errors = failed?.errors ?? {};
  const setup = actionData && "setup" in actionData ? actionData.setup : undefined;

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
            <TwoFactorSettings twoFactorEnabled={twoFactorEnabled} recoveryCodes={recoveryCodes} setup={setup} errors={errors} busyIntent={busyIntent} />
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

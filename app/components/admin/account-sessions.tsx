import { Form } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { LocalDateTime } from "~/components/ui/local-date-time";
import { ACCOUNT_PATH } from "~/lib/sign-in-return";

/** One signed-in device as the server lists it (see `AccountSession` in account.server.ts). */
export type SessionRow = { id: string; device: string; ipAddress: string | null; signedInAt: string; lastActiveAt: string; current: boolean };

/** The devices signed in to the account, with a 'Sign out' for each other one and for all of them. */
export function SessionList({ sessions, busyIntent, busyId }: { sessions: SessionRow[] | null; busyIntent: unknown; busyId: unknown }) {
  if (!sessions) {
    return (
      <div className="mt-4 flex flex-wrap items-center gap-3 text-sm">
        <p>Your sessions could not be listed.</p>
        <a href={ACCOUNT_PATH} className={buttonClass({ variant: "outline", size: "sm" })}>
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
              <Form method="post" action={ACCOUNT_PATH}>
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
        <Form method="post" action={ACCOUNT_PATH} className="mt-2">
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

import { Form } from "react-router";
import { formatDate } from "~/lib/dates";
import { isFormFailure, type FormResult } from "~/lib/form-result";
import { Panel } from "~/components/admin/admin-page";
import { Button, buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";

/** An invitation not used yet, as /admin/users lists it. */
export type Invitation = { id: string; email: string; role: string; expiresAt: Date };

/** 'Invite someone': an address, and whether it gets admin access; the link is mailed to it. */
export function InviteForm({ result }: { result: FormResult | undefined }) {
  const failed = isFormFailure(result) ? result : null;
  const done = result?.ok && result.toast.title === "Invitation sent" ? result.toast.id : null;
  const emailValue = failed?.values.email;
  return (
    <Panel>
      <h2 className="text-lg font-semibold" id="invite-heading">
        Invite someone
      </h2>
      <p className="mt-1 text-sm text-muted">We mail them a link to sign up, even while sign-up is off. The link works once, for 7 days.</p>
      <Form method="post" className="mt-4 space-y-4" aria-labelledby="invite-heading" key={done ?? "invite"}>
        <input type="hidden" name="intent" value="invite" />
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          placeholder="colleague@company.com"
          defaultValue={typeof emailValue === "string" ? emailValue : ""}
          error={failed?.errors.email}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="admin" className="size-4 accent-[var(--color-primary)]" defaultChecked={failed?.values.admin === "on"} />
          Give admin access (the whole back-office)
        </label>
        <Button type="submit">Send invitation</Button>
      </Form>
    </Panel>
  );
}

/** The invitations not used yet, each with 'Resend' and 'Revoke invitation'. */
export function PendingInvitations({ invitations }: { invitations: Invitation[] }) {
  return (
    <Panel>
      <h2 className="text-lg font-semibold">Pending invitations</h2>
      {invitations.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No pending invitations</p>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-semibold break-all">{invitation.email}</p>
                <p className="text-xs text-muted">
                  {invitation.role === "admin" ? "Admin access" : "No access until granted"} · Expires {formatDate(invitation.expiresAt)}
                </p>
              </div>
              <Form method="post" className="flex shrink-0 gap-2">
                <input type="hidden" name="id" value={invitation.id} />
                <button
                  type="submit"
                  name="intent"
                  value="resend-invitation"
                  aria-label={`Resend the invitation of ${invitation.email}`}
                  className={buttonClass({ variant: "outline", size: "sm" })}
                >
                  Resend
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="revoke-invitation"
                  aria-label={`Revoke invitation of ${invitation.email}`}
                  className={buttonClass({ variant: "ghost", size: "sm", className: "text-red-300 hover:bg-red-500/15" })}
                >
                  Revoke invitation
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

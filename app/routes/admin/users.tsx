import { useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { ArrowLeft } from "lucide-react";
import type { Route } from "./+types/users";
import { requireAdmin } from "~/server/authz.server";
import { readAdminForm } from "~/server/form.server";
import { changeAccount } from "~/server/list-actions.server";
import { db } from "~/server/db/client.server";
import { readListParams } from "~/server/list-params.server";
import { accountPage, type AccountPageRow as AccountRow } from "~/server/queries/users.server";
import { pendingInvitations, type PendingInvitation } from "~/server/invitations.server";
import { changeAccess, isAccessIntent } from "~/server/users-access.server";
import { ACCOUNT_STATUSES, ADMIN_PAGE_SIZE, type AccountStatus } from "~/lib/admin-lists";
import { readOrFail } from "~/server/records.server";
import { formatDate } from "~/lib/dates";
import { AdminPage, LinkButton, Panel } from "~/components/admin/admin-page";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { ListPager, ListSearch, ListTabs } from "~/components/admin/list-controls";
import { StatusBadge } from "~/components/admin/status-badge";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { Button, buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";

/** Each tab's label, its empty state and what it holds (for 'No admins match “…”'). */
const TABS: Record<AccountStatus, { label: string; none: string; noun: string }> = {
  all: { label: "All", none: "No accounts", noun: "accounts" },
  admins: { label: "Admins", none: "No admins", noun: "admins" },
  waiting: { label: "Waiting for access", none: "Nobody is waiting for access", noun: "accounts waiting for access" },
};

/** ?q= (name or e-mail), ?status= (all, admins, waiting) and ?page= (25 a page), newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireAdmin(request);
  const params = readListParams(request, ACCOUNT_STATUSES);
  const list = await readOrFail("Accounts", async () => accountPage(await db(), params));
  const invitations = await readOrFail("Invitations", async () => pendingInvitations(await db()));
  return { me: me.id, q: params.q, status: params.status, ...list, invitations };
}

export async function action({ request }: Route.ActionArgs) {
  const { form, user } = await readAdminForm(request, "Error saving account");
  // Invitations and 'Unlock' (users-access.server.ts); roles and deletion (list-actions.server.ts).
  if (isAccessIntent(form.get("intent"))) return changeAccess(await db(), user, form);
  return changeAccount(await db(), user, form);
}

export function meta() {
  return [{ title: "Users · Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
  const { me, q, status, items, counts, page, invitations } = loaderData;
  return (
    <AdminPage
      title="Users"
      description="Accounts that signed up. Only admins can use the back-office."
      actions={
        <LinkButton to="/admin/dashboard">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Dashboard
        </LinkButton>
      }
    >
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <ListTabs
          label="Accounts by access"
          current={status}
          tabs={ACCOUNT_STATUSES.map((value) => ({ value, label: TABS[value].label, count: counts[value] }))}
        />
        <ListSearch label="Search accounts" placeholder="Name or email" />
      </div>
      {items.length > 0 ? (
        <AccountTable accounts={items} me={me} caption={q ? `Accounts matching “${q}”` : `Accounts: ${TABS[status].label}`} />
      ) : (
        <Panel className="py-12 text-center">
          <p className="font-semibold">{q ? `No ${TABS[status].noun} match “${q}”` : TABS[status].none}</p>
        </Panel>
      )}
      <ListPager label="Accounts" page={page} pageSize={ADMIN_PAGE_SIZE} total={counts[status]} />
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <InviteForm result={actionData} />
        <PendingInvitations invitations={invitations} />
      </div>
    </AdminPage>
  );
}

/** The accounts as table rows; narrow screens show the confirmation and join date under the address. */
function AccountTable({ accounts, me, caption }: { accounts: AccountRow[]; me: string; caption: string }) {
  return (
    <div className="overflow-hidden rounded-2xl border border-border bg-surface">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border text-xs font-semibold tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className="py-3 pr-3 pl-4">
              Account
            </th>
            <th scope="col" className="hidden py-3 pr-3 sm:table-cell">
              Access
            </th>
            <th scope="col" className="hidden py-3 pr-3 md:table-cell">
              Email
            </th>
            <th scope="col" className="hidden py-3 pr-3 md:table-cell">
              Joined
            </th>
            <th scope="col" className="py-3 pr-4 text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {accounts.map((a) => {
            const isAdmin = a.role === "admin";
            return (
              <tr key={a.id} className="align-middle">
                <td className="max-w-0 py-3 pr-3 pl-4 sm:w-1/2">
                  <p className="font-semibold break-all sm:truncate">
                    {a.email}
                    {a.id === me ? <span className="ml-2 text-sm font-normal text-muted">(you)</span> : null}
                    {a.lockedUntil ? <LockedBadge until={a.lockedUntil} /> : null}
                  </p>
                  {a.name && a.name !== a.email ? <p className="text-xs break-all text-muted sm:truncate">{a.name}</p> : null}
                  <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted md:hidden">
                    <span className="sm:hidden">
                      <AccessBadge admin={isAdmin} />
                    </span>
                    <span>{a.emailVerified ? "Email confirmed" : "Email not confirmed"}</span>
                    <span>Joined {formatDate(a.createdAt)}</span>
                  </div>
                </td>
                <td className="hidden py-3 pr-3 sm:table-cell">
                  <AccessBadge admin={isAdmin} />
                </td>
                <td className="hidden py-3 pr-3 text-muted md:table-cell">{a.emailVerified ? "Confirmed" : "Not confirmed"}</td>
                <td className="hidden py-3 pr-3 whitespace-nowrap text-muted md:table-cell">{formatDate(a.createdAt)}</td>
                <td className="py-3 pr-4">{a.id === me ? null : <AccountActions account={a} />}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A sign-in lock after too many failed sign-ins (it ends by itself, or with 'Unlock'). */
function LockedBadge({ until }: { until: Date }) {
  return (
    <span className="ml-2 inline-flex items-center rounded-full border border-red-500/60 bg-red-500/10 px-2.5 py-0.5 align-middle text-xs font-medium text-red-200">
      Locked<span className="sr-only"> until {until.toISOString().slice(11, 16)} UTC</span>
    </span>
  );
}

type ActionResult = Route.ComponentProps["actionData"];

/** 'Invite someone': an address, and whether it gets admin access; the link is mailed to it. */
function InviteForm({ result }: { result: ActionResult }) {
  const failed = result && "errors" in result ? result : null;
  const done = result && "ok" in result && result.ok && result.toast.title === "Invitation sent" ? result.toast.id : null;
  const emailValue = failed?.values?.email;
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
          error={failed?.errors?.email}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="admin" className="size-4 accent-[var(--color-primary)]" defaultChecked={failed?.values?.admin === "on"} />
          Give admin access (the whole back-office)
        </label>
        <Button type="submit">Send invitation</Button>
      </Form>
    </Panel>
  );
}

/** The invitations not used yet, each with 'Resend' and 'Revoke invitation'. */
function PendingInvitations({ invitations }: { invitations: PendingInvitation[] }) {
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

function AccessBadge({ admin }: { admin: boolean }) {
  return <StatusBadge on={admin}>{admin ? "Admin" : "No access"}</StatusBadge>;
}

type Ask = { intent: "grant" | "revoke" | "delete"; question: string; detail: string; confirmLabel: string };

/**
 * 'Grant admin' (or 'Revoke admin') and 'Delete': each asks in the confirmation dialog naming the
 * account, then posts to the page action. Without JavaScript they post at once.
 */
function AccountActions({ account }: { account: AccountRow }) {
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const [asking, setAsking] = useState<Ask | null>(null);
  const isAdmin = account.role === "admin";
  const asks: Record<Ask["intent"], Ask> = {
    grant: {
      intent: "grant",
      question: "Grant admin access?",
      detail: "can then use the whole back-office: posts, leads and other accounts.",
      confirmLabel: "Grant admin",
    },
    revoke: { intent: "revoke", question: "Revoke admin access?", detail: "can then no longer use the back-office.", confirmLabel: "Revoke admin" },
    delete: {
      intent: "delete",
      question: "Are you sure you want to delete this account?",
      detail: "and its sign-in are deleted. This cannot be undone.",
      confirmLabel: "Delete",
    },
  };
  const role = isAdmin ? asks.revoke : asks.grant;
  return (
    <Form
      ref={form}
      method="post"
      className="flex flex-col items-end gap-1 sm:flex-row sm:flex-wrap sm:justify-end sm:gap-2"
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        const intent = submitter instanceof HTMLButtonElement ? (submitter.value as Ask["intent"]) : null;
        if (!intent || !(intent in asks)) return;
        event.preventDefault();
        setAsking(asks[intent]);
      }}
    >
      <input type="hidden" name="id" value={account.id} />
      {account.lockedUntil ? (
        <button type="submit" name="intent" value="unlock" aria-label={`Unlock ${account.email}`} className={buttonClass({ variant: "outline", size: "sm" })}>
          Unlock
        </button>
      ) : null}
      <button
        type="submit"
        name="intent"
        value={role.intent}
        aria-label={`${role.confirmLabel} for ${account.email}`}
        className={buttonClass({ variant: "outline", size: "sm" })}
      >
        {role.confirmLabel}
      </button>
      <button
        type="submit"
        name="intent"
        value="delete"
        aria-label={`Delete ${account.email}`}
        className={buttonClass({ variant: "ghost", size: "sm", className: "text-red-300 hover:bg-red-500/15" })}
      >
        Delete
      </button>
      {asking ? (
        <ConfirmDialog
          question={asking.question}
          detail={
            <>
              <strong className="font-semibold break-all text-foreground">{account.email}</strong> {asking.detail}
            </>
          }
          confirmLabel={asking.confirmLabel}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            const data = new FormData(form.current ?? undefined);
            data.set("intent", asking.intent);
            setAsking(null);
            void submit(data, { method: "post" });
          }}
        />
      ) : null}
    </Form>
  );
}

import { useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import { formatDate } from "~/lib/dates";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { StatusBadge } from "~/components/admin/status-badge";
import { buttonClass } from "~/components/ui/button";
import { Table, TableActionsHead, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";

/** An account as /admin/users lists it; `lockedUntil` is the end of its sign-in lock (null: not locked). */
export type Account = { id: string; email: string; name: string; role: string; emailVerified: boolean; createdAt: Date; lockedUntil: Date | null };

/** The accounts as table rows; narrow screens show the confirmation and join date under the address. */
export function AccountTable({ accounts, me, caption }: { accounts: Account[]; me: string; caption: string }) {
  return (
    <Table framed stickyHeader>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead>Account</TableHead>
          <TableHead from="sm">Access</TableHead>
          <TableHead from="md">Email</TableHead>
          <TableHead from="md">Joined</TableHead>
          <TableActionsHead />
        </TableRow>
      </TableHeader>
      <TableBody>
        {accounts.map((a) => {
          const isAdmin = a.role === "admin";
          return (
            <TableRow key={a.id}>
              <TableCell className="max-w-0 sm:w-1/2">
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
              </TableCell>
              <TableCell from="sm">
                <AccessBadge admin={isAdmin} />
              </TableCell>
              <TableCell from="md" className="whitespace-nowrap text-muted">
                {a.emailVerified ? "Confirmed" : "Not confirmed"}
              </TableCell>
              <TableCell from="md" className="whitespace-nowrap text-muted">
                {formatDate(a.createdAt)}
              </TableCell>
              <TableCell>{a.id === me ? null : <AccountActions account={a} />}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
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

function AccessBadge({ admin }: { admin: boolean }) {
  return <StatusBadge on={admin}>{admin ? "Admin" : "No access"}</StatusBadge>;
}

type Ask = { intent: "grant" | "revoke" | "delete"; question: string; detail: string; confirmLabel: string };

const ASKS: Record<Ask["intent"], Ask> = {
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

/**
 * 'Grant admin' (or 'Revoke admin') and 'Delete': each asks in the confirmation dialog naming the
 * account, then posts to the page action. Without JavaScript they post at once.
 */
function AccountActions({ account }: { account: Account }) {
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const [asking, setAsking] = useState<Ask | null>(null);
  const role = account.role === "admin" ? ASKS.revoke : ASKS.grant;
  return (
    <Form
      ref={form}
      method="post"
      className="flex flex-col items-end gap-1 sm:flex-row sm:flex-wrap sm:justify-end sm:gap-2 xl:flex-nowrap"
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        const intent = submitter instanceof HTMLButtonElement ? (submitter.value as Ask["intent"]) : null;
        if (!intent || !(intent in ASKS)) return;
        event.preventDefault();
        setAsking(ASKS[intent]);
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

import { Form } from "react-router";
import { ArrowLeft } from "lucide-react";
import type { Route } from "./+types/users";
import { requireAdmin } from "~/server/authz.server";
import { readAdminForm } from "~/server/form.server";
import { changeAccount } from "~/server/list-actions.server";
import { db } from "~/server/db/client.server";
import { listAccounts } from "~/server/queries/users.server";
import { formatDate } from "~/lib/dates";
import { AdminPage, LinkButton, Panel } from "~/components/admin/admin-page";
import { StatusBadge } from "~/components/admin/status-badge";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { buttonClass } from "~/components/ui/button";

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireAdmin(request);
  return { me: me.id, accounts: await listAccounts(await db()) };
}

export async function action({ request }: Route.ActionArgs) {
  const { form, user } = await readAdminForm(request, "Error saving account");
  return changeAccount(await db(), user, form);
}

export function meta() {
  return [{ title: "Users · Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  useToastFrom(actionData?.toast);
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
      <ul className="space-y-3" aria-label="Accounts">
        {loaderData.accounts.map((a) => {
          const self = a.id === loaderData.me;
          const isAdmin = a.role === "admin";
          return (
            <li key={a.id}>
              <Panel className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <h2 className="truncate font-semibold">
                    {a.email}
                    {self ? <span className="ml-2 text-sm font-normal text-muted">(you)</span> : null}
                  </h2>
                  <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
                    <StatusBadge on={isAdmin}>{isAdmin ? "Admin" : "No access"}</StatusBadge>
                    <span>{a.emailVerified ? "Email confirmed" : "Email not confirmed"}</span>
                    <span>Joined {formatDate(a.createdAt)}</span>
                  </div>
                </div>
                {self ? null : (
                  <div className="flex flex-wrap gap-2">
                    <Form method="post" className="contents">
                      <input type="hidden" name="id" value={a.id} />
                      <button
                        type="submit"
                        name="intent"
                        value={isAdmin ? "revoke" : "grant"}
                        aria-label={`${isAdmin ? "Revoke admin" : "Grant admin"} for ${a.email}`}
                        className={buttonClass({ variant: isAdmin ? "outline" : "primary", size: "sm" })}
                      >
                        {isAdmin ? "Revoke admin" : "Grant admin"}
                      </button>
                    </Form>
                    <Form
                      method="post"
                      className="contents"
                      onSubmit={(e) => {
                        if (!window.confirm("Are you sure you want to delete this account?")) e.preventDefault();
                      }}
                    >
                      <input type="hidden" name="id" value={a.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="delete"
                        aria-label={`Delete ${a.email}`}
                        className={buttonClass({ variant: "ghost", size: "sm", className: "text-red-300 hover:bg-red-500/15" })}
                      >
                        Delete
                      </button>
                    </Form>
                  </div>
                )}
              </Panel>
            </li>
          );
        })}
      </ul>
    </AdminPage>
  );
}

import type { Route } from "./+types/users";
import { requireAdmin } from "~/server/accounts/authz.server";
import { readAdminForm } from "~/server/admin/form.server";
import { changeAccount } from "~/server/admin/list-actions.server";
import { db } from "~/server/db/client.server";
import { readListParams } from "~/server/admin/list-params.server";
import { accountPage } from "~/server/accounts/user-queries.server";
import { pendingInvitations } from "~/server/accounts/invitations.server";
import { changeAccess, isAccessIntent } from "~/server/accounts/users-access.server";
import { ACCOUNT_STATUSES, ADMIN_PAGE_SIZE, type AccountStatus } from "~/lib/admin-lists";
import { readOrFail } from "~/server/site/records.server";
import { AdminPage, Panel } from "~/components/admin/admin-page";
import { ListPager, ListSearch, ListTabs } from "~/components/admin/list-controls";
import { AccountTable } from "~/components/admin/users/account-table";
import { InviteForm, PendingInvitations } from "~/components/admin/users/invitations";
import { useToastFrom } from "~/components/admin/use-toast-from";

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
      back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
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

import { Link } from "react-router";
import { FileText, Inbox, MessageSquareQuote, Signpost, Trash2, UserCog, Users } from "lucide-react";
import type { Route } from "./+types/dashboard";
import { requireAdmin } from "~/server/authz.server";
import { AdminPage } from "~/components/admin/admin-page";
import { SignOutButton } from "~/components/admin/sign-out-button";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export function meta() {
  return [{ title: "Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

const CARDS = [
  { to: "/admin/blog", title: "Blog Management", text: "Write, edit and publish posts, tags and cover images.", icon: FileText },
  { to: "/admin/team", title: "Team Management", text: "Add team members, their photos and the order they appear in.", icon: Users },
  { to: "/admin/testimonials", title: "Testimonials", text: "Manage the client quotes of the landing page carousel.", icon: MessageSquareQuote },
  { to: "/admin/leads", title: "Leads", text: "Audit requests sent from the site.", icon: Inbox },
  { to: "/admin/users", title: "Users", text: "Grant or revoke back-office access.", icon: UserCog },
  { to: "/admin/trash", title: "Trash", text: "Restore deleted posts, team members and testimonials within 30 days.", icon: Trash2 },
  { to: "/admin/redirects", title: "Redirects", text: "Send old addresses on to new ones and see which pages visitors could not find.", icon: Signpost },
] as const;

export default function Dashboard() {
  return (
    <AdminPage title="Admin Dashboard" description="Manage the content of the site." actions={<SignOutButton />}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {CARDS.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col gap-3 rounded-2xl border border-border bg-surface p-6 transition-colors hover:border-primary hover:bg-surface-2"
            >
              <span className="flex size-11 items-center justify-center rounded-xl bg-primary/15 text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="text-lg font-semibold">{title}</span>
              <span className="text-sm text-muted">{text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}

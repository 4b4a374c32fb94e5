import { Link } from "react-router";
import { FileText, MessageSquareQuote, Users } from "lucide-react";
import type { Route } from "./+types/dashboard";
import { requireAdmin } from "~/server/accounts/authz.server";
import { db } from "~/server/db/client.server";
import { readOrFail } from "~/server/site/records.server";
import { dashboardFigures, recentLeads, recentPosts } from "~/server/admin/admin-shell-queries.server";
import { dashboardRevenue } from "~/server/admin/dashboard-revenue.server";
import { readSettings } from "~/server/site/settings.server";
import { formatDealValue } from "~/lib/currency";
import { formatDate } from "~/lib/dates";
import { POST_STATUS_LABEL, postStatus } from "~/lib/post-status";
import { AdminPage, Panel } from "~/components/admin/admin-page";
import { StatusBadge } from "~/components/admin/status-badge";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return readOrFail("Dashboard", async () => {
    const database = await db();
    const [figures, posts, leads, { currency }] = await Promise.all([
      dashboardFigures(database),
      recentPosts(database),
      recentLeads(database),
      readSettings(database),
    ]);
    return { figures, posts, leads, revenue: await dashboardRevenue(database, currency) };
  });
}

export function meta() {
  return [{ title: "Admin Dashboard" }, { name: "robots", content: "noindex" }];
}

const CARDS = [
  { to: "/admin/blog", title: "Blog Management", text: "Write, edit and publish posts, tags and cover images.", icon: FileText },
  { to: "/admin/team", title: "Team Management", text: "Add team members, their photos and the order they appear in.", icon: Users },
  { to: "/admin/testimonials", title: "Testimonials", text: "Manage the client quotes of the landing page carousel.", icon: MessageSquareQuote },
] as const;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { figures, posts, leads, revenue } = loaderData;
  // Deals recorded in another currency before the setting changed are named apart, never added in.
  const otherCurrencies = revenue.otherCurrencies.map((m) => formatDealValue(m.value, m.currency)).join(" + ");
  const FIGURES: Array<{ label: string; n: number | string; to: string; note?: string }> = [
    { label: "Published posts", n: figures.published, to: "/admin/blog?status=published" },
    { label: "Drafts", n: figures.drafts, to: "/admin/blog?status=draft" },
    { label: "Scheduled", n: figures.scheduled, to: "/admin/blog?status=scheduled" },
    { label: "Leads in the last 7 days", n: figures.leadsThisWeek, to: "/admin/leads" },
    { label: "Accounts waiting", n: figures.waitingAccounts, to: "/admin/users" },
    { label: "Calls booked this month", n: revenue.calls, to: "/admin/analytics" },
    {
      label: "Won this month",
      n: formatDealValue(revenue.won.value, revenue.won.currency),
      to: "/admin/analytics",
      note: otherCurrencies ? `and ${otherCurrencies}` : undefined,
    },
  ];
  return (
    <AdminPage title="Admin Dashboard" description="Manage the content of the site." signOut>
      <section aria-labelledby="figures-heading" className="mb-8">
        <h2 id="figures-heading" className="sr-only">
          Figures
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-7" aria-label="Figures">
          {FIGURES.map((f) => (
            <li key={f.label}>
              <Link
                to={f.to}
                className="flex h-full flex-col gap-1 rounded-2xl border border-border bg-surface p-4 transition-colors hover:border-primary hover:bg-surface-2"
              >
                <span className={typeof f.n === "string" ? "text-2xl font-bold tabular-nums [overflow-wrap:anywhere]" : "text-3xl font-bold tabular-nums"}>
                  {f.n}
                </span>
                {f.note ? <span className="text-xs text-muted">{f.note}</span> : null}
                <span className="text-sm text-muted">{f.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <div className="mb-8 grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
        <Panel>
          <div className="mb-3 flex items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold">Recent posts</h2>
            <Link to="/admin/blog" className="text-sm text-primary-soft hover:underline">
              All posts
            </Link>
          </div>
          {posts.length === 0 ? (
            <p className="text-sm text-muted">No blog posts yet</p>
          ) : (
            <ul aria-label="Recent posts" className="divide-y divide-border">
              {posts.map((p) => (
                <li key={p.id} className="flex items-center justify-between gap-3 py-2.5">
                  <Link to={`/admin/blog/edit/${p.id}`} className="min-w-0 truncate font-medium hover:underline">
                    {p.title}
                  </Link>
                  <span className="flex shrink-0 items-center gap-2 text-xs text-muted">
                    <PostBadge published={p.published} publishedAt={p.publishedAt} />
                    <span className="hidden sm:inline">{formatDate(p.createdAt)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel>
          <div className="mb-3 flex items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold">Recent leads</h2>
            <Link to="/admin/leads" className="text-sm text-primary-soft hover:underline">
              All leads
            </Link>
          </div>
          {leads.length === 0 ? (
            <p className="text-sm text-muted">No leads yet</p>
          ) : (
            <ul aria-label="Recent leads" className="divide-y divide-border">
              {leads.map((l) => (
                <li key={l.id} className="flex items-center justify-between gap-3 py-2.5">
                  <Link to={`/admin/leads?lead=${l.id}`} className="min-w-0 truncate font-medium hover:underline">
                    {l.name}
                    <span className="font-normal text-muted"> · {l.company}</span>
                  </Link>
                  <span className="flex shrink-0 items-center gap-2 text-xs text-muted">
                    {l.isNew ? (
                      <StatusBadge on={false} pending>
                        New
                      </StatusBadge>
                    ) : null}
                    <span>{formatDate(l.createdAt)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>

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

function PostBadge(post: { published: boolean; publishedAt: Date | null }) {
  const status = postStatus(post);
  return (
    <StatusBadge on={status === "published"} pending={status === "scheduled"}>
      {POST_STATUS_LABEL[status]}
    </StatusBadge>
  );
}

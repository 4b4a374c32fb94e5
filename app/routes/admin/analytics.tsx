import { Link } from "react-router";
import type { Route } from "./+types/analytics";
import { requireAdmin } from "~/server/accounts/authz.server";
import { readOrFail } from "~/server/site/records.server";
import { analyticsScreen } from "~/server/analytics/screen.server";
import { PERIODS, parsePeriod, periodLabel, periodRange } from "~/lib/analytics-period";
import { cn } from "~/lib/cn";
import { AdminPage, Panel } from "~/components/admin/admin-page";
import { formatChange, formatCount, formatPointChange, formatRate } from "~/components/admin/analytics/format";
import { Funnel } from "~/components/admin/analytics/funnel";
import { StatsTable } from "~/components/admin/analytics/stats-table";
import { VisitsChart } from "~/components/admin/analytics/visits-chart";
import { RevenueTables } from "~/components/admin/analytics/revenue-tables";
import { AnswerEngineTables } from "~/components/admin/analytics/answer-engine-tables";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const period = parsePeriod(new URL(request.url).searchParams.get("period"));
  const range = periodRange(period, new Date());
  const report = await readOrFail("Analytics", () => analyticsScreen(range));
  return { period, unit: range.unit, report };
}

export function meta() {
  return [{ title: "Analytics · Admin" }, { name: "robots", content: "noindex" }];
}

/** 'Started booking': the scheduling frame's message (it may come before a booking is confirmed); 'Booked a call': the scheduler's webhook confirmed it. */
const FUNNEL_LABELS = {
  pageview: "Visited",
  audit_open: "Opened audit dialog",
  audit_sent: "Sent audit request",
  booking: "Started booking",
  call: "Booked a call",
} as const;
const NO_VISITS = "No visits recorded in this period.";
/** The rows that count, together, the paths that are not the site's pages and the referrers and campaigns past each day's top ones. */
const OTHER_PAGES = "Other pages";
const OTHER_SOURCES = "Other sources";
const OTHER_CAMPAIGNS = "Other campaigns";

export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  const { period, unit, report } = loaderData;
  const { current, previous } = report;
  const rate = (t: typeof current) => (t.visitors > 0 ? (t.auditRequests / t.visitors) * 100 : null);
  const versus = `vs previous ${period === "12m" ? "12 months" : period === "7d" ? "7 days" : "30 days"}`;
  const figures = [
    { label: "Visitors", value: formatCount(current.visitors), change: formatChange(current.visitors, previous.visitors) },
    { label: "Page views", value: formatCount(current.pageViews), change: formatChange(current.pageViews, previous.pageViews) },
    { label: "Audit requests", value: formatCount(current.auditRequests), change: formatChange(current.auditRequests, previous.auditRequests) },
    { label: "Conversion rate", value: formatRate(current.auditRequests, current.visitors), change: formatPointChange(rate(current), rate(previous)) },
  ];

  return (
    <AdminPage
      title="Analytics"
      description="Visits, audit requests, calls and won deals, and where they came from, counted without cookies (days in UTC)."
      back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
    >
      <div className="space-y-8">
        <nav aria-label="Period">
          <ul className="inline-flex flex-wrap gap-1 rounded-xl border border-border bg-surface p-1">
            {PERIODS.map((p) => (
              <li key={p.key}>
                <Link
                  to={`?period=${p.key}`}
                  aria-current={p.key === period ? "page" : undefined}
                  preventScrollReset
                  className={cn(
                    "inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-medium transition-colors",
                    p.key === period ? "bg-primary-strong text-primary-foreground" : "text-muted hover:bg-surface-2 hover:text-foreground",
                  )}
                >
                  {p.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <section aria-labelledby="figures">
          <h2 id="figures" className="sr-only">
            Figures, {periodLabel(period).toLowerCase()}
          </h2>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {figures.map((f) => (
              <div key={f.label} className="flex flex-col rounded-2xl border border-border bg-surface p-4 sm:p-5">
                <dt className="text-sm text-muted">{f.label}</dt>
                <dd className="order-first mt-0 text-2xl font-bold tabular-nums sm:text-3xl" data-figure={f.label}>
                  {f.value}
                </dd>
                <dd className="mt-1 text-xs text-muted">
                  {f.change} <span className="sr-only sm:not-sr-only">{versus}</span>
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="chart">
          <Panel>
            <h2 id="chart" className="mb-4 text-lg font-semibold">
              Visitors and audit requests
            </h2>
            <VisitsChart points={report.series} unit={unit} />
          </Panel>
        </section>

        <section aria-labelledby="funnel">
          <Panel>
            <h2 id="funnel" className="mb-1 text-lg font-semibold">
              Funnel
            </h2>
            <p className="mb-4 text-sm text-muted">
              Visitors at each step, and how many of the step before did not go on. A call counts once the scheduler confirms it; a booking made later from an
              e-mail link counts too.
            </p>
            <Funnel steps={report.funnel.map((s) => ({ label: FUNNEL_LABELS[s.type], visitors: s.visitors }))} />
          </Panel>
        </section>

        <div className="grid gap-4 lg:grid-cols-2">
          <StatsTable
            id="top-pages"
            title="Top pages"
            empty={NO_VISITS}
            columns={[{ header: "Page" }, { header: "Views", numeric: true }, { header: "Visitors", numeric: true }]}
            rows={report.pages.map((p) => [
              p.path === null ? (
                OTHER_PAGES
              ) : (
                <code key="p" className="font-mono text-xs break-all">
                  {p.path}
                </code>
              ),
              formatCount(p.views),
              formatCount(p.visitors),
            ])}
          />
          <StatsTable
            id="top-posts"
            title="Top posts"
            empty="No post views or leads recorded in this period."
            columns={[{ header: "Post" }, { header: "Views", numeric: true }, { header: "Leads", numeric: true }]}
            rows={report.posts.map((p) => [
              <a key="p" href={p.path} className="text-accent underline-offset-4 hover:underline">
                {p.title}
              </a>,
              formatCount(p.views),
              formatCount(p.leads),
            ])}
          />
          <StatsTable
            id="top-sources"
            title="Top sources"
            empty={NO_VISITS}
            columns={[{ header: "Source" }, { header: "Page views", numeric: true }, { header: "Leads", numeric: true }]}
            rows={report.sources.map((s) => [s.referrer === null ? OTHER_SOURCES : s.referrer || "(direct)", formatCount(s.views), formatCount(s.leads)])}
          />
          <StatsTable
            id="top-campaigns"
            title="Top campaigns"
            empty="No campaign visits recorded in this period."
            columns={[{ header: "Source / medium / campaign" }, { header: "Page views", numeric: true }, { header: "Leads", numeric: true }]}
            rows={report.campaigns.map((c) => [
              c.source === null ? OTHER_CAMPAIGNS : [c.source, c.medium, c.campaign].map((v) => v || "—").join(" / "),
              formatCount(c.views),
              formatCount(c.leads),
            ])}
          />
        </div>

        <RevenueTables revenue={report.revenue} />

        <AnswerEngineTables report={report.answerEngines} />
      </div>
    </AdminPage>
  );
}

import type { RevenueCells, RevenueReport } from "~/server/analytics/revenue.server";
import { formatDealValue } from "~/lib/currency";
import { formatCount, formatHours } from "./format";
import { StatsTable } from "./stats-table";

/** "2 (1 open)": calls booked, and how many of them are still in the pipeline (Booked or Call held). */
export function callsText({ calls: n, open }: RevenueCells) {
  return open > 0 ? `${formatCount(n)} (${formatCount(open)} open)` : formatCount(n);
}

/** "$12,000.00", "€500.00 + $1,200.00" when deals were recorded in several currencies; '—' for none. */
export function wonText(won: RevenueCells["won"]) {
  return won.length === 0 ? "—" : won.map((m) => formatDealValue(m.value, m.currency)).join(" + ");
}

/**
 * Calls and won value per post (first touch: the post the visit landed on; last touch: the post
 * the request was sent from), per source and per campaign; what the data does not hold is said.
 */
export function RevenueTables({ revenue }: { revenue: RevenueReport }) {
  return (
    <section aria-labelledby="revenue" className="space-y-4">
      <div>
        <h2 id="revenue" className="text-lg font-semibold">
          Calls and revenue
        </h2>
        <p className="mt-1 max-w-prose text-sm text-muted">
          Calls the scheduler confirmed in this period (“open” while the lead is Booked or Call held) and the value of deals marked Won in it; a post or case
          study is credited both as the page the visit landed on and as the page the request was sent from, each as calls · won. A value is known only once a
          deal is won, so open calls have none yet. Sources and campaigns are the visit’s first page view: a lead keeps no later referrer or campaign.
        </p>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-2">
        <div className="lg:col-span-2">
          <StatsTable
            id="revenue-posts"
            title="Revenue by post and case study"
            empty="No calls or won deals from a post or case study in this period."
            columns={[
              { header: "Post or case study", minWidth: "min-w-32" },
              { header: "Landed on", numeric: true },
              { header: "Sent from", numeric: true },
            ]}
            rows={revenue.posts.map((p) => [
              <a key="p" href={p.path} className="text-accent underline-offset-4 hover:underline">
                {p.title}
              </a>,
              `${callsText(p.first)} · ${wonText(p.first.won)}`,
              `${callsText(p.last)} · ${wonText(p.last.won)}`,
            ])}
          />
        </div>
        <StatsTable
          id="revenue-sources"
          title="Revenue by source"
          empty="No calls or won deals in this period."
          columns={[{ header: "Source" }, { header: "Calls", numeric: true }, { header: "Won", numeric: true }, { header: "Median to call", numeric: true }]}
          rows={revenue.sources.map((s) => [s.referrer || "(direct)", callsText(s), wonText(s.won), formatHours(s.medianHours)])}
        />
        <StatsTable
          id="revenue-campaigns"
          title="Revenue by campaign"
          empty="No calls or won deals from a campaign in this period."
          columns={[{ header: "Source / medium / campaign" }, { header: "Calls", numeric: true }, { header: "Won", numeric: true }]}
          rows={revenue.campaigns.map((c) => [[c.source, c.medium, c.campaign].map((v) => v || "—").join(" / "), callsText(c), wonText(c.won)])}
        />
      </div>
    </section>
  );
}

import type { RevenueCells, RevenueReport, Touches } from "~/server/analytics/revenue.server";
import { formatDealValue } from "~/lib/currency";
import { formatCount, formatHours } from "./format";
import { StatsTable } from "./stats-table";

/** "€500.00 + $1,200.00" when amounts were recorded in several currencies; '—' for none. */
function moneyText(list: RevenueCells["won"]) {
  return list.length === 0 ? "—" : list.map((m) => formatDealValue(m.value, m.currency)).join(" + ");
}

/**
 * "2 (1 open)": calls booked, and how many of them are still in the pipeline (Booked or Call held);
 * "2 (1 open, $5,000.00 expected)" when open leads have an expected value.
 */
export function callsText({ calls: n, open, pipeline }: RevenueCells) {
  if (open === 0) return formatCount(n);
  return pipeline.length ? `${formatCount(n)} (${formatCount(open)} open, ${moneyText(pipeline)} expected)` : `${formatCount(n)} (${formatCount(open)} open)`;
}

/** "$12,000.00", "€500.00 + $1,200.00" when deals were recorded in several currencies; '—' for none. */
export function wonText(won: RevenueCells["won"]) {
  return moneyText(won);
}

/** One touch's cell: "calls · won". */
export function touchText(cells: RevenueCells) {
  return `${callsText(cells)} · ${wonText(cells.won)}`;
}

/** The two cells of a row credited both ways. */
const touches = ({ first, last }: Touches) => [touchText(first), touchText(last)];

/**
 * Calls, pipeline and won value per post (first touch: the post the visit landed on; last touch: the
 * post the request was sent from), per source and per campaign, first and last touch side by side.
 */
export function RevenueTables({ revenue }: { revenue: RevenueReport }) {
  return (
    <section aria-labelledby="revenue" className="space-y-4">
      <div>
        <h2 id="revenue" className="text-lg font-semibold">
          Calls and revenue
        </h2>
        <p className="mt-1 max-w-prose text-sm text-muted">
          Calls the scheduler confirmed in this period (“open” while the lead is Booked or Call held, with the value expected from them when it was entered on
          the lead) and the value of deals marked Won in it, each as calls · won. Every lead is credited twice: to its first touch (the page the visit landed
          on, and the referrer and campaign it came with) and to its last touch (the page the request was sent from, and the last referrer or campaign the visit
          came back with; the first when there was none).
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
              ...touches(p),
            ])}
          />
        </div>
        <StatsTable
          id="revenue-sources"
          title="Revenue by source"
          empty="No calls or won deals in this period."
          columns={[
            { header: "Source" },
            { header: "First touch", numeric: true },
            { header: "Last touch", numeric: true },
            { header: "Median to call", numeric: true },
          ]}
          rows={revenue.sources.map((s) => [s.referrer || "(direct)", ...touches(s), formatHours(s.medianHours)])}
        />
        <StatsTable
          id="revenue-campaigns"
          title="Revenue by campaign"
          empty="No calls or won deals from a campaign in this period."
          columns={[{ header: "Source / medium / campaign" }, { header: "First touch", numeric: true }, { header: "Last touch", numeric: true }]}
          rows={revenue.campaigns.map((c) => [[c.source, c.medium, c.campaign].map((v) => v || "—").join(" / "), ...touches(c)])}
        />
      </div>
    </section>
  );
}

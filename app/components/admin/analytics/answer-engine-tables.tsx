import type { AnswerEngineReport } from "~/server/analytics/answer-engines.server";
import { formatCount } from "./format";
import { callsText, touchText, wonText } from "./revenue-tables";
import { StatsTable } from "./stats-table";

/**
 * Answer engines measured end to end (docs/decisions/0053): per engine, the visits it referred,
 * then the leads, calls and won value of those visits; per post and case study, the AI crawlers'
 * fetches first, then the same chain; the fetches per crawler and of /llms.txt.
 */
export function AnswerEngineTables({ report }: { report: AnswerEngineReport }) {
  return (
    <section aria-labelledby="answer-engines" className="space-y-4">
      <div>
        <h2 id="answer-engines" className="text-lg font-semibold">
          Answer engines and AI crawlers
        </h2>
        <p className="mt-1 max-w-prose text-sm text-muted">
          Visits referred by an AI assistant’s answer (its address as the referrer, or ChatGPT’s own campaign tag), the leads whose first touch that was and
          whose last touch, and their calls · won in this period each way. Crawled: fetches of the page or its markdown by known AI crawlers, counted on the
          server. {report.llmsFetches > 0 ? `/llms.txt was fetched ${formatCount(report.llmsFetches)} times.` : "/llms.txt was not fetched."}
        </p>
      </div>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <StatsTable
            id="answer-engine-table"
            title="Answer engines"
            empty="No answer engines are known."
            columns={[
              { header: "Engine" },
              { header: "AI visits", numeric: true },
              { header: "Leads (first / last)", numeric: true },
              { header: "First touch", numeric: true },
              { header: "Last touch", numeric: true },
            ]}
            rows={report.engines.map((e) => [
              e.name,
              formatCount(e.visits),
              `${formatCount(e.leads)} / ${formatCount(e.lastLeads)}`,
              touchText(e.first),
              touchText(e.last),
            ])}
          />
        </div>
        <StatsTable
          id="ai-crawlers"
          title="AI crawlers"
          empty="No AI crawler fetched a post, a case study or /llms.txt in this period."
          columns={[{ header: "Crawler" }, { header: "Fetches", numeric: true }]}
          rows={report.crawlers.map((c) => [c.crawler, formatCount(c.fetches)])}
        />
        <div className="lg:col-span-3">
          <StatsTable
            id="answer-engine-posts"
            title="Posts and case studies in answer engines"
            empty="No post or case study was crawled or visited from an answer engine in this period."
            columns={[
              { header: "Page", minWidth: "min-w-32" },
              { header: "Crawled", numeric: true },
              { header: "AI visits", numeric: true },
              { header: "Leads", numeric: true },
              { header: "Calls", numeric: true },
              { header: "Won", numeric: true },
            ]}
            rows={report.pages.map((p) => [
              <a key="p" href={p.path} className="text-accent underline-offset-4 hover:underline">
                {p.title}
              </a>,
              formatCount(p.crawled),
              formatCount(p.visits),
              formatCount(p.leads),
              callsText(p),
              wonText(p.won),
            ])}
          />
        </div>
      </div>
    </section>
  );
}

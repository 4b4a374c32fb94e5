import { useEffect, useId, useRef } from "react";
import { Link, useLocation } from "react-router";
import { ArrowLeft, CalendarClock, Mail } from "lucide-react";
import { LocalDateTime } from "~/components/ui/local-date-time";
import { formatDealValue } from "~/lib/lead-outcome";
import type { KeptExpected, KeptNote, KeptOutcome, OpenLead, TimelineItem } from "~/lib/lead-inbox";
import { Panel } from "~/components/admin/admin-page";
import { answerEngineName } from "~/lib/answer-engines";
import { LeadStatusControl } from "./lead-status-control";
import { LeadTimeline } from "./lead-timeline";
import { LeadNoteForm } from "./lead-note-form";
import { LeadExpectedValueForm } from "./lead-expected-value-form";

const FIGURES = [
  { key: "time", label: "Processing time (hours)" },
  { key: "errorRate", label: "Error rate (%)" },
  { key: "cost", label: "Manual labor cost ($)" },
] as const;

const ATTRIBUTION = [
  { key: "landingPage", label: "Landing page" },
  { key: "convertedOn", label: "Converted on" },
  { key: "referrer", label: "Referrer" },
  { key: "utmSource", label: "UTM source" },
  { key: "utmMedium", label: "UTM medium" },
  { key: "utmCampaign", label: "UTM campaign" },
] as const;

const LAST_TOUCH = [
  { key: "lastReferrer", first: "referrer", label: "Last referrer" },
  { key: "lastUtmSource", first: "utmSource", label: "Last UTM source" },
  { key: "lastUtmMedium", first: "utmMedium", label: "Last UTM medium" },
  { key: "lastUtmCampaign", first: "utmCampaign", label: "Last UTM campaign" },
] as const;

/**
 * The attribution block's rows: the answer engine by its name first, then what the visit came with;
 * then the last touch (decision 0058) when it differs from the first: a later page view that came
 * from elsewhere (direct when it came with nothing).
 */
function attributionOf(lead: OpenLead) {
  const engine = lead.answerEngine ? [{ label: "Answer engine", value: answerEngineName(lead.answerEngine) }] : [];
  const first = [...engine, ...ATTRIBUTION.flatMap(({ key, label }) => (lead[key] ? [{ label, value: lead[key] }] : []))];
  const same = lead.lastAnswerEngine === lead.answerEngine && LAST_TOUCH.every(({ key, first: of }) => lead[key] === lead[of]);
  if (same) return first;
  const lastEngine = lead.lastAnswerEngine ? [{ label: "Last answer engine", value: answerEngineName(lead.lastAnswerEngine) }] : [];
  const last = [...lastEngine, ...LAST_TOUCH.flatMap(({ key, label }) => (lead[key] ? [{ label, value: lead[key] }] : []))];
  return [...first, ...(last.length ? last : [{ label: "Last touch", value: "Direct" }])];
}

/** "Back to leads": the list without the open lead (shown where the lead has the screen to itself: below `lg`). */
function BackToList({ href }: { href: string }) {
  return (
    <Link to={href} className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-accent underline-offset-4 hover:underline lg:hidden">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to leads
    </Link>
  );
}

/**
 * The open lead: who wrote (name, e-mail as a mailto link, company), the status as one click, the
 * message, the figures typed into the comparison and the case study it showed, the attribution that was recorded (nothing when
 * none was), and the timeline with the note box at its end.
 */
export function LeadView({
  lead,
  timeline,
  currency,
  webhookEnabled,
  listHref,
  keptNote,
  keptOutcome,
  keptExpected,
}: {
  lead: OpenLead;
  timeline: TimelineItem[];
  /** The settings' currency: 'Won' asks the deal's value in it. */
  currency: string;
  webhookEnabled: boolean;
  listHref: string;
  keptNote?: KeptNote;
  keptOutcome?: KeptOutcome;
  keptExpected?: KeptExpected;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const attribution = attributionOf(lead);
  const figures = FIGURES.filter(({ key }) => lead.beforeFigures?.[key] || lead.afterFigures?.[key]);
  const noteCount = timeline.filter((item) => item.kind === "note").length;

  // Opened in the app where the list then leaves the screen (below `lg`): the lead starts at the top, with the focus.
  const { key } = useLocation();
  useEffect(() => {
    if (key === "default" || document.querySelector("[data-lead-list]")?.checkVisibility() !== false) return;
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [lead.id, key]);

  return (
    <Panel className="p-4 sm:p-6">
      <article aria-label={`${lead.name}, ${lead.company}`} className="flex flex-col gap-5">
        <BackToList href={listHref} />
        <header className="flex min-w-0 flex-col gap-1">
          <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold break-words">
            {lead.name}
          </h2>
          <p className="break-words text-muted">{lead.company}</p>
          <a href={`mailto:${lead.email}`} className="inline-flex w-fit items-center gap-1.5 text-sm break-all text-accent underline underline-offset-4">
            <Mail aria-hidden="true" className="size-4 shrink-0" />
            {lead.email}
          </a>
        </header>

        <LeadStatusControl
          leadId={lead.id}
          leadName={lead.name}
          status={lead.status}
          currency={currency}
          expectedValue={lead.expectedCurrency === currency ? lead.expectedValue : null}
          kept={keptOutcome}
        />
        {lead.status !== "won" && lead.status !== "lost" ? (
          <LeadExpectedValueForm
            key={`${lead.expectedValue ?? ""}-${lead.expectedCurrency ?? ""}`}
            leadId={lead.id}
            leadName={lead.name}
            value={lead.expectedCurrency === currency ? lead.expectedValue : null}
            currency={currency}
            kept={keptExpected}
          />
        ) : null}
        {lead.status !== "won" && lead.status !== "lost" && lead.expectedValue && lead.expectedCurrency && lead.expectedCurrency !== currency ? (
          <p className="text-sm">Expected value, entered in another currency: {formatDealValue(lead.expectedValue, lead.expectedCurrency)}</p>
        ) : null}
        {lead.status === "won" && lead.dealValue && lead.dealCurrency ? (
          <p className="text-sm">
            Deal value: <strong className="font-semibold">{formatDealValue(lead.dealValue, lead.dealCurrency)}</strong>
          </p>
        ) : null}
        {lead.status === "lost" && lead.lostReason ? <p className="text-sm break-words">Lost: {lead.lostReason}</p> : null}
        {lead.meetingAt ? (
          <p className="flex items-center gap-2 text-sm">
            <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-muted" />
            <span>
              {lead.status === "held" ? "Call held" : "Call booked"} for{" "}
              <strong className="font-semibold">
                <LocalDateTime value={lead.meetingAt} />
              </strong>
            </span>
          </p>
        ) : null}

        <section aria-label="Message" className="text-sm whitespace-pre-wrap break-words">
          {lead.message}
        </section>

        {figures.length ? (
          <dl className="grid grid-cols-3 gap-2 text-xs text-muted" aria-label="Figures the visitor typed (before → after)">
            {figures.map((f) => (
              <div key={f.key} className="rounded-lg border border-border p-2">
                <dt>{f.label}</dt>
                <dd className="text-sm text-foreground tabular-nums">
                  {lead.beforeFigures?.[f.key] || "–"} → {lead.afterFigures?.[f.key] || "–"}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}

        {lead.shownCaseStudy ? (
          <p className="text-sm break-words">
            Shown case study:{" "}
            <Link to={`/admin/case-studies/edit/${lead.shownCaseStudy.id}`} className="font-medium text-accent underline underline-offset-4">
              {lead.shownCaseStudy.title}
            </Link>
          </p>
        ) : null}

        {attribution.length ? (
          <section aria-labelledby={`${headingId}-attribution`} className="text-sm">
            <h3 id={`${headingId}-attribution`} className="mb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
              Attribution
            </h3>
            <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)]">
              {attribution.map((a) => (
                <div key={a.label} className="contents">
                  <dt className="text-muted">{a.label}</dt>
                  <dd className="min-w-0 break-all max-sm:mb-1">{a.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}

        <LeadTimeline items={timeline} leadId={lead.id} leadName={lead.name} webhookEnabled={webhookEnabled} />
        <LeadNoteForm leadId={lead.id} leadName={lead.name} noteCount={noteCount} kept={keptNote} />
      </article>
    </Panel>
  );
}

/** The pane when `?lead=` names no lead there is (deleted, or a mistyped address). */
export function MissingLead({ listHref }: { listHref: string }) {
  return (
    <Panel className="flex flex-col gap-3">
      <BackToList href={listHref} />
      <p className="font-semibold">This lead no longer exists.</p>
      <p className="text-sm text-muted">It may have been deleted, or the address is mistyped.</p>
    </Panel>
  );
}

/** The pane beside the list before a lead is opened (from `lg` up; below, the list has the screen). */
export function NoLeadOpen() {
  return (
    <Panel className="flex flex-col items-center gap-2 py-16 text-center">
      <p className="font-semibold">Open a lead to read it here</p>
      <p className="text-sm text-muted">
        In the list, <kbd className="font-sans">↑</kbd> and <kbd className="font-sans">↓</kbd> (or <kbd className="font-sans">j</kbd> and{" "}
        <kbd className="font-sans">k</kbd>) move, <kbd className="font-sans">Enter</kbd> opens.
      </p>
    </Panel>
  );
}

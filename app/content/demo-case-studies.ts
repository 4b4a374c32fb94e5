import type { CaseStudyFigures, CaseStudyText } from "~/lib/case-study";

/**
 * The demo case studies of a fresh install, one per service the landing page sells (venture
 * capital, sales, HR), seeded by app/server/site/seed.server.ts. Figures are in the comparison's
 * units: hours of data work a week, percent of records needing rework, dollars a week of manual
 * labour. Fixed ids: seeding again skips rows that exist.
 */
export type DemoCaseStudy = CaseStudyText &
  CaseStudyFigures & {
    id: string;
    coverAlt: string;
    featured: boolean;
    /** Its publication date, as days before the moment it is seeded. */
    daysAgo: number;
    /** A generated abstract cover, drawn like the demo posts' (app/server/posts/demo-covers.server.ts). */
    cover: { from: string; to: string; motif: "grid" | "waves" | "nodes" | "bars" };
  };

export const demoCaseStudies: DemoCaseStudy[] = [
  {
    id: "c45e0a11-6b2f-4d7e-9a01-5c3d2e1f0a01",
    title: "Deal intake from 22 hours a week to 3",
    slug: "venture-fund-deal-intake",
    client: "A 12-person early-stage venture fund",
    industry: "Venture capital",
    summary:
      "Every inbound deck is now captured, de-duplicated, scored against the thesis and logged in the CRM before a partner opens it, so associates read the right decks instead of all of them.",
    problem:
      "The fund received about 450 inbound pitches a month through its website, forwarded emails and three deal platforms. Two associates spent most of Monday and part of every other day opening decks, checking them against the thesis and typing the basics into Affinity.\n\nAbout one record in eleven had a wrong stage, a duplicate company or a missing founder, and partners had stopped trusting the pipeline view in their Monday meeting.",
    solution:
      "We built a deal-intake workflow in Make that collects decks from every channel, extracts the company, round, sector and founders with an LLM, and de-duplicates against the CRM before anything is written.\n\nEach deal gets a thesis-fit score with the three sentences that justify it. Deals above the line are routed to the partner who covers the sector with a one-page brief; the rest get a polite reply drafted for an associate to approve. The partners kept the final call: the agent never passes on a company by itself.",
    tools: ["Make", "OpenAI", "Affinity", "Google Drive", "Slack"],
    hoursBefore: 22,
    hoursAfter: 3,
    errorRateBefore: 9,
    errorRateAfter: 0.8,
    costBefore: 1400,
    costAfter: 210,
    quote:
      "Monday's pipeline meeting used to start with ten minutes of fixing the CRM. Now it starts with the five companies worth talking about, and the associates are back on diligence.",
    quoteAuthor: "Sarah Okafor",
    quoteRole: "Partner",
    coverAlt: "",
    featured: true,
    daysAgo: 20,
    cover: { from: "#172554", to: "#c026d3", motif: "grid" },
  },
  {
    id: "c45e0a11-6b2f-4d7e-9a01-5c3d2e1f0a02",
    title: "A sales team that stopped typing into the CRM",
    slug: "b2b-saas-crm-autopilot",
    client: "Stackwise, a B2B software company with 25 account executives",
    industry: "B2B software sales",
    summary:
      "Call notes, deal stages and next steps now reach HubSpot on their own after every meeting, and each rep starts the week with researched accounts instead of a blank spreadsheet.",
    problem:
      "Stackwise's account executives each spent around an hour and a half a week logging calls, updating stages and researching accounts before outreach. Friday afternoons went to catching up on the CRM, and forecasts were built on whatever had been typed in by then.\n\nOne deal in eight had a stale stage or a missing next step, which the sales director corrected by hand before every forecast call.",
    solution:
      "We connected the meeting recorder to HubSpot through n8n: after each call an agent writes the summary, updates the stage and proposes the next step, which the rep confirms with one click in Slack.\n\nA research agent prepares every target account on Monday morning (recent news, hiring signals, the right contacts) and drafts a first outreach in the rep's own voice. Nothing is sent without the rep reading it.",
    tools: ["n8n", "HubSpot", "OpenAI", "Slack", "Clay"],
    hoursBefore: 38,
    hoursAfter: 5,
    errorRateBefore: 12,
    errorRateAfter: 1.5,
    costBefore: 2300,
    costAfter: 340,
    quote: "The forecast call is about deals again, not about whose CRM is up to date.",
    quoteAuthor: "Daniel Reyes",
    quoteRole: "Sales Director",
    coverAlt: "",
    featured: false,
    daysAgo: 45,
    cover: { from: "#0f172a", to: "#2563eb", motif: "waves" },
  },
  {
    id: "c45e0a11-6b2f-4d7e-9a01-5c3d2e1f0a03",
    title: "Interview scheduling and onboarding without the back-and-forth",
    slug: "healthcare-hiring-automation",
    client: "A regional healthcare provider with 300 staff",
    industry: "Healthcare",
    summary: "Candidates book their own interviews across panel calendars, and every new hire has accounts, documents and a first-week plan ready on day one.",
    problem:
      "The two-person HR team hired about 15 nurses and support staff a month. Scheduling panel interviews across shift rotas took dozens of emails per candidate, and onboarding meant copying the same details into the payroll system, the rota tool and three spreadsheets.\n\nAbout one new-hire file in sixteen had a missing document or a wrong start date, and several hires arrived without working accounts.",
    solution:
      "We built a hiring workflow in Zapier and Airtable: once a candidate is shortlisted, they get a link that offers only the slots where the whole panel is free, and reminders go out by text the day before.\n\nAn accepted offer starts onboarding by itself: accounts are requested, documents are collected and checked, the rota is updated and the new hire receives a first-week plan. A people assistant answers policy questions from the staff handbook, and hands anything sensitive to HR.",
    tools: ["Zapier", "Airtable", "Google Workspace", "Twilio", "Claude"],
    hoursBefore: 26,
    hoursAfter: 4,
    errorRateBefore: 6,
    errorRateAfter: 0.5,
    costBefore: 1100,
    costAfter: 170,
    quote: null,
    quoteAuthor: null,
    quoteRole: null,
    coverAlt: "",
    featured: false,
    daysAgo: 75,
    cover: { from: "#052e16", to: "#0d9488", motif: "nodes" },
  },
];

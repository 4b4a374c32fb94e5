/**
 * Demo content for a fresh install: Insights posts, team members and testimonials for the
 * placeholder "Flowstate" studio, plus a generator for abstract post cover images.
 *
 * Every row has a fixed id so that seeding again can skip rows that already exist.
 */

export type DemoPost = {
  id: string;
  title: string;
  slug: string;
  category: string;
  excerpt: string;
  content: string;
  tags: string[];
  featured: boolean;
  published: boolean;
  daysAgo: number;
  cover: { from: string; to: string; motif: "grid" | "waves" | "nodes" | "bars" } | null;
};

export type DemoTeamMember = {
  id: string;
  name: string;
  position: string;
  linkedinUrl: string | null;
  displayOrder: number;
  active: boolean;
};

export type DemoTestimonial = {
  id: string;
  name: string;
  company: string;
  quote: string;
  displayOrder: number;
  active: boolean;
};

/* ------------------------------------------------------------------------------ posts */

export const demoPosts: DemoPost[] = [
  {
    id: "0b8f6c1e-3d2a-4f5b-9c7d-1a2b3c4d5e01",
    title: "How to audit your sales pipeline for automation opportunities",
    slug: "how-to-audit-your-sales-pipeline-for-automation",
    category: "Automation",
    excerpt:
      "A step-by-step method for mapping every hand-off between lead capture and closed-won, scoring each step, and picking the three automations that pay back first.",
    tags: ["CRM", "ROI", "Workflow Design"],
    featured: false,
    published: true,
    daysAgo: 2,
    cover: { from: "#0f172a", to: "#06b6d4", motif: "bars" },
    content: `## Why start with an audit

Most sales teams we meet already have automation. It is usually scattered: a zap someone built two years ago, a sequencing tool that nobody fully trusts, and a CRM with forty custom fields of which six are reliably filled in. Adding another tool to that picture rarely helps. What helps is knowing, step by step, where time and deals actually leak.

An audit gives you that map. It takes a week or two for a team of ten to twenty reps, and it turns vague complaints ("the CRM is a mess") into a ranked list of fixes with estimated hours saved.

## Step 1: Map every hand-off

Start with the path a lead takes from first touch to closed-won. Sit with one SDR, one account executive and one sales ops person and write down every moment where information moves from one person or system to another. A typical B2B map has between 15 and 30 hand-offs, for example:

- A form fill creates a lead in the marketing platform.
- Someone decides whether the lead is worth a call.
- An SDR researches the company and writes a first message.
- A meeting gets booked and the account executive receives context.
- Notes from the call are typed into the CRM.
- A proposal is drafted, approved and sent.

Do not skip the unglamorous steps. Copying a LinkedIn address into a CRM field is a hand-off too, and it is often where data quality falls apart.

## Step 2: Measure three things per step

For each hand-off, capture three numbers. They do not need to be precise; an honest estimate from the person doing the work is enough.

1. **Frequency**: how many times per week it happens.
2. **Effort**: minutes of human time per occurrence.
3. **Failure rate**: how often it goes wrong, is forgotten or is done late.

Multiply frequency by effort and you get weekly hours. As an illustration, if reps log 120 calls a week and spend six minutes writing notes for each, that is twelve hours a week on note-taking alone, before anyone counts the notes that never get written.

## Step 3: Score and rank

We use a simple score for each step: weekly hours, multiplied by a factor for failure impact (1 for cosmetic, 2 for a delayed deal, 3 for a lost deal or a compliance problem), divided by a rough build difficulty from 1 to 5. The formula is crude on purpose. Its job is to start a conversation, not to settle it.

In most audits, three categories float to the top:

- **Lead enrichment and routing**: pulling firmographic data and assigning owners automatically.
- **Call notes and CRM hygiene**: transcribing calls, summarising them and writing structured fields back to the CRM.
- **Follow-up reminders**: nudging reps when a deal has had no activity for a set number of days.

## Step 4: Pick three, not thirty

It is tempting to automate everything on the list at once. Resist it. Choose the three highest-scoring items that touch different people, so the whole team sees a benefit within the first month. Ship them, measure them for four weeks, then return to the list.

Keeping the first batch small also protects trust. Reps forgive a rough first version of one workflow; they do not forgive a CRM that suddenly behaves differently in ten places.

## Step 5: Define what success looks like

Before building, write down how you will know each automation works. Good success measures are boring and countable: median time from form fill to first touch, percentage of opportunities with a next-step date, hours per week spent on manual data entry. If you cannot measure the before state, spend a week measuring it first. Otherwise the ROI conversation three months later becomes a matter of opinion.

## What to do next

If you want a template for the hand-off map and scoring sheet, our [automation audit](/#contact) starts with exactly this exercise. You can also browse more practical guides on the [Insights blog](/blog), including our notes on choosing between Make.com and n8n for operations work.`,
  },
  {
    id: "0b8f6c1e-3d2a-4f5b-9c7d-1a2b3c4d5e02",
    title: "Designing AI agents that know when to hand off to a human",
    slug: "designing-ai-agents-that-hand-off-to-humans",
    category: "AI Agents",
    excerpt:
      "The most useful agents are not the most autonomous ones. Here is how we design confidence thresholds, escalation paths and review queues that keep people in control.",
    tags: ["LLMs", "Workflow Design"],
    featured: false,
    published: true,
    daysAgo: 4,
    cover: { from: "#1e1b4b", to: "#7c3aed", motif: "nodes" },
    content: `## Autonomy is a dial, not a switch

When clients ask us to build an AI agent, the first question is usually how much it can do on its own. It is the wrong first question. The better one is: when should it stop and ask? An agent that handles 70 percent of cases well and routes the rest cleanly to a person is far more valuable than one that attempts 100 percent and quietly gets 8 percent wrong.

We treat autonomy as a dial that moves over time, based on evidence, rather than a decision made at the start of the project.

## Three levels we use in practice

For most workflows we define three operating levels and decide per task which one applies.

1. **Draft**: the agent prepares an output, such as an email reply or a CRM update, and a person approves it before anything happens.
2. **Act and report**: the agent acts on its own but posts a summary to a channel where someone reviews a sample each day.
3. **Act silently**: the agent acts and only surfaces exceptions.

A new agent almost always starts at level one. Moving a task to level two requires a track record, for example 200 consecutive drafts approved with no material edits. Level three is reserved for tasks where a mistake is cheap and easy to reverse.

## Designing the hand-off itself

A hand-off is only useful if the person receiving it can act quickly. We design every escalation to include:

- A one-line summary of what the agent was trying to do.
- The reason it stopped, in plain language ("two possible matching accounts", "amount above approval limit").
- The evidence it used, with links to the source records.
- A suggested next action the person can accept with one click.

If a reviewer has to open four tabs to understand an escalation, they will start rubber-stamping them, and the safety value of the review disappears.

## Signals that should trigger escalation

Model confidence scores are a weak signal on their own, because large language models are often confidently wrong. We combine several signals instead:

- **Rule checks**: hard limits such as monetary thresholds, restricted customers or regulated data types.
- **Disagreement**: running a cheap second check, such as asking the model to verify its own extraction against the source, and escalating when the two disagree.
- **Novelty**: inputs that look unlike anything in the evaluation set, such as a new document type or an unfamiliar language.
- **Missing context**: required fields that could not be found rather than guessed.

The last one matters most. An agent should be explicitly allowed, and even encouraged, to say "I don't know". We write that permission into the instructions and test for it.

## Keep the queue healthy

Escalation queues fail in predictable ways. They grow until nobody looks at them, or they are owned by "the team", which means nobody. Give every queue a named owner, a service level (for example, reviewed within four working hours) and a weekly metric on volume and reasons. When one reason dominates, that is your next improvement to build.

Over a few months the queue should shrink as you fix recurring causes. If it does not, the agent is probably doing a task that needs more structure upstream, not a smarter model.

## Where this fits

This pattern underpins most of the agent work described in our [services](/#services), from deal screening for funds to invoice matching for finance teams. For background on the concept, the Wikipedia article on [human-in-the-loop](https://en.wikipedia.org/wiki/Human-in-the-loop) systems is a reasonable starting point.`,
  },
  {
    id: "0b8f6c1e-3d2a-4f5b-9c7d-1a2b3c4d5e03",
    title: "Automating deal flow triage without losing the partner's judgment",
    slug: "automating-deal-flow-triage",
    category: "Venture Capital",
    excerpt:
      "Inbound decks pile up faster than associates can read them. A practical blueprint for screening, enriching and routing deal flow while partners keep the final call.",
    tags: ["Deal Flow", "LLMs", "CRM"],
    featured: true,
    published: true,
    daysAgo: 9,
    cover: { from: "#172554", to: "#c026d3", motif: "grid" },
    content: `## The inbound problem

A seed-stage fund with a visible brand can easily receive 300 to 600 inbound pitches a month, through a website form, forwarded emails, warm introductions and a handful of platforms. In most funds we work with, an associate spends between ten and fifteen hours a week simply opening decks, checking them against the thesis and logging them in the CRM. Much of that time goes to companies that were never a fit.

The goal of triage automation is not to decide which companies get funded. It is to make sure the people who do decide spend their time on the right fifty decks instead of the first fifty.

## What a good triage flow looks like

We usually build the flow in four stages.

1. **Capture**: every source lands in one intake table. Emails are parsed, attachments stored, and duplicate companies merged by domain.
2. **Extract**: a language model reads the deck and pulls structured fields: sector, stage, geography, round size, revenue figures if stated, and founder backgrounds.
3. **Check against thesis**: simple rules compare the extracted fields with the fund's mandate. A fund that only invests in European B2B software does not need a model to reject a US consumer app.
4. **Route**: companies that pass go to the relevant partner or associate with a short brief; those that fail receive a polite, timely reply.

## Keep the judgment where it belongs

The most common worry we hear from partners is that automation will filter out the unusual company that does not fit the template. It is a fair concern, and we design for it explicitly.

- **Rules reject; models summarise.** We let hard, written rules reject companies, because partners can read and change them. Models extract and summarise, but never make the final pass or fail decision on their own.
- **A "maybe" lane.** Anything ambiguous, such as a company that is pre-revenue but in a thesis sector, goes to a weekly review list rather than being rejected.
- **Sampled audits.** Each month a partner reviews a random sample of twenty rejected companies. If they would have taken a meeting with any of them, the rules change.

## The brief matters more than the score

Many tools produce a numeric score for each company. We have found that partners rarely trust a score they did not define. A short written brief works better: three sentences on what the company does, the key numbers found in the deck, how it relates to existing portfolio companies, and any open questions. A partner can read ten of these in the time it takes to open one deck.

## Connecting it to the CRM

Triage only pays off if the output lands where the team already works. Whether the fund uses a dedicated relationship tool, a spreadsheet or a general-purpose CRM, we write the structured fields and the brief back to the company record, link the original deck and log the source. Over time this builds a clean dataset of everything the fund has seen, which becomes valuable in its own right for spotting sector trends and tracking companies that were too early the first time.

## Typical results

As an example of what is achievable, one fund we supported moved from a backlog of roughly 400 unreviewed decks to same-week responses on all inbound, and the associate's triage time dropped from about twelve hours to three hours a week. The number of first meetings stayed roughly the same; their quality, by the partners' own assessment, went up.

If you run a fund and want to see how this would fit your process, our [Venture Capital services](/#services) outline the typical scope, and our article on [portfolio reporting](/blog/portfolio-reporting-stack-for-emerging-funds) covers what happens after the investment.`,
  },
  {
    id: "0b8f6c1e-3d2a-4f5b-9c7d-1a2b3c4d5e04",
    title: "Case study: cutting new-hire onboarding from nine days to two",
    slug: "case-study-new-hire-onboarding-nine-days-to-two",
    category: "Case Studies",
    excerpt:
      "Onboarding at a 400-person logistics company meant nine days of tickets, spreadsheets and chasing managers. We rebuilt it as one orchestrated workflow in six weeks.",
    tags: ["HR Ops", "Workflow Design", "Make.com"],
    featured: false,
    published: true,
    daysAgo: 16,
    cover: { from: "#134e4a", to: "#0ea5e9", motif: "waves" },
    content: `## The client

A logistics company with around 400 employees across three countries, hiring 15 to 25 people a month. The HR team of four owned onboarding, but the work touched IT, finance, facilities and every hiring manager. The company name stays private, but the pattern will be familiar to most growing businesses.

## The starting point

When we mapped the process during the audit, a single new hire triggered:

- 11 separate requests across email, a ticketing tool and chat.
- 3 spreadsheets maintained by different teams, none of which agreed on start dates.
- An average of 9 working days between signed offer and a fully equipped first day.
- Roughly 3.5 hours of HR coordinator time per hire, mostly spent chasing.

The cost was not only time. New hires regularly arrived without a laptop or system access, and in exit interviews several people mentioned a chaotic first week.

## What we built

We designed the new process as one workflow with a single trigger: the offer being marked as signed in the applicant tracking system. From there, Make.com orchestrated the steps in parallel.

1. **Create the employee record** in the HR system, using data from the offer instead of retyping it.
2. **Open IT provisioning** with role-based access bundles, so a sales hire automatically receives CRM access and an engineer receives repository access.
3. **Order equipment** through the existing procurement form, pre-filled with the right laptop profile and shipping address.
4. **Schedule the first week**: welcome session, buddy introduction and manager one-to-one, placed directly in calendars.
5. **Send the new hire a personalised welcome pack** with first-day logistics and a short checklist.

Each step posts its status to a single tracking table, which replaced the three spreadsheets. HR sees every hire in one view, with anything overdue highlighted.

## Handling the messy parts

The happy path took about two weeks to build. The remaining four weeks went into exceptions, which is typical.

- **Changed start dates** were the biggest source of errors. We made the start date a single field that every downstream step reads at the moment it runs, rather than copying it at the beginning.
- **Contractors and interns** needed lighter flows, so we added a simple branch based on contract type.
- **Country differences** in paperwork were handled with a small lookup table that HR can edit without touching the workflow.

## Results after three months

- Offer-to-ready time fell from **9 working days to 2**.
- HR coordinator time per hire dropped from about 3.5 hours to **under 40 minutes**.
- Day-one readiness (laptop, accounts and calendar in place) went from roughly 60 percent to **97 percent** of hires.
- The HR team reclaimed around 60 hours a month, which they redirected to manager training.

## What we would tell another HR team

Start with the trigger. Most onboarding chaos comes from not knowing, reliably, that a hire has happened and when they start. Once that single event is trustworthy, everything else becomes a sequence of ordinary automation steps.

Second, give HR ownership of the rules. Lookup tables for roles, access bundles and country paperwork mean the workflow keeps up with the organisation instead of depending on the original builders.

Third, measure the new hire's experience, not only the team's hours. A two-question survey at the end of week one told us more about what still needed fixing than any dashboard.

For more on how we approach people operations, see the HR section of our [services](/#services), or read about [onboarding](https://en.wikipedia.org/wiki/Onboarding) as a discipline.`,
  },
  {
    id: "0b8f6c1e-3d2a-4f5b-9c7d-1a2b3c4d5e05",
    title: "Building a research agent for investment memos: what worked and what didn't",
    slug: "building-a-research-agent-for-investment-memos",
    category: "AI Agents",
    excerpt:
      "We spent a quarter building an agent that drafts first-pass investment memos. These are the design choices that held up, and the ones we quietly threw away.",
    tags: ["LLMs", "Deal Flow"],
    featured: false,
    published: true,
    daysAgo: 23,
    cover: { from: "#3b0764", to: "#f43f5e", motif: "nodes" },
    content: `## The brief

A growth-stage fund asked us for help with a familiar bottleneck. Before every first partner meeting, an associate wrote a four to six page memo: market overview, competitors, company history, team backgrounds, key metrics and open questions. Each memo took one to two days. The fund wanted to know whether an agent could produce a useful first draft in under an hour.

After three months of iteration, the answer was yes, with caveats. Here is what we learned.

## What worked

### Narrow tools beat general browsing

Our first prototype gave the model a general web search tool and asked it to research the company. The results were wordy and unreliable. The version that worked used a small set of narrow tools: a company database lookup, a news search limited to the past 24 months, a function that read the pitch deck, and a query against the fund's own CRM notes. Each tool returned structured data, which made the model's job much easier.

### Section-by-section generation

Asking for a whole memo in one go produced generic prose. Splitting the memo into sections, each with its own instructions and source requirements, produced writing that associates actually kept. The competitor section, for example, had to name at least three companies and cite where each was found.

### Citations for every claim

Every factual sentence in the draft links to its source. This single rule did more for trust than any amount of prompt tuning. Associates stopped re-checking everything and started spot-checking instead.

## What did not work

- **Automatic market sizing.** The agent produced confident numbers that fell apart under questioning. We removed the section and replaced it with a list of relevant reports for the associate to review.
- **Tone matching.** We tried to make drafts sound like each partner's writing style. It added complexity and nobody noticed the difference.
- **Fully unattended runs.** Letting the agent run overnight on every new company in the CRM created hundreds of memos nobody read. Memos are now generated on request, when a meeting is actually booked.

## How we evaluated it

We built a small evaluation set of 25 past companies where the fund already had a finished, human-written memo. For each new version of the agent, we compared the draft against the real memo on three questions:

1. Did it find the key facts the associate found?
2. Did it state anything false or unsupported?
3. Would the associate have kept at least half of the text?

The third question sounds soft, but it was the best predictor of whether the tool would get used. We tracked all three over time, which let us change models and prompts without guessing.

## The outcome

The agent now produces a first draft in about 20 minutes. Associates typically spend two to three hours editing it rather than a day and a half writing from scratch. More importantly, they spend that time on the parts that need judgment: the open questions, the risks, and the view on whether the team can execute.

## Lessons for any research agent

- Give the model **less freedom and better tools**.
- Make **sources mandatory**, not optional.
- **Measure against real past work** rather than your impression of a demo.
- Trigger generation **when someone needs the output**, not whenever data changes.

For background on the underlying technique, [retrieval-augmented generation](https://en.wikipedia.org/wiki/Retrieval-augmented_generation) is worth reading about. For how we scope agent projects, see our [services](/#services).`,
  },
  {
    id: "0b8f6c1e-3d2a-4f5b-9c7d-1a2b3c4d5e06",
    title: "Make.com vs n8n: choosing a workflow platform for your operations team",
    slug: "make-vs-n8n-choosing-a-workflow-platform",
    category: "Automation",
    excerpt:
      "Both platforms can run serious operations workloads. The right choice depends on hosting, who maintains the flows, how sensitive your data is and how volume will grow.",
    tags: ["Make.com", "n8n", "No-Code"],
    featured: false,
    published: true,
    daysAgo: 37,
    cover: { from: "#0c4a6e", to: "#6366f1", motif: "grid" },
    content: `## Why this question comes up so often

Almost every operations team we work with eventually asks which workflow platform they should standardise on. The two names that come up most are Make.com and n8n. Both are capable, both have large libraries of integrations, and both can handle far more than simple two-step automations. The differences lie in how they are hosted, who can comfortably maintain them, and how costs scale.

We use both, and we do not think there is a universal winner. Here is the framework we use to recommend one.

## Question 1: Where does your data need to live?

If your security or legal team requires that customer or employee data never leaves your own infrastructure, n8n has a clear advantage: it can be self-hosted on your own cloud account. Make.com is a hosted service, which is perfectly acceptable for many companies but can be a blocker for regulated industries or strict data-residency requirements.

## Question 2: Who will maintain the workflows?

- **Make.com** has a highly visual editor that non-technical operators pick up quickly. If the people maintaining flows are in sales ops, HR or finance, this matters a great deal.
- **n8n** is also visual, but it rewards technical comfort. Writing small code snippets, handling JSON directly and managing a server are all more natural for someone with an engineering background.

A platform your team cannot maintain will slowly become a liability, no matter how elegant the original build.

## Question 3: How will volume grow?

Pricing models change, so check the current pages yourself, but the broad shape has been consistent. Make.com charges by operations, so a workflow that processes thousands of records a day with many steps can become expensive. Self-hosted n8n costs mostly what your infrastructure costs, which favours high-volume, repetitive workloads.

As an illustration, a nightly sync that touches 20,000 CRM records across six steps is 120,000 operations a night. On an operations-based plan, that adds up quickly. On a self-hosted instance, it is mostly a question of server size.

## Question 4: How complex is the logic?

Both tools handle branching, loops and error routes. In our experience:

1. Make.com is faster for building and reading moderately complex scenarios with many SaaS integrations.
2. n8n is more comfortable when logic gets heavy, for instance when you need custom code, complex data transformations or calls to internal APIs.
3. Both integrate well with language models, though the specifics of each integration change frequently.

## Our rule of thumb

- Choose **Make.com** when business teams will own the flows, data can live in a hosted service, and volumes are moderate.
- Choose **n8n** when you need self-hosting, you have technical owners, or volumes are high and predictable.
- Consider **both** when you have a clear split, for example business-owned flows in Make.com and high-volume data syncs in n8n, with a documented boundary between them.

## Whatever you choose, standardise

The bigger risk is not picking the wrong tool. It is having automations spread across five tools with no naming conventions, no shared error handling and no owner list. Pick a primary platform, write down conventions for naming, error alerts and credentials, and keep an inventory of every live workflow.

If you are still unsure, a short [automation audit](/#contact) usually makes the choice obvious within a week. For a neutral overview of the category, see [workflow management systems](https://en.wikipedia.org/wiki/Workflow_management_system) on Wikipedia.`,
  },
  {
    id: "0b8f6c1e-3d2a-4f5b-9c7d-1a2b3c4d5e07",
    title: "Case study: enriching 40,000 CRM records for a B2B sales team",
    slug: "case-study-enriching-crm-records-for-b2b-sales",
    category: "Case Studies",
    excerpt:
      "A sales team with a decaying CRM, duplicate accounts and missing industries. How we cleaned, enriched and kept 40,000 records accurate without a six-month project.",
    tags: ["CRM", "Data Quality", "n8n"],
    featured: false,
    published: true,
    daysAgo: 45,
    cover: { from: "#052e16", to: "#10b981", motif: "bars" },
    content: `## The situation

A B2B software company with a 25-person sales team had accumulated around 40,000 account records over six years. Several previous clean-up attempts had started with enthusiasm and ended with a half-finished spreadsheet. By the time we arrived:

- Roughly **18 percent** of accounts were duplicates, often with deals split across two records.
- **Industry and company size** were missing on more than half of accounts, which made territory planning guesswork.
- Reps did not trust lead routing, so they routinely reassigned leads by hand.

The VP of Sales put it simply: nobody believed the dashboards, so nobody used them.

## Our approach

We avoided a one-off clean-up. One-off projects fix the data once and then watch it decay again. Instead we built three automated pieces with n8n, running against the CRM through its API.

### 1. Deduplication

We matched accounts on normalised website domain first, then on a fuzzy match of company name plus country. Matches above a high-confidence threshold were merged automatically, keeping the record with the most activity as the primary. Lower-confidence pairs went to a review table where a sales ops analyst could approve or reject them in bulk.

### 2. Enrichment

For each account, the workflow called an enrichment provider to fill in industry, employee range, headquarters country and a short description. Where the provider returned nothing, a language model read the company's homepage and proposed an industry from a fixed list of 24 values. Model suggestions were flagged as such, so reps could see which data was inferred.

### 3. Ongoing hygiene

New accounts now pass through the same steps within minutes of creation. A weekly job re-checks accounts with open deals, so the data that matters most stays freshest.

## The numbers

Over the first eight weeks:

1. Duplicates fell from about **7,200 to under 300**, most of them deliberate, such as subsidiaries tracked separately.
2. Industry coverage went from **46 percent to 94 percent** of accounts.
3. Manual lead reassignments dropped by roughly **70 percent**, because routing rules finally had the fields they needed.
4. The total running cost of enrichment and hosting came to a few hundred dollars a month, a small fraction of one rep's time.

## What made it stick

The technical work was only half the job. Three decisions mattered as much:

- **A fixed list of industries.** Free-text industries were a major source of mess. A short, agreed list made routing and reporting possible.
- **Visible provenance.** Every enriched field shows whether it came from a rep, a provider or a model. Reps trusted the data more when they could see where it came from.
- **An owner.** One sales ops analyst owns the review table and receives a weekly summary. Without an owner, review queues go stale.

## Should you do the same?

If your CRM has more than a few thousand records and your team no longer trusts its reports, the answer is probably yes. Start with deduplication, since every other step works better afterwards. Our guide on [auditing your sales pipeline](/blog/how-to-audit-your-sales-pipeline-for-automation) covers how to prioritise this against other work, and the general idea of [data cleansing](https://en.wikipedia.org/wiki/Data_cleansing) is a helpful primer.`,
  },
  {
    id: "0b8f6c1e-3d2a-4f5b-9c7d-1a2b3c4d5e08",
    title: "A portfolio reporting stack for emerging VC funds",
    slug: "portfolio-reporting-stack-for-emerging-funds",
    category: "Venture Capital",
    excerpt:
      "Quarterly reporting should not mean weeks of chasing founders for spreadsheets. A lightweight stack for collecting, validating and presenting portfolio metrics.",
    tags: ["Data Quality", "Deal Flow", "No-Code"],
    featured: false,
    published: true,
    daysAgo: 52,
    cover: { from: "#1c1917", to: "#f59e0b", motif: "bars" },
    content: `## The quarterly scramble

For a fund with 15 to 40 portfolio companies, quarterly reporting often looks the same. Someone sends an email asking founders for their latest numbers. Replies arrive over three weeks in a mix of spreadsheets, PDFs and pasted tables. An associate copies figures into a master workbook, chases the missing ones, and builds a slide deck for the partners and LPs. Then it starts again.

Emerging managers feel this most. They rarely have a dedicated platform team, and expensive portfolio monitoring software can feel like overkill for a first or second fund. The good news is that a lightweight, mostly no-code stack handles the job well.

## The building blocks

We typically assemble four pieces.

1. **A structured request form.** Instead of emailing a spreadsheet, founders receive a short form each quarter asking for the same eight to twelve metrics: revenue, burn, cash, headcount, runway and a few sector-specific figures. The form is pre-filled with last quarter's values so founders only update what changed.
2. **A central table.** Responses land in one database table, one row per company per quarter. This becomes the fund's single source of truth.
3. **Validation rules.** Simple checks flag suspicious values: revenue that moved more than 50 percent quarter on quarter, runway that does not match cash divided by burn, or a missing metric.
4. **Automated outputs.** Once data is validated, a workflow generates the partner dashboard and a draft LP update section for each company.

## Reminders that founders do not resent

Chasing is where most of the time goes. An automated sequence helps, but tone matters. We recommend:

- A first request with a clear deadline and a note on how long the form takes, ideally under ten minutes.
- One friendly reminder three days before the deadline.
- A personal message from the relevant partner only if data is still missing a week later.

Founders generally appreciate a consistent, predictable request more than ad hoc emails throughout the quarter.

## Handling qualitative updates

Numbers are only part of the picture. We add two optional free-text questions: what went well, and where the company needs help. A language model can summarise these across the portfolio into a one-page digest for the Monday partner meeting. The digest highlights recurring asks, such as several companies looking for senior sales hires, which often turn into useful platform initiatives.

## What it costs and what it saves

As an illustration, for a fund with 25 companies, a setup like this usually takes three to four weeks to build and costs little to run on standard no-code tools. The time saving is typically in the range of 30 to 50 associate hours per quarter, and reporting turnaround moves from several weeks to a few days after the deadline.

## Start simple, grow later

Resist the urge to track forty metrics from day one. Founders will stop filling in long forms, and partners will not read long dashboards. Start with the handful of metrics you actually discuss, then add more only when a real question needs them.

A good test: for every metric on the form, name the meeting or document where it is used. If nobody can, drop it until someone asks.

For the front end of the investment process, see our article on [deal flow triage](/blog/automating-deal-flow-triage). For a refresher on how funds are structured, the Wikipedia entry on [venture capital](https://en.wikipedia.org/wiki/Venture_capital) covers the basics.`,
  },
  {
    id: "0b8f6c1e-3d2a-4f5b-9c7d-1a2b3c4d5e09",
    title: "Evaluating LLM agents before they touch production data",
    slug: "evaluating-llm-agents-before-production",
    category: "AI Agents",
    excerpt:
      "A demo that works five times proves very little. How to build a small, honest evaluation set, and the checks we run before any agent gets write access to real systems.",
    tags: ["LLMs", "Data Quality"],
    featured: false,
    published: true,
    daysAgo: 61,
    cover: null,
    content: `## The demo trap

Every agent project has a moment where the demo works. Someone pastes in a real email, the agent produces a sensible answer, and the room gets excited. The trouble is that five successful demos tell you almost nothing about the five hundredth run on a Monday morning, with a malformed attachment and a customer writing in two languages.

Before any agent we build gets write access to a production system, it has to pass an evaluation. This is less elaborate than it sounds.

## Build an evaluation set from real work

The most useful evaluation set is made of real historical cases, not invented ones. For a support triage agent, that might be 150 past tickets with the category and priority a human assigned. For a document extraction agent, 50 invoices with the correct values already recorded.

A good set has three properties:

- **It is representative.** Include the boring majority, not just interesting cases.
- **It includes known hard cases.** Deliberately add the awkward examples that people remember: partial data, unusual formats, ambiguous requests.
- **It has agreed answers.** If two people on the team would disagree about the right output, resolve it before using the case, or remove it.

Between 50 and 200 cases is usually enough to start. You can grow the set as production reveals new failure types.

## What to measure

We track a small number of metrics per agent, chosen before testing starts.

1. **Accuracy on the main task**, such as the percentage of fields extracted correctly.
2. **Harmful error rate**: mistakes that would cause real damage, such as paying the wrong amount, as opposed to cosmetic ones.
3. **Abstention rate**: how often the agent correctly says it cannot complete a task.
4. **Cost and latency** per run, so there are no surprises at scale.

The harmful error rate gets the most attention. An agent that is 92 percent accurate with zero harmful errors is often more deployable than one that is 97 percent accurate with occasional serious mistakes.

## Run it every time something changes

An evaluation is only useful if it runs often. We re-run the full set whenever the prompt, the model, the tools or the input format changes. Model providers update their models regularly, and a prompt that worked well last quarter can drift. A simple report comparing the new run with the previous one makes regressions obvious.

## Shadow mode before write access

After passing the evaluation, an agent runs in shadow mode for a period, usually two to four weeks. It processes real inputs and records what it would have done, while people continue to do the work as normal. We then compare its decisions with theirs. Shadow mode catches problems that no evaluation set anticipates, such as a new supplier whose invoices use an unusual layout.

Only after shadow mode does the agent get permission to act, and even then usually at the draft-and-approve level described in our article on [human hand-offs](/blog/designing-ai-agents-that-hand-off-to-humans).

## A short checklist

- **Real cases** in the evaluation set, with agreed answers.
- **Harmful errors** defined and counted separately.
- **Re-run on every change**, with results stored.
- **Shadow mode** before write access.
- **A rollback plan** that someone has actually tested.

None of this requires specialised tooling to begin with. A spreadsheet and a short script are enough for the first version. For the statistics behind comparing runs, the article on [precision and recall](https://en.wikipedia.org/wiki/Precision_and_recall) is a good reference.`,
  },
  {
    id: "0b8f6c1e-3d2a-4f5b-9c7d-1a2b3c4d5e10",
    title: "Error handling patterns for no-code automations that run unattended",
    slug: "error-handling-patterns-for-no-code-automations",
    category: "Automation",
    excerpt:
      "Most failed automations do not crash loudly; they fail quietly and corrupt data for weeks. Five patterns that make unattended workflows safe to rely on.",
    tags: ["No-Code", "Workflow Design", "n8n"],
    featured: false,
    published: true,
    daysAgo: 88,
    cover: { from: "#312e81", to: "#ec4899", motif: "waves" },
    content: `## Silent failures are the real risk

A workflow that crashes and sends an alert is annoying. A workflow that keeps running while quietly skipping records is dangerous. We have seen sync jobs drop every contact with an accent in their name for three months, and invoice flows that treated a blank amount as zero. Nobody noticed until a customer or an auditor did.

Whether you build in Make.com, n8n or another platform, the same handful of patterns prevents most of these problems.

## Pattern 1: Validate at the door

Check inputs before doing anything with them. If a workflow expects an email address, a positive amount and a date in the future, test for all three at the first step. Records that fail validation go to a quarantine table with the reason attached, rather than continuing down the flow with bad data.

Validation at the door is cheap to build and saves hours of clean-up later.

## Pattern 2: Make every step safe to retry

Networks fail, APIs time out and rate limits kick in. The platform will often retry a step automatically, and sometimes you will need to re-run a whole batch by hand. Design for it:

- Use **unique keys** when creating records, so a retry updates the existing record instead of creating a duplicate.
- **Check before sending** messages: record that a notification was sent and skip it on retry.
- Avoid steps that **increment counters** without knowing whether the previous attempt succeeded.

The technical term for this is [idempotence](https://en.wikipedia.org/wiki/Idempotence), and it is worth the small extra effort on every workflow that writes data.

## Pattern 3: Route errors somewhere a person will see them

Every workflow should have an explicit error route. At minimum it should:

1. Capture the failing record and the error message.
2. Write them to a shared error log, not just the platform's internal history.
3. Notify the workflow's owner in the channel they actually read.

Batch noisy alerts into a daily digest, but send critical failures immediately. If every alert is urgent, none of them will be treated that way.

## Pattern 4: Count what goes in and what comes out

For any batch job, record how many records entered and how many were processed, skipped and failed. If a nightly job normally processes around 2,000 records and tonight it processed 40, something is wrong, even if no step raised an error. A simple threshold check on these counts catches many silent failures.

## Pattern 5: Give every workflow an owner and a runbook

Ownership is the least technical pattern and the most important one. Each live workflow should have:

- A **named owner** and a backup.
- A short **runbook**: what it does, what triggers it, what to do if it fails, and how to re-run it safely.
- A **last reviewed date**, checked at least twice a year.

When the person who built a workflow leaves, the runbook is the difference between a ten-minute fix and a week of reverse engineering.

## Putting it together

None of these patterns is complicated, and together they typically add 15 to 25 percent to build time. In exchange, you get automations that your team can trust enough to stop checking by hand, which is where the real savings are.

If you want us to review your existing workflows against these patterns, that is a standard part of our [automation audit](/#contact). More practical guides are on the [Insights blog](/blog).`,
  },
  {
    id: "0b8f6c1e-3d2a-4f5b-9c7d-1a2b3c4d5e11",
    title: "What LPs notice when a fund runs on clean data",
    slug: "what-lps-notice-when-a-fund-runs-on-clean-data",
    category: "Venture Capital",
    excerpt:
      "Limited partners rarely ask about your tooling, but they notice its effects: faster answers, consistent numbers and fewer corrections. Here is where clean data shows up.",
    tags: ["Data Quality", "ROI"],
    featured: false,
    published: true,
    daysAgo: 104,
    cover: { from: "#022c22", to: "#14b8a6", motif: "nodes" },
    content: `## LPs judge operations indirectly

Limited partners seldom ask a fund manager which CRM they use or how their reporting is built. They do, however, notice the results. They notice when a quarterly report arrives on time, when numbers in the letter match numbers in the appendix, and when a follow-up question gets answered in a day rather than a fortnight. For emerging managers raising a second or third fund, these impressions matter.

We have helped several funds tidy their data foundations. Below are the places where the difference tends to show.

## 1. Consistent numbers across documents

The most common embarrassment is inconsistency: a portfolio company's revenue listed one way in the quarterly letter and another way in the data room. It usually happens because figures are copied by hand into several documents at different times.

The fix is structural. Keep one table of record for portfolio metrics and generate every document from it. When a number changes, it changes everywhere.

## 2. Fast, confident answers to due diligence questions

During fundraising, prospective LPs send long questionnaires. Many questions are about history: how many companies were reviewed, how many meetings were taken, how the fund sourced its deals, how ownership changed over follow-on rounds. Funds that have logged deal flow consistently can answer these with a query. Funds that have not end up reconstructing history from inboxes.

Some examples of questions that clean data answers in minutes:

- What share of investments came from warm introductions versus inbound?
- How long, on average, from first meeting to term sheet?
- How has reserve allocation compared with the original plan?

## 3. Fewer corrections after publication

Every correction to a published report slightly erodes trust. Automated validation checks, such as comparing each metric with its previous value and flagging outliers, catch most errors before a report goes out. This is one of the cheapest improvements a fund can make.

## 4. Credible track record analysis

When a fund presents its track record, LPs will often recalculate key figures themselves. Clean cash flow data, with every capital call and distribution recorded with its date, makes figures such as [internal rate of return](https://en.wikipedia.org/wiki/Internal_rate_of_return) reproducible. If an LP's analyst gets the same answer you do, that is a quiet but powerful signal.

## Where to start

You do not need an expensive platform. A pragmatic sequence we recommend:

1. **Centralise deal flow** in one system, with source, stage and outcome captured for every company.
2. **Standardise portfolio metrics** and collect them through a structured form each quarter.
3. **Record fund cash flows** in a single table, reconciled with the administrator's records.
4. **Generate reports** from these tables instead of assembling them by hand.

Each step is useful on its own, so there is no need to wait for a big project. Most funds can complete the first two within a quarter without disrupting day-to-day work.

## The compounding effect

Clean data compounds. Each quarter of consistent records makes the next fundraise easier, the next portfolio review faster and the next strategic question cheaper to answer. Funds that start this early rarely regret it, and funds that start late usually wish they had begun with the very first investment.

Our [Venture Capital services](/#services) cover these foundations, and our article on [portfolio reporting](/blog/portfolio-reporting-stack-for-emerging-funds) goes into detail on step two.`,
  },
  {
    id: "0b8f6c1e-3d2a-4f5b-9c7d-1a2b3c4d5e12",
    title: "Case study: an invoice reconciliation agent for a multi-entity finance team",
    slug: "case-study-invoice-reconciliation-agent",
    category: "Case Studies",
    excerpt:
      "A finance team closing the books for six legal entities spent four days a month matching invoices to payments. An agent with strict guardrails now handles most of it.",
    tags: ["LLMs", "ROI"],
    featured: false,
    published: true,
    daysAgo: 120,
    cover: { from: "#1e1b4b", to: "#0ea5e9", motif: "grid" },
    content: `## The client and the problem

A services group with six legal entities in four countries ran month-end close with a finance team of five. The slowest part of close was reconciliation: matching supplier invoices to purchase orders and bank payments, then chasing discrepancies. It consumed around four working days per month across the team, and errors occasionally surfaced only during the annual audit.

The invoices themselves were the obstacle. They arrived as PDFs in different formats and languages, sometimes covering several purchase orders, sometimes paid in instalments.

## What we built

We designed an agent with a deliberately narrow job: propose matches between invoices, purchase orders and payments, with evidence, and leave approval to people.

1. **Extraction.** Each incoming invoice is read by a language model that extracts supplier, invoice number, dates, line items, currency, tax and total. Extracted totals are checked against the sum of line items; a mismatch sends the invoice straight to review.
2. **Candidate search.** The agent queries the accounting system for open purchase orders and unmatched bank payments from the same supplier within a date window.
3. **Matching.** Rules handle the simple cases, such as an exact amount and reference match. The model is only asked to reason about the rest, for example partial payments or combined invoices, and must explain its proposal.
4. **Review.** Proposed matches appear in a review queue with the invoice, the candidates and the explanation side by side. A finance team member approves, edits or rejects with one click.

## Guardrails

Finance data leaves little room for creative answers, so guardrails were central to the design.

- The agent **never posts entries** to the ledger. It only proposes.
- **Amount tolerances** are set by the finance lead per entity, for example a small rounding tolerance on foreign currency payments.
- Any invoice above a set value, or from a supplier seen for the first time, **always goes to manual review**.
- Every proposal stores the **model version and inputs**, so auditors can trace any decision.

## Results after one quarter

- About **78 percent** of invoices were matched automatically by rules or by agent proposals accepted without edits.
- A further **15 percent** were matched after a small edit in the review queue.
- The remaining **7 percent** needed full manual work, mostly unusual supplier arrangements.
- Reconciliation time at month-end fell from roughly **four days to one**.
- The external auditors asked for, and received, a walkthrough of the review log, and raised no findings related to the process.

## What surprised us

Extraction turned out to be the easy part. Most of the effort went into the review experience: how to show a partial payment clearly, how to let a reviewer split an invoice across two purchase orders, and how to keep the queue short enough that it was cleared daily. When the queue was cleared daily, close was calm. When it was left for the last two days of the month, the old stress returned.

## Takeaways for finance teams

- Keep the agent's job **narrow and reversible**: proposals, not postings.
- Let **rules handle the easy majority**; use models for the awkward remainder.
- Invest in **the review screen**, because that is where the hours are saved.
- Agree with your auditors **early** on what evidence each automated match should keep.

For more on the underlying process, the Wikipedia article on [accounts payable](https://en.wikipedia.org/wiki/Accounts_payable) is a useful overview. If your close looks similar, our [enterprise services](/#services) describe how we usually start.`,
  },
  {
    id: "0b8f6c1e-3d2a-4f5b-9c7d-1a2b3c4d5e13",
    title: "The hidden cost of swivel-chair work in enterprise operations",
    slug: "hidden-cost-of-swivel-chair-work",
    category: "Automation",
    excerpt:
      "Copying data between systems by hand looks harmless in any single instance. Added up across an enterprise, it quietly consumes thousands of hours a year.",
    tags: ["Workflow Design", "ROI"],
    featured: false,
    published: false,
    daysAgo: 6,
    cover: { from: "#0f172a", to: "#8b5cf6", motif: "waves" },
    content: `## What swivel-chair work is

"Swivel-chair work" describes a person turning from one screen to another to re-key information: reading an order in one system and typing it into another, copying a status from an email into a tracker, exporting a report to paste it into a slide. Each instance takes a minute or two. Nobody designs it; it simply fills the gaps between systems that were never connected.

## Why it is underestimated

Swivel-chair work hides well, for three reasons.

- **It is spread thin.** No single person spends all day on it, so it never appears as a line item.
- **It feels like real work.** People doing it are busy and diligent, which makes it hard to question.
- **Its errors are delayed.** A mistyped figure may only surface weeks later, far away from its cause.

## Signs you have a swivel-chair problem

A few patterns almost always point to hidden re-keying:

- Teams keep their own spreadsheets "because the system is never up to date".
- The same question, such as "has this order shipped?", gets asked in chat several times a day.
- Month-end or quarter-end involves a predictable crunch of copying and checking.
- New joiners are trained on which fields to copy where, rather than on the work itself.

## A simple way to size it

To estimate the cost in your organisation, pick one department and ask each person to keep a tally for one week of every time they copy information from one system to another. Record the rough minutes each time.

As an example, a 30-person operations team where each person spends 45 minutes a day on re-keying loses about 22 hours a day, or roughly 5,000 hours a year. Even at a modest loaded cost, that is a significant budget, before counting the cost of errors.

## What to do about it

1. **Inventory the transfers.** List each recurring copy between systems, with its frequency and owner.
2. **Group by system pair.** Transfers often cluster, for example twenty different copies between the ERP and the CRM. One integration can remove all of them.
3. **Start with the highest-volume pair** and build a proper sync with validation and error handling.
4. **Measure again** after a month to confirm the hours actually moved.

## Integration or automation?

Not every transfer needs a workflow platform. Before building, check three cheaper options in order:

- **A native connector.** Many systems already integrate with each other, and the feature is simply switched off or unknown to the team.
- **Removing the copy entirely.** Sometimes the second system does not need the data at all; the copy exists because a report once depended on it.
- **A shared view.** If people only need to see information, a read-only view or embedded dashboard can replace the copy.

Only when none of these fit is a custom sync the right answer. This ordering keeps the number of workflows you have to maintain as small as possible, which matters more over five years than any single build.

## The human side

Removing swivel-chair work changes jobs. Be explicit about where reclaimed time should go, whether that is customer work, analysis or simply a more manageable workload. Teams that understand the goal become the best source of the next automation ideas, because they know exactly which copies they resent most.

More on how we approach this in our [enterprise services](/#services), and the broader idea is covered under [business process automation](https://en.wikipedia.org/wiki/Business_process_automation).`,
  },
  {
    id: "0b8f6c1e-3d2a-4f5b-9c7d-1a2b3c4d5e14",
    title: "Prompt libraries as internal infrastructure",
    slug: "prompt-libraries-as-internal-infrastructure",
    category: "AI Agents",
    excerpt:
      "When every team writes its own prompts, quality varies wildly. Treating prompts as shared, versioned assets brings consistency, reuse and far fewer surprises.",
    tags: ["LLMs", "Workflow Design"],
    featured: false,
    published: false,
    daysAgo: 30,
    cover: null,
    content: `## The sprawl problem

Six months after a company starts using language models seriously, prompts are everywhere. The sales team has one for call summaries, HR has three slightly different ones for job descriptions, and an operations analyst has a clever one for classifying support tickets that lives only in a personal document. Nobody knows which version is in production, and when a model update changes behaviour, nobody knows which prompts to check.

This is the same problem companies once had with spreadsheets and scripts. The solution is similar: treat the important ones as shared infrastructure.

## What belongs in a prompt library

Not every prompt deserves to be managed. A good rule is to include any prompt that:

- Runs inside an automated workflow, rather than in someone's chat window.
- Is used by more than one person or team.
- Produces output that customers, candidates or investors will see.

Everything else can stay informal.

## What each entry should contain

A useful library entry is more than the prompt text. We recommend recording:

1. **Purpose**: one sentence on what the prompt is for.
2. **Owner**: the person accountable for its behaviour.
3. **Inputs and outputs**: what variables it expects and what format it must return.
4. **Model and settings**: which model it was tested with, and key parameters.
5. **Test cases**: ten to thirty examples with expected results.
6. **Version history**: what changed, when and why.

The test cases are the most important part. Without them, any edit is a guess.

## Versioning and release

Treat prompt changes like any other change to a production system. Edits happen in a draft version, the test cases run against it, and only then is it promoted. Workflows should reference a named version rather than copying the text, so that promoting a new version is a deliberate act and rolling back is a one-line change.

Most workflow platforms can read a prompt from a central table at run time, which makes this practical without custom software.

## Reuse without rigidity

A library also makes good prompts reusable. A well-tested instruction for extracting structured data from PDFs can serve finance, HR and sales with small variations. Store shared building blocks, such as tone guidance, output formats and refusal rules, once, and compose them into task-specific prompts.

## Watching behaviour in production

A library also gives you a natural place to monitor prompts once they are live. Log which version produced each output, and sample a handful of outputs per week for review by the owner. When a model provider announces an update, the library tells you exactly which prompts to re-test, and the stored test cases tell you within an hour whether anything changed. Without that, teams usually learn about a regression from an unhappy colleague or, worse, a customer.

## Getting started

Start with an inventory. List every prompt that runs in an automated workflow today, find its owner and write down where it lives. Most teams find between ten and forty. Move the five most critical into a shared table with test cases, and grow from there.

For the testing side, see our notes on [evaluating agents](/blog/evaluating-llm-agents-before-production). The wider discipline is described under [prompt engineering](https://en.wikipedia.org/wiki/Prompt_engineering).`,
  },
];

/* ------------------------------------------------------------------------------- team */

export const demoTeam: DemoTeamMember[] = [
  {
    id: "5a1d2c3b-7e8f-4a6b-8c9d-0e1f2a3b4c01",
    name: "Maya Lindqvist",
    position: "Founder & CEO",
    linkedinUrl: "https://www.linkedin.com/in/example-maya-lindqvist",
    displayOrder: 1,
    active: true,
  },
  {
    id: "5a1d2c3b-7e8f-4a6b-8c9d-0e1f2a3b4c02",
    name: "Daniel Okafor",
    position: "Head of Automation",
    linkedinUrl: "https://www.linkedin.com/in/example-daniel-okafor",
    displayOrder: 2,
    active: true,
  },
  {
    id: "5a1d2c3b-7e8f-4a6b-8c9d-0e1f2a3b4c03",
    name: "Priya Raman",
    position: "AI Engineer",
    linkedinUrl: null,
    displayOrder: 3,
    active: true,
  },
  {
    id: "5a1d2c3b-7e8f-4a6b-8c9d-0e1f2a3b4c04",
    name: "Lucas Moreau",
    position: "Solutions Architect",
    linkedinUrl: "https://www.linkedin.com/in/example-lucas-moreau",
    displayOrder: 4,
    active: false,
  },
];

/* ----------------------------------------------------------------------- testimonials */

export const demoTestimonials: DemoTestimonial[] = [
  {
    id: "9c4e7a2b-1d3f-4b5a-a6c8-7d9e0f1a2b01",
    name: "Eleanor Hayes",
    company: "Larkspur Peak Ventures",
    quote:
      "Our associates used to lose two days a week to inbound decks. Now every pitch gets a same-week answer and the partners only see the companies that actually fit our thesis.",
    displayOrder: 1,
    active: true,
  },
  {
    id: "9c4e7a2b-1d3f-4b5a-a6c8-7d9e0f1a2b02",
    name: "Marcus Bell",
    company: "Tidewell Software",
    quote: "For the first time in years my reps trust what the CRM tells them. Lead routing just works, and call notes write themselves.",
    displayOrder: 2,
    active: true,
  },
  {
    id: "9c4e7a2b-1d3f-4b5a-a6c8-7d9e0f1a2b03",
    name: "Aisha Karimi",
    company: "Orchard & Finch Logistics",
    quote:
      "New hires now arrive to a working laptop, their accounts and a planned first week. My team got back hours every month, and nobody had to learn a new tool.",
    displayOrder: 3,
    active: true,
  },
  {
    id: "9c4e7a2b-1d3f-4b5a-a6c8-7d9e0f1a2b04",
    name: "Jonas Becker",
    company: "Ferrowind Industrial",
    quote: "They started with a two-week audit instead of a sales pitch. The first three automations paid for the whole engagement before the quarter was out.",
    displayOrder: 4,
    active: true,
  },
  {
    id: "9c4e7a2b-1d3f-4b5a-a6c8-7d9e0f1a2b05",
    name: "Rachel Dunmore",
    company: "Saltmarsh Capital",
    quote: "Quarterly reporting went from a three-week scramble to a calm few days. Our LPs noticed the difference before we told them anything had changed.",
    displayOrder: 5,
    active: true,
  },
  {
    id: "9c4e7a2b-1d3f-4b5a-a6c8-7d9e0f1a2b06",
    name: "Kevin Osei",
    company: "Brightkettle Analytics",
    quote: "Clear documentation, sensible error handling and a team that picks up the phone. Exactly what we needed to stop babysitting our workflows.",
    displayOrder: 6,
    active: false,
  },
];

/* ------------------------------------------------------------------------------ cover */

const COVER_W = 1600;
const COVER_H = 900;

/** Tiny deterministic generator (LCG, Numerical Recipes constants) returning values in [0, 1). */
function lcg(seed: number): () => number {
  const base = Number.isFinite(seed) ? Math.floor(Math.abs(seed)) % 2147483647 : 0;
  let state = (Math.imul(base ^ 0x5bd1e995, 0x9e3779b1) ^ 0x27d4eb2d) >>> 0;
  const next = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  // Warm up so that neighbouring seeds diverge quickly.
  for (let i = 0; i < 4; i++) next();
  return next;
}

/** Rounds to one decimal place to keep the markup small. */
function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** Formats an opacity with two decimals. */
function op(value: number): string {
  return String(Math.round(Math.min(1, Math.max(0.01, value)) * 100) / 100);
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function gridMotif(rand: () => number): string[] {
  const cols = 8;
  const rows = 5;
  const cellW = COVER_W / cols;
  const cellH = COVER_H / rows;
  const size = 96;
  const shapes: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = c * cellW + (cellW - size) / 2 + (rand() - 0.5) * 16;
      const y = r * cellH + (cellH - size) / 2 + (rand() - 0.5) * 16;
      const filled = rand() < 0.35;
      const opacity = filled ? 0.06 + rand() * 0.14 : 0.1 + rand() * 0.18;
      shapes.push(
        filled
          ? `<rect x="${n(x)}" y="${n(y)}" width="${size}" height="${size}" rx="16" fill="#fff" fill-opacity="${op(opacity)}"/>`
          : `<rect x="${n(x)}" y="${n(y)}" width="${size}" height="${size}" rx="16" fill="none" stroke="#fff" stroke-width="2" stroke-opacity="${op(opacity)}"/>`,
      );
    }
  }
  return shapes;
}

function wavesMotif(rand: () => number): string[] {
  const count = 24;
  const segments = 4;
  const segW = COVER_W / segments;
  const shapes: string[] = [];
  const baseAmp = 30 + rand() * 50;
  const phaseDrift = 0.15 + rand() * 0.25;
  for (let i = 0; i < count; i++) {
    const y0 = 120 + (i * (COVER_H - 180)) / (count - 1);
    const amp = baseAmp * (0.6 + rand() * 0.8);
    const phase = i * phaseDrift + rand() * 0.3;
    const yAt = (k: number): number => y0 + Math.sin(k * Math.PI * 0.5 + phase * Math.PI) * amp;
    let d = `M0 ${n(yAt(0))}`;
    for (let k = 0; k < segments; k++) {
      const x1 = k * segW + segW / 3;
      const x2 = k * segW + (2 * segW) / 3;
      const x3 = (k + 1) * segW;
      d += ` C${n(x1)} ${n(yAt(k + 1 / 3))} ${n(x2)} ${n(yAt(k + 2 / 3))} ${n(x3)} ${n(yAt(k + 1))}`;
    }
    const opacity = op(0.08 + rand() * 0.22);
    const width = n(1.5 + rand() * 2.5);
    shapes.push(`<path d="${d}" fill="none" stroke="#fff" stroke-width="${width}" stroke-opacity="${opacity}"/>`);
  }
  return shapes;
}

function nodesMotif(rand: () => number): string[] {
  const count = 22;
  const margin = 80;
  const points: { x: number; y: number; r: number }[] = [];
  for (let i = 0; i < count; i++) {
    points.push({
      x: margin + rand() * (COVER_W - 2 * margin),
      y: margin + rand() * (COVER_H - 2 * margin),
      r: 5 + rand() * 11,
    });
  }
  const edges = new Set<string>();
  const lines: string[] = [];
  points.forEach((p, i) => {
    const nearest = points
      .map((q, j) => ({ j, d: Math.hypot(p.x - q.x, p.y - q.y) }))
      .filter((e) => e.j !== i)
      .sort((a, b) => a.d - b.d)
      .slice(0, 2);
    for (const { j, d } of nearest) {
      const key = i < j ? `${i}-${j}` : `${j}-${i}`;
      const q = points[j];
      if (!q || edges.has(key) || d > 520 || lines.length >= 34) continue;
      edges.add(key);
      const opacity = op(0.12 + rand() * 0.2);
      lines.push(`<line x1="${n(p.x)}" y1="${n(p.y)}" x2="${n(q.x)}" y2="${n(q.y)}" stroke="#fff" stroke-width="2" stroke-opacity="${opacity}"/>`);
    }
  });
  const circles = points.map((p) => {
    const opacity = op(0.25 + rand() * 0.45);
    return `<circle cx="${n(p.x)}" cy="${n(p.y)}" r="${n(p.r)}" fill="#fff" fill-opacity="${opacity}"/>`;
  });
  return [...lines, ...circles];
}

function barsMotif(rand: () => number): string[] {
  const count = 32;
  const slot = COVER_W / count;
  const barW = slot - 14;
  const f1 = 0.15 + rand() * 0.2;
  const f2 = 0.35 + rand() * 0.3;
  const p1 = rand() * Math.PI * 2;
  const p2 = rand() * Math.PI * 2;
  const shapes: string[] = [];
  for (let i = 0; i < count; i++) {
    const wave = 0.5 + 0.3 * Math.sin(i * f1 + p1) + 0.15 * Math.sin(i * f2 + p2);
    const h = 120 + Math.max(0, Math.min(1, wave + (rand() - 0.5) * 0.2)) * 520;
    const x = i * slot + 7;
    const opacity = op(0.08 + rand() * 0.2);
    shapes.push(`<rect x="${n(x)}" y="${n(COVER_H - h)}" width="${n(barW)}" height="${n(h + 12)}" rx="8" fill="#fff" fill-opacity="${opacity}"/>`);
  }
  return shapes;
}

/** Renders a 1600x900 SVG cover (string) for a post: a gradient from->to with the motif drawn in translucent white shapes, no text. */
export function coverSvg(cover: NonNullable<DemoPost["cover"]>, seed: number): string {
  const rand = lcg(seed);
  const from = escapeAttr(cover.from);
  const to = escapeAttr(cover.to);
  let shapes: string[];
  switch (cover.motif) {
    case "grid":
      shapes = gridMotif(rand);
      break;
    case "waves":
      shapes = wavesMotif(rand);
      break;
    case "nodes":
      shapes = nodesMotif(rand);
      break;
    case "bars":
      shapes = barsMotif(rand);
      break;
  }
  const glowX = n(COVER_W * (0.55 + rand() * 0.35));
  const glowY = n(COVER_H * (0.1 + rand() * 0.35));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_W}" height="${COVER_H}" viewBox="0 0 ${COVER_W} ${COVER_H}">`,
    `<defs>`,
    `<linearGradient id="bg" x1="0" y1="1" x2="1" y2="0">`,
    `<stop offset="0" stop-color="${from}"/>`,
    `<stop offset="1" stop-color="${to}"/>`,
    `</linearGradient>`,
    `<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">`,
    `<stop offset="0" stop-color="#fff" stop-opacity="0.18"/>`,
    `<stop offset="1" stop-color="#fff" stop-opacity="0"/>`,
    `</radialGradient>`,
    `</defs>`,
    `<rect width="${COVER_W}" height="${COVER_H}" fill="url(#bg)"/>`,
    `<circle cx="${glowX}" cy="${glowY}" r="520" fill="url(#glow)"/>`,
    `<g>`,
    ...shapes,
    `</g>`,
    `</svg>`,
  ].join("");
}

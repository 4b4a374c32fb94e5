/**
 * Landing page copy, sections 1-13 in page order. Counts:
 * 8 trusted logos, 4 partner logos, 4 service tabs, 5 offerings × 4 features, 4 process steps,
 * 7 FAQ items, 10 pain-point quotes.
 */
/** A client's wordmark: its name set in the site's type beside a simple monochrome mark. `label` is a shorter name to show. */
export type Wordmark = { name: string; label?: string; mark: WordmarkShape; url: string };
export type WordmarkShape = "ring" | "peak" | "square" | "wave" | "orbit" | "leaf" | "cross" | "stack";
/** A partner, shown as a text badge: no imitation of the partner's own logo. */
export type Partner = { name: string; url: string };
export type Stat = { value: number; label: string; suffix: string };
export type ServiceTab = {
  id: string;
  label: string;
  title: string;
  description: string;
  useCases: string[];
  tools?: string[];
  stack?: { title: string; items: string[] }[];
};
export type OfferingFeature = { title: string; description: string; icon: string };
export type OfferingTab = { id: string; label: string; title: string; description: string; features: OfferingFeature[] };
export type ProcessStep = {
  step: number;
  title: string;
  description: string;
  subDescription: string;
  icon: string;
  image: string;
  imageAlt: string;
  features?: string[];
};
export type FaqItem = { question: string; answer: string };
/** `avatar` is a photo's address; without one the message gets a generated avatar from the name. */
export type PainPointMessage = { id: string; name: string; avatar?: string; text: string };

export const hero = {
  pill: "AI automation studio",
  headline: "Smarter Systems. Better Outcomes.",
  pills: ["AI Agents", "No-Code", "Low Code"],
  lead: "We design and build automation systems and AI agents for venture capital firms, sales teams, HR teams and enterprise operations, so your people spend their time on judgment, not busywork.",
  cta: "Book Your Automation Audit",
  secondary: "Explore services",
};

export const trustedBy = {
  title: "Trusted by teams that move fast",
  logos: [
    { name: "Northwind Capital", label: "Northwind", mark: "ring", url: "https://northwind-capital.example" },
    { name: "Helix Ventures", mark: "peak", url: "https://helix-ventures.example" },
    { name: "Quanta Labs", mark: "square", url: "https://quanta-labs.example" },
    { name: "Bluepeak", mark: "wave", url: "https://bluepeak.example" },
    { name: "Orbitly", mark: "orbit", url: "https://orbitly.example" },
    { name: "Cedar & Co", mark: "leaf", url: "https://cedar-co.example" },
    { name: "Lumen Health", mark: "cross", url: "https://lumen-health.example" },
    { name: "Stackwise", mark: "stack", url: "https://stackwise.example" },
  ] satisfies Wordmark[],
};

export const whoWeAre = {
  pill: "Who we are",
  title: "An automation studio that ships",
  text: "We are engineers, operators and former investors who turn manual workflows into reliable systems. We start small, prove the value, then scale what works.",
  stats: [
    { value: 35, suffix: "+", label: "Happy Clients" },
    { value: 180, suffix: "%", label: "Average automation ROI" },
    { value: 400, suffix: "+", label: "Automations Built" },
    { value: 6000, suffix: "+", label: "Hours saved" },
  ] satisfies Stat[],
  partnersTitle: "Official partners",
  partners: [
    { name: "Make", url: "https://www.make.com" },
    { name: "Zapier", url: "https://zapier.com" },
    { name: "n8n", url: "https://n8n.io" },
    { name: "Airtable", url: "https://www.airtable.com" },
  ] satisfies Partner[],
  diagramHub: "One automation hub",
  diagramLabel: "Your tools connected through one automation hub: CRM, email and calendar on one side; documents, databases and chat on the other.",
  diagramLeft: ["CRM", "Email", "Calendar"],
  diagramRight: ["Docs", "Database", "Chat"],
};

export const services = {
  pill: "Services",
  title: "Automation for every team",
  intro: "Pick your team to see what we automate first.",
  useCasesLabel: "Use cases",
  toolsLabel: "Tools we connect",
  stackLabel: "Built-to-fit stack",
  tabs: [
    {
      id: "venture-capital",
      label: "Venture Capital",
      title: "Deal flow on autopilot",
      description: "From inbound decks to IC memos: we capture, enrich and route every opportunity so partners see the right deals first.",
      useCases: ["Deal flow triage", "Founder enrichment", "IC memo drafts", "Portfolio reporting", "LP updates"],
      tools: ["Affinity", "Notion", "Airtable", "Slack", "Gmail"],
    },
    {
      id: "sales",
      label: "Sales",
      title: "More pipeline, less admin",
      description: "Research, outreach and CRM hygiene handled by agents, so your reps sell instead of typing.",
      useCases: ["Lead research", "Personalised outreach", "CRM hygiene", "Meeting notes to CRM", "Renewal alerts"],
      tools: ["HubSpot", "Salesforce", "Apollo", "LinkedIn", "Slack"],
    },
    {
      id: "hr",
      label: "HR",
      title: "Hiring and onboarding that run themselves",
      description: "Screen, schedule and onboard with workflows that keep candidates and new hires informed at every step.",
      useCases: ["CV screening", "Interview scheduling", "Onboarding checklists", "Policy assistant", "Offboarding"],
      tools: ["Greenhouse", "BambooHR", "Google Calendar", "Slack", "DocuSign"],
    },
    {
      id: "enterprise",
      label: "Enterprise",
      title: "Operations at enterprise scale",
      description: "Secure, audited automation across departments, deployed in your own cloud and connected to the systems you already run.",
      useCases: ["Document processing", "Approval flows", "Internal knowledge agents", "Data sync", "Compliance reporting"],
      stack: [
        { title: "Data + APIs", items: ["Warehouse connectors", "REST and GraphQL APIs", "Event streams"] },
        { title: "Automation fabric", items: ["Orchestrated workflows", "AI agents with guardrails", "Human-in-the-loop review"] },
        { title: "Delivery", items: ["Your cloud or ours", "Role-based access", "Audit logs and monitoring"] },
      ],
    },
  ] satisfies ServiceTab[],
};

export const offerings = {
  pill: "Offerings",
  title: "Packaged engagements, tailored delivery",
  tabs: [
    {
      id: "venture-assist",
      label: "Venture Assist",
      title: "Venture Assist",
      description: "An automation partner for funds: sourcing, diligence and portfolio support without extra headcount.",
      features: [
        { title: "Deal intake", description: "Every deck and intro captured, de-duplicated and scored.", icon: "inbox" },
        { title: "Diligence agents", description: "Market maps and founder research drafted in minutes.", icon: "search" },
        { title: "Portfolio pulse", description: "KPIs collected from founders and summarised monthly.", icon: "chart" },
        { title: "LP reporting", description: "Quarterly updates assembled from your data.", icon: "file" },
      ],
    },
    {
      id: "hr-automation-partner",
      label: "HR Automation Partner",
      title: "HR Automation Partner",
      description: "Recruiting and people operations that scale with your headcount, not your HR team.",
      features: [
        { title: "Candidate screening", description: "Structured scoring against your hiring rubric.", icon: "users" },
        { title: "Scheduling", description: "Interviews booked across calendars automatically.", icon: "calendar" },
        { title: "Onboarding flows", description: "Accounts, documents and checklists ready on day one.", icon: "check" },
        { title: "People assistant", description: "Answers policy questions from your handbook.", icon: "bot" },
      ],
    },
    {
      id: "gtm-engine",
      label: "GTM Engine",
      title: "GTM Engine",
      description: "A go-to-market machine that researches, writes and follows up while your team closes.",
      features: [
        { title: "Account research", description: "Signals and context gathered for every target account.", icon: "search" },
        { title: "Outreach drafts", description: "Personalised sequences in your voice, reviewed by you.", icon: "mail" },
        { title: "CRM autopilot", description: "Notes, stages and next steps logged without typing.", icon: "database" },
        { title: "Pipeline insights", description: "Weekly summaries of what moved and what stalled.", icon: "chart" },
      ],
    },
    {
      id: "commercialization-agents",
      label: "Commercialization Agents",
      title: "Commercialization Agents",
      description: "Agents that turn research, IP and products into market-ready offers and partnerships.",
      features: [
        { title: "Market scans", description: "Competitors, buyers and pricing mapped continuously.", icon: "globe" },
        { title: "Partner matching", description: "Licensees and channel partners found and qualified.", icon: "handshake" },
        { title: "Offer builder", description: "One-pagers and proposals generated from your data.", icon: "file" },
        { title: "Follow-up agent", description: "Conversations kept warm until there is a decision.", icon: "bot" },
      ],
    },
    {
      id: "build-advisory",
      label: "Build Advisory",
      title: "Build Advisory",
      description: "Senior guidance for teams building their own automation and AI capability.",
      features: [
        { title: "Architecture reviews", description: "A second opinion on your stack before you commit.", icon: "layers" },
        { title: "Agent evaluation", description: "Test plans that catch failures before production.", icon: "shield" },
        { title: "Team coaching", description: "Hands-on sessions that level up your builders.", icon: "users" },
        { title: "Roadmapping", description: "A prioritised backlog ranked by ROI.", icon: "map" },
      ],
    },
  ] satisfies OfferingTab[],
};

export const processSection = {
  pill: "Process",
  title: "From audit to scale in four steps",
  steps: [
    {
      step: 1,
      title: "Audit",
      description: "We start with a free strategy call to map your workflows and find the highest-ROI automations.",
      subDescription: "You receive a custom proposal with scope, timeline and expected savings.",
      icon: "search",
      image: "/images/process/audit.svg",
      imageAlt: "Workflow map with the highest-value steps highlighted",
      features: ["Free strategy call", "Custom proposal"],
    },
    {
      step: 2,
      title: "Build",
      description: "No-code first, custom code where it matters: builds ship 70% faster than traditional development.",
      subDescription: "Two refinement rounds, weekly progress updates and biweekly demos keep you in control.",
      icon: "wrench",
      image: "/images/process/build.svg",
      imageAlt: "Connected workflow blocks being assembled",
      features: ["70% faster builds", "Two refinement rounds", "Weekly progress updates", "Biweekly demos"],
    },
    {
      step: 3,
      title: "Deliver",
      description: "We hand over working systems with training for your team and clear documentation.",
      subDescription: "A playbook explains how each automation works and how to change it.",
      icon: "package",
      image: "/images/process/deliver.svg",
      imageAlt: "A documented playbook handed to the team",
      features: ["Team training", "Documentation", "Playbook"],
    },
    {
      step: 4,
      title: "Scale",
      description: "We keep expanding your automation library as new opportunities appear.",
      subDescription: "Monitoring and ROI tracking show what every automation saves.",
      icon: "trending",
      image: "/images/process/scale.svg",
      imageAlt: "Growing chart of hours saved",
      features: ["Automation library", "Monitoring", "ROI tracking"],
    },
  ] satisfies ProcessStep[],
};

export const problems = {
  pill: "Sound familiar?",
  title: "Overwhelmed? You are not alone",
  intro: "These are the things we hear on every discovery call. Each one is a workflow waiting to be automated.",
  listLabel: "What teams tell us",
  messages: [
    { id: "p1", name: "Sarah, Partner", text: "We get 300 decks a month and I read maybe 40." },
    { id: "p2", name: "Tom, Head of Sales", text: "My reps spend Friday afternoons updating the CRM." },
    { id: "p3", name: "Aisha, HR Lead", text: "Scheduling interviews takes more time than the interviews." },
    { id: "p4", name: "Marco, COO", text: "Every report is a spreadsheet someone rebuilds by hand." },
    { id: "p5", name: "Lena, Analyst", text: "I copy the same data into four tools every day." },
    { id: "p6", name: "Raj, Founder", text: "We hired two people just to move data around." },
    { id: "p7", name: "Emma, Ops Manager", text: "Onboarding a new hire means 37 manual steps." },
    { id: "p8", name: "Chen, Platform Lead", text: "Our LP updates take a full week every quarter." },
    { id: "p9", name: "Nora, Recruiter", text: "Good candidates drop out while we wait on calendars." },
    { id: "p10", name: "David, CFO", text: "Nobody trusts the numbers because nobody knows where they came from." },
  ] satisfies PainPointMessage[],
};

export const testimonialsCopy = {
  pill: "Testimonials",
  title: "They speak for us",
  carouselLabel: "Client testimonials",
  previous: "Previous testimonial",
  next: "Next testimonial",
  pause: "Pause testimonials",
  play: "Play testimonials",
};

export const community = {
  pill: "Community",
  title: "Where automation innovators connect & thrive",
  intro: "Join builders, operators and investors who share what works in automation and AI.",
  cards: [
    { title: "Automation Library", description: "Ready-to-use workflows and agent templates you can copy in minutes.", icon: "library" },
    { title: "Resource Packs", description: "Checklists, prompt packs and ROI calculators for every team.", icon: "package" },
    { title: "Expert Courses", description: "Step-by-step courses from practitioners who build for clients.", icon: "graduation" },
    { title: "Flow Sessions", description: "Our premium content series: live teardowns of real automation builds.", icon: "video" },
  ],
  bullets: ["Weekly new automation templates", "Live Q&A with automation experts", "A network of 2,000+ builders and operators"],
  cta: "Start Your Automation Journey",
};

export const faq = {
  pill: "FAQ",
  title: "Frequently asked questions",
  items: [
    {
      question: "What does your studio do?",
      answer:
        "We design, build and run automation systems and AI agents for venture capital firms, sales teams, HR teams and enterprise operations. We combine no-code and low-code tools with custom AI so your team spends less time on repetitive work.",
    },
    {
      question: "What can you automate?",
      answer:
        "Most repetitive, rule-based or research-heavy work: deal flow triage, lead research and outreach, CRM updates, candidate screening and scheduling, onboarding, document processing, reporting and data syncing between your tools.",
    },
    {
      question: "How do we get started?",
      answer:
        "We start with a discovery sprint to map your workflows and pick the highest-ROI opportunities. Then we build a pilot on one workflow to prove the value, and once it works we scale it across teams and processes.",
    },
    {
      question: "What tech stack do you use?",
      answer:
        "We are no-code first with tools like Make, Zapier, n8n and Airtable, and add low-code and custom code (TypeScript and Python) where needed. For AI we use leading language models with retrieval, guardrails and evaluation, connected to your CRM, email, calendar and databases.",
    },
    {
      question: "How do you keep our data secure?",
      answer:
        "We follow recognised compliance standards, encrypt data in transit and at rest, use role-based access so people and agents only see what they need, and keep audit logs of every action. If you prefer, we deploy everything in your own cloud.",
    },
    {
      question: "Who owns the data and IP?",
      answer: "You do. Your data and everything we build for you belong to you. We only license our own reusable frameworks and templates, which stay ours.",
    },
    {
      question: "How much does it cost?",
      answer:
        "Pilots have a fixed scope fee agreed before we start. Production systems move to a subscription plus a usage-based cost for the tools and AI models they run on.",
    },
  ] satisfies FaqItem[],
};

export const contact = {
  pill: "Contact",
  title: "Ready to remove manual work?",
  text: "Tell us where your team loses time. We will come back with a tailored automation plan: what to automate first, how long it takes and what it saves.",
  cta: "Book An Automation Audit",
};

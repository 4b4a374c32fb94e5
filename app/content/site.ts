/** Copy shared by the header, footer and dialogs of every public page. */
export const navigation = {
  services: { label: "Services", href: "/#services" },
  blog: { label: "Blog", href: "/blog" },
  community: { label: "Community" },
  workWithUs: "Work with Us",
  home: "home",
  openMenu: "Open menu",
  closeMenu: "Close menu",
  mainNavLabel: "Main",
  mobileNavLabel: "Mobile",
  skipToContent: "Skip to content",
  newTab: "(opens in a new tab)",
};

export const discoveryDialog = {
  title: "Book a Discovery Call",
  description: "Pick a time that suits you for a free 30-minute call about your workflows.",
  frameTitle: "Scheduling page for a discovery call",
  fallback: "Open the scheduling page in a new tab",
};

export const dialogCopy = { close: "Close dialog" };

export const auditDialog = {
  title: "Book Your Automation Audit",
  description: "Tell us what slows your team down. We reply within one business day with next steps for a free audit.",
  fields: {
    name: { label: "Name", placeholder: "Jane Doe" },
    email: { label: "Work email", placeholder: "jane@company.com" },
    company: { label: "Company", placeholder: "Company name" },
    message: { label: "What would you like to automate?", placeholder: "e.g. triaging inbound decks, updating our CRM after calls..." },
  },
  honeypot: "Leave this field empty",
  figuresNote: "Your figures from the comparison will be included:",
  submit: "Send request",
  submitting: "Sending...",
  success: { title: "Request received", description: "Thanks! We'll be in touch within one business day." },
  /** The dialog's last step, once a request is sent: what happens next, and a way out. */
  next: {
    title: "What happens next",
    intro: "Your request is with us. Here is how it goes from here:",
    steps: [
      { title: "Within one business day", text: (email: string) => `We read what you sent and reply to ${email}.` },
      { title: "A free strategy call", text: () => "We walk through the work with you and find what to automate first." },
      { title: "A custom proposal", text: () => "Scope, timeline and price for a pilot, yours to keep whatever you decide." },
    ],
    done: "Done",
    /** The booking, offered at once (the scheduling page, the name and e-mail prefilled). */
    book: "Book your strategy call now",
  },
  failure: { title: "Could not send your request" },
  networkError: "Network error. Please check your connection and try again.",
  rateLimited: "Too many requests. Please try again in a few minutes.",
  forbidden: "This request was blocked. Please reload the page and try again.",
  saveFailed: "We could not save your request. Please try again in a moment.",
};

/** /audit: the audit request form as a page, for visitors without JavaScript (and anyone linked to it). */
export const auditPage = {
  pill: "Free automation audit",
  sent: {
    title: "Request received",
    text: "Thanks! We'll be in touch within one business day.",
    home: "Back to home",
    blog: "Read our insights",
  },
  call: { text: "Prefer to talk first?", link: "Book a discovery call" },
  errorSummary: "Please correct the fields below:",
};

/** The not-found screen (SPEC.md's texts) and where it points a lost visitor. */
export const notFoundCopy = {
  title: "404",
  text: "Oops! Page not found",
  home: "Return to Home",
  onwardLabel: "Or continue to",
  onward: [
    { label: "Blog", href: "/blog" },
    { label: "Services", href: "/#services" },
    { label: "Contact", href: "/#contact" },
  ],
};

export const footer = {
  tagline: "Automation systems and AI agents for teams that want to move faster.",
  linkedin: "LinkedIn",
  privacy: { label: "Privacy policy", href: "/privacy" },
  terms: { label: "Terms & conditions", href: "/terms" },
  team: { label: "Team", href: "/team" },
  rights: "All rights reserved.",
  navLabel: "Footer",
};

export const pageMeta = {
  home: {
    /** The home page's title after the brand ("Studio | …"); the editor changes it at /admin/site (app/lib/landing-content.ts). */
    headline: "Smarter Systems. Better Outcomes.",
    description:
      "AI automation studio building no-code, low-code and AI agent systems for venture capital firms, sales, HR and enterprise operations. Book your free automation audit.",
  },
  team: {
    title: (brand: string) => `Our Team | ${brand}`,
    description: (brand: string) => `Meet the people behind ${brand}: engineers, operators and investors who build automation systems and AI agents.`,
  },
  privacy: {
    title: (brand: string) => `Privacy Policy | ${brand}`,
    description: (brand: string) => `How ${brand} collects, uses and protects your personal information.`,
  },
  terms: {
    title: (brand: string) => `Terms & Conditions | ${brand}`,
    description: (brand: string) => `The terms that govern your use of the ${brand} website and services.`,
  },
  audit: {
    title: (brand: string) => `Book Your Automation Audit | ${brand}`,
    sentTitle: (brand: string) => `Request received | ${brand}`,
    description: "Request a free automation audit: tell us what slows your team down and we reply within one business day with next steps.",
  },
};

export const teamCopy = {
  title: "Our Team",
  subtitle: "Meet the people behind",
  errorTitle: "Error loading team",
  empty: "Our team page is being updated. Check back soon.",
  linkedin: (name: string) => `${name} on LinkedIn`,
};

/** The Privacy Policy and the Terms & Conditions: sections in order; {email} comes from the site configuration. */
export type LegalSection = { title: string; paragraphs: string[]; list?: string[]; after?: string[]; subsections?: LegalSection[] };

/** Shown before each document's date ("Last updated January 2025"). */
export const LEGAL_LAST_UPDATED = "Last updated";

export const privacyPolicy = {
  title: "Privacy Policy",
  /** When this text last changed (ISO year-month): change it with the text (legal.test.ts fails otherwise). */
  lastUpdated: "2026-11",
  intro: (brand: string) =>
    `${brand} ("we", "us") respects your privacy. This policy explains what we collect when you visit our website or work with us, and how we use it.`,
  sections: [
    {
      title: "Information We Collect",
      paragraphs: ["We collect information you give us and a minimum of technical data needed to run the site:"],
      list: [
        "Contact details you send us, such as your name, work email, company and what you would like to automate.",
        "Details you share when you book a call through our scheduling page.",
        "Basic technical data such as your IP address and browser type, kept in server logs for security.",
      ],
      subsections: [
        {
          title: "Visit Statistics",
          paragraphs: [
            "We count visits with our own cookieless analytics. It sets no cookie, stores nothing in your browser and keeps neither your IP address nor your browser type. For each page view or action we record:",
          ],
          list: [
            "The path of the page and the day.",
            "What happened: a page view, a call-to-action clicked (and which one), the audit dialog opened, an audit request sent, the 'Work with Us' dialog opened, or a call booked in the scheduling frame.",
            "The domain of the site that linked to us, the utm_source, utm_medium and utm_campaign of the link you followed, and the page you landed on.",
            "A visitor code: 16 characters of a one-way hash of a random value that changes every day, our site's address, your IP address and your browser type. The day's random value is deleted after two days, so the code cannot be traced back to you or linked across days.",
          ],
          after: [
            "These records are deleted after 30 days; only daily totals are kept, and those for 25 months. Nothing is recorded when your browser sends Do Not Track or Global Privacy Control, nor for search engines and other bots. When you send an audit request, the page you landed on, the page you sent it from, the referring domain and the UTM values of that day's first visit are stored with it.",
          ],
        },
      ],
    },
    {
      title: "How We Use Your Information",
      paragraphs: [
        "We use your information to answer your requests, prepare proposals, deliver our services, keep the site secure and, if you agree, send you updates. We do not sell your personal information.",
      ],
    },
    {
      title: "Information Sharing",
      paragraphs: [
        "We share information only with service providers that help us run our business (hosting, email, scheduling), under agreements that protect it, or when the law requires it.",
      ],
    },
    {
      title: "Data Security",
      paragraphs: [
        "We protect your information with encryption in transit, access controls and regular reviews. No method of transmission or storage is completely secure, but we work hard to keep your data safe.",
      ],
    },
    {
      title: "Your Rights",
      paragraphs: [
        "You may ask to access, correct, export or delete your personal information, and object to or restrict how we use it. Contact us and we will respond within 30 days.",
      ],
    },
  ] satisfies LegalSection[],
  contactTitle: "Contact Us",
  contactText: "Questions about this policy or your data? Write to us at",
};

export const termsAndConditions = {
  title: "Terms & Conditions",
  /** When this text last changed (ISO year-month): change it with the text (legal.test.ts fails otherwise). */
  lastUpdated: "2025-01",
  intro: (brand: string) => `These terms govern your use of the ${brand} website and the services we provide. Please read them carefully.`,
  sections: [
    {
      title: "Acceptance of Terms",
      paragraphs: ["By using this website or our services you agree to these terms. If you do not agree, please do not use them."],
    },
    {
      title: "Description of Services",
      paragraphs: [
        "We design, build and maintain automation systems and AI agents, and offer audits, advisory and training. The scope of each engagement is set out in a separate proposal or agreement.",
      ],
    },
    {
      title: "User Responsibilities",
      paragraphs: [
        "You agree to give accurate information, to use the website lawfully, and not to attempt to disrupt, probe or gain unauthorised access to it.",
      ],
    },
    {
      title: "Intellectual Property",
      paragraphs: [
        "Content on this website belongs to us or our licensors. Work we build for clients belongs to the client as agreed in the engagement; our reusable frameworks and templates remain ours and are licensed for use.",
      ],
    },
    {
      title: "Limitation of Liability",
      paragraphs: ["The website is provided as is. To the extent the law allows, we are not liable for indirect or consequential losses arising from its use."],
    },
    {
      title: "Termination",
      paragraphs: ["We may suspend or end access to the website at any time if these terms are breached."],
    },
    {
      title: "Governing Law",
      paragraphs: ["These terms are governed by the laws of the jurisdiction where we are registered, and its courts have exclusive jurisdiction."],
    },
  ] satisfies LegalSection[],
  contactTitle: "Contact Information",
  contactText: "Questions about these terms? Write to us at",
};

/**
 * What the generated share images (Open Graph, 1200×630) of the public pages say: a small label
 * above a large title. Posts use their category and title instead (app/lib/og.ts).
 * Kept apart from the pages' own copy so that every page's `meta` can reach it without pulling
 * the landing or legal texts into the JavaScript of the other pages.
 */
export const ogPageCards = {
  home: { eyebrow: "AI automation studio", title: "Smarter Systems. Better Outcomes." },
  blog: { eyebrow: "Insights", title: "Stories and case studies on AI automation, venture capital and scalable systems" },
  team: { eyebrow: "Our Team", title: "Meet the people behind the systems" },
  privacy: { eyebrow: "Legal", title: "Privacy Policy" },
  terms: { eyebrow: "Legal", title: "Terms & Conditions" },
  audit: { eyebrow: "Free automation audit", title: "Book Your Automation Audit" },
} as const;

export type OgPage = keyof typeof ogPageCards;

/** Copy of the public case-study pages (/case-studies and /case-studies/{slug}). */

export const CASE_STUDIES_NAME = "Case Studies";

export const caseStudyList = {
  meta: {
    title: "Case studies: automation results in hours, errors and cost",
    description: "Published results of our automation work: the problem, what we built, the tools, and the figures before and after.",
  },
  hero: {
    pill: "Results",
    title: CASE_STUDIES_NAME,
    subtitle: "Real workflows we automated, with the hours, error rates and costs before and after, in the units of our comparison.",
  },
  heading: "All case studies",
  featured: "Featured",
  readMore: "Read the case study",
  empty: "No case studies are published yet.",
  /** Linked from the blog's hero. */
  blogLink: "Read our case studies",
};

/** The landing page's row of featured case studies, under the comparison (nothing when none is featured). */
export const featuredCaseStudies = {
  title: "Results from firms like yours",
  all: "All case studies",
};

export const caseStudyPage = {
  back: "All case studies",
  clientLabel: "Client",
  industryLabel: "Industry",
  resultsHeading: "Results",
  beforeLabel: "Before",
  afterLabel: "After",
  /** What each figure's change is called beside its before → after. */
  change: (percent: number) => `${percent}% less`,
  problemHeading: "The problem",
  solutionHeading: "What we built",
  toolsHeading: "Tools",
  callout: {
    title: "Want results like these?",
    text: "Tell us which manual work costs you the most hours, and we'll show you what automating it could look like.",
    button: "Book Your Automation Audit",
  },
  notFound: "The case study you're looking for doesn't exist.",
};

import type { FormValues } from "~/lib/form-result";
import type { LandingSectionName } from "~/lib/landing-content";

/**
 * For each landing section made editable after the first five: a bad value (the field it is
 * reported on and its message) and a good change with a text the page then shows, as HTML has it.
 */
export type SectionCase = {
  name: string;
  section: LandingSectionName;
  bad: (values: FormValues) => FormValues;
  field: string;
  message: string;
  good: (values: FormValues) => FormValues;
  shows: string;
};

/** A repeated field's values with the one at `index` replaced. */
export const replaced = (values: FormValues, name: string, index: number, value: string) => {
  const list = [...(values[name] as string[])];
  list[index] = value;
  return list;
};

export const sectionCases: SectionCase[] = [
  {
    name: "who we are",
    section: "who",
    bad: (v) => ({ ...v, statValue: replaced(v, "statValue", 2, "lots") }),
    field: "statValue.2",
    message: "Figure must be a number.",
    good: (v) => ({ ...v, whoTitle: "Engineers who ship", statValue: replaced(v, "statValue", 1, "250"), statSuffix: replaced(v, "statSuffix", 1, "x") }),
    shows: 'data-counter="250" data-counter-suffix="x"',
  },
  {
    name: "pain points",
    section: "problems",
    bad: (v) => ({ ...v, quoteText: replaced(v, "quoteText", 3, "  ") }),
    field: "quoteText.3",
    message: "Quote is required.",
    // A new quote first, the rest after it.
    good: (v) => ({
      ...v,
      quoteName: ["Priya, CTO", ...(v.quoteName as string[])],
      quoteText: ["Our agents need a babysitter.", ...(v.quoteText as string[])],
    }),
    shows: '“Our agents need a babysitter.”</p><p class="text-xs text-muted">Priya, CTO</p>',
  },

  {
    name: "trusted by",
    section: "trustedBy",
    bad: (v) => ({ ...v, logoUrl: replaced(v, "logoUrl", 2, "quanta labs") }),
    field: "logoUrl.2",
    message: "Company link must be a web address starting with https://.",
    good: (v) => ({
      ...v,
      logoName: replaced(v, "logoName", 0, "Acme Robotics"),
      logoLabel: replaced(v, "logoLabel", 0, ""),
      logoUrl: replaced(v, "logoUrl", 0, "https://acme.example"),
    }),
    shows: '<a href="https://acme.example"',
  },

  {
    name: "offerings",
    section: "offerings",
    bad: (v) => ({ ...v, featureIcon: replaced(v, "featureIcon", 9, "rocket") }),
    field: "featureIcon.9",
    message: "Feature icon must be one of the icons offered.",
    // The third offering's second feature.
    good: (v) => ({
      ...v,
      featureDescription: replaced(v, "featureDescription", 9, "Research done while you sleep."),
      offeringLabel: replaced(v, "offeringLabel", 2, "GTM"),
    }),
    shows: ">Research done while you sleep.<",
  },
  {
    name: "services",
    section: "services",
    bad: (v) => ({ ...v, serviceUseCases: replaced(v, "serviceUseCases", 1, "a\nb\nc\nd\ne\nf\ng\nh\ni") }),
    field: "serviceUseCases.1",
    message: "At most 8 use cases.",
    good: (v) => ({
      ...v,
      serviceTitle: replaced(v, "serviceTitle", 3, "Operations at any scale"),
      serviceUseCases: replaced(v, "serviceUseCases", 3, "Invoice matching\nVendor onboarding"),
    }),
    shows: ">Vendor onboarding</li>",
  },
  {
    name: "before & after",
    section: "comparison",
    bad: (v) => ({ ...v, afterCost: "1500" }),
    field: "afterCost",
    message: "After cost must not be more than Before cost.",
    good: (v) => ({ ...v, beforeTime: "40", afterTime: "5", ruleCostPercent: "20" }),
    shows: 'data-testid="after-time">5 hours</span>',
  },
];

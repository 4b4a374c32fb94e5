import type { FormValues } from "~/lib/form-result";
import type { LandingSectionName } from "~/lib/landing-content";

/** A bad value: the fields with it, the field it is reported on and its message. */
export type Refusal = { bad: (values: FormValues) => FormValues; field: string; message: string };

/**
 * For each landing section made editable after the first five: a bad value (the field it is
 * reported on and its message), for the later ones more (`refusals`: empty, too long), and a good
 * change with a text the page then shows, as HTML has it.
 */
export type SectionCase = Refusal & {
  name: string;
  section: LandingSectionName;
  refusals?: Refusal[];
  good: (values: FormValues) => FormValues;
  shows: string;
};

const long = (n: number) => "x".repeat(n + 1);

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
  {
    name: "community",
    section: "community",
    // A card's icon outside the shipped set.
    bad: (v) => ({ ...v, communityCardIcon: replaced(v, "communityCardIcon", 2, "rocket") }),
    field: "communityCardIcon.2",
    message: "Card icon must be one of the icons offered.",
    refusals: [
      { bad: (v) => ({ ...v, communityTitle: "   " }), field: "communityTitle", message: "Section title is required." },
      {
        bad: (v) => ({ ...v, communityBullet: replaced(v, "communityBullet", 1, long(60)) }),
        field: "communityBullet.1",
        message: "Point must be at most 60 characters.",
      },
      { bad: (v) => ({ ...v, communityBullet: [] }), field: "communityBullets", message: "Keep at least one point." },
    ],
    good: (v) => ({
      ...v,
      communityTitle: "Where builders meet",
      communityCardDescription: replaced(v, "communityCardDescription", 1, "Checklists for every team."),
      communityBullet: ["Monthly meetups", ...(v.communityBullet as string[])],
      communityCta: "Join the community",
    }),
    shows: 'id="community-title" class="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-5xl">Where builders meet</h2>',
  },
  {
    name: "testimonials' heading",
    section: "testimonials",
    // A crafted form without the field at all.
    bad: ({ testimonialsPill: _pill, ...v }) => v,
    field: "testimonialsPill",
    message: "Label above the title is required.",
    refusals: [
      { bad: (v) => ({ ...v, testimonialsTitle: "" }), field: "testimonialsTitle", message: "Section title is required." },
      { bad: (v) => ({ ...v, testimonialsTitle: long(120) }), field: "testimonialsTitle", message: "Section title must be at most 120 characters." },
    ],
    good: (v) => ({ ...v, testimonialsPill: "Clients", testimonialsTitle: "In their words" }),
    shows: 'id="testimonials-title" class="mt-4 text-3xl font-bold tracking-tight text-balance sm:text-5xl">In their words</h2>',
  },
  {
    name: "before & after story and metrics' words",
    section: "comparison",
    // A crafted form without a side's headline.
    bad: ({ comparisonBeforeHeadline: _headline, ...v }) => v,
    field: "comparisonBeforeHeadline",
    message: "Before headline is required.",
    refusals: [
      {
        bad: (v) => ({ ...v, comparisonBeforeSubhead: long(240) }),
        field: "comparisonBeforeSubhead",
        message: "Before subhead must be at most 240 characters.",
      },
      { bad: (v) => ({ ...v, metricTimeLabel: "" }), field: "metricTimeLabel", message: "Hours label is required." },
      {
        bad: (v) => ({ ...v, metricErrorRateAfterCaption: long(120) }),
        field: "metricErrorRateAfterCaption",
        message: "After error rate caption must be at most 120 characters.",
      },
    ],
    good: (v) => ({ ...v, comparisonAfterHeadline: "Calm and quick", metricTimeLabel: "Hours on data work" }),
    shows: ">Calm and quick</h3>",
  },
  {
    name: "services' tools and stack",
    section: "services",
    bad: (v) => ({ ...v, stackTitle: [...(v.stackTitle as string[]), "Extra"], stackItems: [...(v.stackItems as string[]), ""] }),
    field: "stackItems.3",
    message: "List at least one item in the group.",
    refusals: [
      { bad: (v) => ({ ...v, servicesToolsLabel: "" }), field: "servicesToolsLabel", message: "Tools heading is required." },
      {
        bad: (v) => ({ ...v, serviceTools: replaced(v, "serviceTools", 2, `Slack\n${long(60)}`) }),
        field: "serviceTools.2",
        message: "Each tool must be at most 60 characters.",
      },
      {
        bad: (v) => ({ ...v, stackTitle: ["a", "b", "c", "d", "e"], stackItems: ["a", "b", "c", "d", "e"] }),
        field: "servicesStack",
        message: "At most 4 stack groups.",
      },
    ],
    good: (v) => ({
      ...v,
      serviceTools: replaced(v, "serviceTools", 1, "Pipedrive\nSlack"),
      stackTitle: replaced(v, "stackTitle", 0, "Data and APIs"),
      servicesStackLabel: "Our stack",
    }),
    shows: "</svg>Pipedrive</li>",
  },
  {
    name: "partners",
    section: "who",
    bad: (v) => ({ ...v, partnerUrl: replaced(v, "partnerUrl", 1, "javascript:alert(1)") }),
    field: "partnerUrl.1",
    message: "Partner link must be a web address starting with https://.",
    refusals: [
      { bad: (v) => ({ ...v, partnerName: replaced(v, "partnerName", 0, "") }), field: "partnerName.0", message: "Partner name is required." },
      {
        bad: (v) => ({ ...v, partnerName: replaced(v, "partnerName", 3, long(60)) }),
        field: "partnerName.3",
        message: "Partner name must be at most 60 characters.",
      },
      { bad: (v) => ({ ...v, partnerName: [], partnerUrl: [] }), field: "whoPartners", message: "Keep at least one partner." },
    ],
    good: (v) => ({
      ...v,
      partnerName: [...(v.partnerName as string[]), "Pipedream"],
      partnerUrl: [...(v.partnerUrl as string[]), "https://pipedream.example"],
    }),
    shows: '<a href="https://pipedream.example"',
  },
];

/** The "Before & After" comparison: its copy, default figures and After rules. */
export const COMPARISON_INITIAL_SPLIT = 80;
export const COMPARISON_KEY_STEP = 2;

/** After = Before × factor, at least min, rounded to `decimals` (PRODUCT.md: cost 15 %, so the defaults $1200 → $180 follow the rule). */
export const COMPARISON_RULES = {
  time: { factor: 0.12, min: 0.1, decimals: 1 },
  errorRate: { factor: 0.1, min: 0.1, decimals: 1 },
  cost: { factor: 0.15, min: 50, decimals: 0 },
} as const;

export type ComparisonMetricCopy = { key: "time" | "errorRate" | "cost"; label: string; unit: "hours" | "%" | "$"; caption: string };

/**
 * The frame's own words, which stay in code: the island (app/components/landing/comparison-section.tsx)
 * imports these and not `comparisonCopy`, whose texts reach it as props once edited at /admin/site.
 */
export const comparisonFrameCopy = {
  sliderLabel: "Comparison divider",
  /** The readout under the figures: each metric's Before → After, always in view, whatever the divider shows. */
  readoutLabel: "Before → After",
  readoutSuffix: { time: "a week", errorRate: "of records", cost: "a week" },
  /** Under the readout: the published case study closest to the figures ("A firm like yours went from 40 h to 5 h a week."). */
  closestCase: { lead: "A firm like yours went from", link: "Read the case study" },
  /** Each side's badge in the frame's top corner. */
  badges: { before: "Before", after: "After" },
};

/** The comparison's editable texts and figures as shipped: the default of the landing content's `comparison` (app/lib/landing-sections/comparison.ts). */
export const comparisonCopy = {
  pill: "Before & After",
  title: "See The Transformation",
  intro: "Drag the divider to compare a typical week before and after we automate it. Click a Before figure to enter your own.",
  footnote: "Approximate data according to average of clients we've served",
  before: {
    headline: "Manual, fragile, slow",
    subhead: "Copy-paste between tools, spreadsheets that drift and people doing robot work.",
    values: { time: "17", errorRate: "8", cost: "1200" },
    metrics: [
      { key: "time", label: "Data processing time", unit: "hours", caption: "every week on manual data work" },
      { key: "errorRate", label: "Error rate", unit: "%", caption: "of records need rework" },
      { key: "cost", label: "Manual labor cost", unit: "$", caption: "spent every week on repetitive tasks" },
    ] satisfies ComparisonMetricCopy[],
  },
  after: {
    headline: "Automated, reliable, fast",
    subhead: "Agents and workflows move the data; your people handle the judgment calls.",
    values: { time: "2", errorRate: "0.8", cost: "180" },
    metrics: [
      { key: "time", label: "Data processing time", unit: "hours", caption: "with agents doing the heavy lifting" },
      { key: "errorRate", label: "Error rate", unit: "%", caption: "with validation built into every step" },
      { key: "cost", label: "Manual labor cost", unit: "$", caption: "tools replacing manual hours" },
    ] satisfies ComparisonMetricCopy[],
  },
};

import { z } from "zod";
import { comparisonCopy, COMPARISON_RULES, type ComparisonMetricCopy } from "~/content/comparison";
import { LANDING_LIMITS, text, typedNumber, type SectionForm } from "../landing-schema-kit";
import type { ComparisonFigures, ComparisonKey, ComparisonRules } from "../comparison";

/**
 * The Before & After comparison: its texts, the figures it starts with (Before and After) and the
 * rules that turn a visitor's Before into After (After = a share of Before, at least a minimum;
 * PRODUCT.md: 12 % of the hours, 10 % of the error rate, 15 % of the cost, minimum 50). Ranges
 * are checked so the comparison always makes sense: every figure a number in its metric's range,
 * After never above Before, a share from 1 to 99 %.
 */
export const COMPARISON_KEYS = ["time", "errorRate", "cost"] as const;
type Key = (typeof COMPARISON_KEYS)[number];

/** Each metric's name in the editor's messages and its largest sensible figure (the hours of a week, a percentage, a week's cost). */
const METRIC: Record<Key, { label: string; max: number }> = {
  time: { label: "hours", max: 168 },
  errorRate: { label: "error rate", max: 100 },
  cost: { label: "cost", max: 1_000_000 },
};

const figure = (label: string, max: number) =>
  z
    .number({ message: `${label} must be a number.` })
    .min(0, `${label} must be at least 0.`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")}.`);

const figures = (side: "Before" | "After") =>
  z.object(
    Object.fromEntries(COMPARISON_KEYS.map((key) => [key, figure(`${side} ${METRIC[key].label}`, METRIC[key].max)])) as Record<Key, ReturnType<typeof figure>>,
  );

const rule = (key: Key) =>
  z.object({
    percent: figure(`Share of ${METRIC[key].label}`, 99).min(1, `Share of ${METRIC[key].label} must be at least 1.`),
    min: figure(`Least ${METRIC[key].label}`, METRIC[key].max),
  });

/** A side's story over its figures: a headline and a subhead. */
const story = (side: "Before" | "After") =>
  z.object({ headline: text(`${side} headline`, LANDING_LIMITS.short), subhead: text(`${side} subhead`, LANDING_LIMITS.title * 2) });

/** A metric's words: its label (both sides) and the caption under it on each side. */
const metricText = (key: Key) => {
  const name = METRIC[key].label[0]!.toUpperCase() + METRIC[key].label.slice(1);
  return z.object({
    label: text(`${name} label`, LANDING_LIMITS.short),
    beforeCaption: text(`Before ${METRIC[key].label} caption`, LANDING_LIMITS.title),
    afterCaption: text(`After ${METRIC[key].label} caption`, LANDING_LIMITS.title),
  });
};

const shippedMetric = (key: Key) => ({
  label: comparisonCopy.before.metrics.find((m) => m.key === key)!.label,
  beforeCaption: comparisonCopy.before.metrics.find((m) => m.key === key)!.caption,
  afterCaption: comparisonCopy.after.metrics.find((m) => m.key === key)!.caption,
});
const SHIPPED_STORY = {
  before: { headline: comparisonCopy.before.headline, subhead: comparisonCopy.before.subhead },
  after: { headline: comparisonCopy.after.headline, subhead: comparisonCopy.after.subhead },
};
const SHIPPED_METRICS = { time: shippedMetric("time"), errorRate: shippedMetric("errorRate"), cost: shippedMetric("cost") };

export const comparisonSchema = z
  .object({
    pill: text("Label above the title", LANDING_LIMITS.short),
    title: text("Section title", LANDING_LIMITS.title),
    intro: text("Text", LANDING_LIMITS.text),
    footnote: text("Footnote", LANDING_LIMITS.title * 2),
    // A document stored before the story and the metrics' words were editable: the shipped ones, the rest kept.
    story: z.object({ before: story("Before"), after: story("After") }).default(() => structuredClone(SHIPPED_STORY)),
    metrics: z
      .object({ time: metricText("time"), errorRate: metricText("errorRate"), cost: metricText("cost") })
      .default(() => structuredClone(SHIPPED_METRICS)),
    before: figures("Before"),
    after: figures("After"),
    rules: z.object({ time: rule("time"), errorRate: rule("errorRate"), cost: rule("cost") }),
  })
  .superRefine((c, ctx) => {
    for (const key of COMPARISON_KEYS)
      if (c.after[key] > c.before[key])
        ctx.addIssue({ code: "custom", path: ["after", key], message: `After ${METRIC[key].label} must not be more than Before ${METRIC[key].label}.` });
  });

export type ComparisonContent = z.output<typeof comparisonSchema>;

export const DEFAULT_COMPARISON: ComparisonContent = {
  pill: comparisonCopy.pill,
  title: comparisonCopy.title,
  intro: comparisonCopy.intro,
  footnote: comparisonCopy.footnote,
  story: SHIPPED_STORY,
  metrics: SHIPPED_METRICS,
  before: {
    time: Number(comparisonCopy.before.values.time),
    errorRate: Number(comparisonCopy.before.values.errorRate),
    cost: Number(comparisonCopy.before.values.cost),
  },
  after: {
    time: Number(comparisonCopy.after.values.time),
    errorRate: Number(comparisonCopy.after.values.errorRate),
    cost: Number(comparisonCopy.after.values.cost),
  },
  rules: {
    time: { percent: Math.round(COMPARISON_RULES.time.factor * 100), min: COMPARISON_RULES.time.min },
    errorRate: { percent: Math.round(COMPARISON_RULES.errorRate.factor * 100), min: COMPARISON_RULES.errorRate.min },
    cost: { percent: Math.round(COMPARISON_RULES.cost.factor * 100), min: COMPARISON_RULES.cost.min },
  },
};

/** The form's field for each figure and rule: beforeTime, afterCost, ruleErrorRatePercent, ruleCostMin… */
const cap = (key: Key) => key[0]!.toUpperCase() + key.slice(1);
const FIELD: Record<string, string> = {
  pill: "comparisonPill",
  title: "comparisonTitle",
  intro: "comparisonIntro",
  footnote: "comparisonFootnote",
  story: "comparisonStory",
  metrics: "comparisonMetrics",
};
/** A side's story field ("comparisonBeforeHeadline") and a metric's words' field ("metricTimeLabel", "metricCostAfterCaption"). */
const storyField = (side: string, part: string) => `comparison${cap(side as Key)}${part === "headline" ? "Headline" : "Subhead"}`;
const metricField = (key: Key, part: string) => `metric${cap(key)}${cap(part as Key)}`;
const SIDES = ["before", "after"] as const;
const METRIC_PARTS = ["label", "beforeCaption", "afterCaption"] as const;

export const comparisonForm: SectionForm<ComparisonContent> = {
  multi: [],
  read: (f) => ({
    pill: f.text("comparisonPill"),
    title: f.text("comparisonTitle"),
    intro: f.text("comparisonIntro"),
    footnote: f.text("comparisonFootnote"),
    story: Object.fromEntries(SIDES.map((side) => [side, { headline: f.text(storyField(side, "headline")), subhead: f.text(storyField(side, "subhead")) }])),
    metrics: Object.fromEntries(COMPARISON_KEYS.map((key) => [key, Object.fromEntries(METRIC_PARTS.map((part) => [part, f.text(metricField(key, part))]))])),
    before: Object.fromEntries(COMPARISON_KEYS.map((key) => [key, typedNumber(f.text(`before${cap(key)}`))])),
    after: Object.fromEntries(COMPARISON_KEYS.map((key) => [key, typedNumber(f.text(`after${cap(key)}`))])),
    rules: Object.fromEntries(
      COMPARISON_KEYS.map((key) => [key, { percent: typedNumber(f.text(`rule${cap(key)}Percent`)), min: typedNumber(f.text(`rule${cap(key)}Min`)) }]),
    ),
  }),
  values: (c) => ({
    comparisonPill: c.pill,
    comparisonTitle: c.title,
    comparisonIntro: c.intro,
    comparisonFootnote: c.footnote,
    ...Object.fromEntries(
      SIDES.flatMap((side) => [
        [storyField(side, "headline"), c.story[side].headline],
        [storyField(side, "subhead"), c.story[side].subhead],
      ]),
    ),
    ...Object.fromEntries(COMPARISON_KEYS.flatMap((key) => METRIC_PARTS.map((part) => [metricField(key, part), c.metrics[key][part]]))),
    ...Object.fromEntries(
      COMPARISON_KEYS.flatMap((key) => [
        [`before${cap(key)}`, String(c.before[key])],
        [`after${cap(key)}`, String(c.after[key])],
        [`rule${cap(key)}Percent`, String(c.rules[key].percent)],
        [`rule${cap(key)}Min`, String(c.rules[key].min)],
      ]),
    ),
  }),
  fieldOf: ([key, metric, part]) => {
    if ((key === "before" || key === "after") && metric) return `${key}${cap(metric as Key)}`;
    if (key === "rules" && metric && part) return `rule${cap(metric as Key)}${part === "percent" ? "Percent" : "Min"}`;
    if (key === "story" && metric && part) return storyField(metric, part);
    if (key === "metrics" && metric && part) return metricField(metric as Key, part);
    return FIELD[key ?? ""];
  },
};

/** The rules as app/lib/comparison.ts applies them: each share as a factor, the decimals the shipped ones. */
export function comparisonRules(rules: Record<ComparisonKey, { percent: number; min: number }>): ComparisonRules {
  const rule = (key: ComparisonKey) => ({ factor: rules[key].percent / 100, min: rules[key].min, decimals: COMPARISON_RULES[key].decimals });
  return { time: rule("time"), errorRate: rule("errorRate"), cost: rule("cost") };
}

/** Figures given as numbers, as the comparison holds them (typed text). */
export const figureText = (f: Record<ComparisonKey, number>): ComparisonFigures => ({
  time: String(f.time),
  errorRate: String(f.errorRate),
  cost: String(f.cost),
});

/**
 * The comparison island's props (app/components/landing/comparison-section.tsx): the content with
 * its figures as text and its rules as applied, worked out on the server so the island carries no
 * conversion code.
 */
export type ComparisonProps = Pick<ComparisonContent, "footnote" | "story"> & {
  /** Each side's metrics in order, with their words as edited and their shipped keys and units. */
  metrics: Record<"before" | "after", ComparisonMetricCopy[]>;
  before: ComparisonFigures;
  after: ComparisonFigures;
  rules: ComparisonRules;
};

export function comparisonProps({ footnote, story, metrics, before, after, rules }: ComparisonContent): ComparisonProps {
  const side = (s: "before" | "after") =>
    comparisonCopy[s].metrics.map(({ key, unit }) => ({ key, unit, label: metrics[key].label, caption: metrics[key][`${s}Caption`] }));
  return {
    footnote,
    story,
    metrics: { before: side("before"), after: side("after") },
    before: figureText(before),
    after: figureText(after),
    rules: comparisonRules(rules),
  };
}

import { COMPARISON_RULES } from "~/content/comparison";

/** The three comparison figures, kept as typed text (a Before input accepts any text). */
export type ComparisonFigures = { time: string; errorRate: string; cost: string };
export type ComparisonKey = keyof ComparisonFigures;

function parse(value: string) {
  const cleaned = value.replace(/[$,%\s]/g, "").replace(/hours?$/i, "");
  if (cleaned === "") return Number.NaN;
  return Number(cleaned);
}

function round(value: number, decimals: number) {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Each metric's rule: After = Before × factor, at least min, rounded to `decimals`. */
export type ComparisonRules = Record<ComparisonKey, { factor: number; min: number; decimals: number }>;

/** One After figure from one Before figure (the product rule: 12 %, 10 %, 15 % of Before, each with its minimum); non-numeric input gives the rule's minimum. */
export function afterValue(key: ComparisonKey, before: string, rules: ComparisonRules = COMPARISON_RULES): string {
  const rule = rules[key];
  const number = parse(before);
  if (!Number.isFinite(number)) return formatNumber(rule.min, rule.decimals);
  return formatNumber(Math.max(rule.min, round(number * rule.factor, rule.decimals)), rule.decimals);
}

function formatNumber(value: number, decimals: number) {
  return decimals === 0 ? String(Math.round(value)) : value.toFixed(decimals);
}

/** Every After figure recomputed from the Before figures. */
export function afterFigures(before: ComparisonFigures, rules: ComparisonRules = COMPARISON_RULES): ComparisonFigures {
  return {
    time: afterValue("time", before.time, rules),
    errorRate: afterValue("errorRate", before.errorRate, rules),
    cost: afterValue("cost", before.cost, rules),
  };
}

/** The divider position, clamped to 0-100 percent. */
export function clampPercent(value: number) {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** A figure with its unit: "$1200", "8%", "17 hours". */
export function formatMetric(value: string, unit: string) {
  if (unit === "$") return `$${value}`;
  if (unit === "%") return `${value}%`;
  return `${value} ${unit}`;
}

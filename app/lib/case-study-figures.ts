/**
 * A case study's figures in the comparison's units, without the form's schema: what the landing
 * page's comparison island needs (app/lib/closest-case-study.ts) stays free of Zod.
 */
export type CaseStudyFigureKey = "hours" | "errorRate" | "cost";

/** A figure's value as the pages write it: "40 h", "8%", "$1,200" (a week is said beside it). */
export function formatFigure(key: CaseStudyFigureKey, value: number): string {
  const number = value.toLocaleString("en-US", { maximumFractionDigits: 1 });
  if (key === "cost") return `$${number}`;
  if (key === "errorRate") return `${number}%`;
  return `${number} h`;
}

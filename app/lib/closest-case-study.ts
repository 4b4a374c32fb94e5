import { formatFigure, type CaseStudyFigureKey } from "./case-study-figures";
import type { ComparisonFigures, ComparisonKey } from "./comparison";
// Types only (erased from the bundle): the comparison island does not load the case studies' Zod schema.
import type { CaseStudyFigures, CaseStudyText } from "./case-study";

/**
 * "A firm like yours": the published case study whose Before figures are nearest the figures a
 * visitor typed into the landing page's comparison (decision 0051, amended 2026-11-28).
 */

/** What the landing page's comparison knows of a published case study (few bytes: it travels as island props). */
export type ComparisonCaseStudy = {
  slug: string;
  title: string;
  client: string;
  /** Each figure's before and after, in the comparison's units; null where the case study did not measure it. */
  hours: [number, number] | null;
  errorRate: [number, number] | null;
  cost: [number, number] | null;
};

/** The comparison's figures and the case study's figures, unit for unit (hours a week, % of records, $ a week). */
const UNITS: readonly { figure: CaseStudyFigureKey; typed: ComparisonKey }[] = [
  { figure: "hours", typed: "time" },
  { figure: "errorRate", typed: "errorRate" },
  { figure: "cost", typed: "cost" },
];

/** A typed figure as a number ("$1,200" and "8%" read as numbers); null when it is not one or is negative. */
function typedNumber(value: string): number | null {
  const cleaned = value.replace(/[$,%\s]/g, "").replace(/hours?$/i, "");
  if (cleaned === "") return null;
  const number = Number(cleaned);
  return Number.isFinite(number) && number >= 0 ? number : null;
}

/** How far apart two figures of one unit are, from 0 (equal) to 1: |a − b| / max(a, b), so hours, percent and dollars weigh alike. */
function relativeDifference(a: number, b: number) {
  const larger = Math.max(a, b);
  return larger === 0 ? 0 : Math.abs(a - b) / larger;
}

/**
 * The distance between typed Before figures and a case study's before figures: the mean over the
 * three units of their relative difference (0 to 1 each); a unit the visitor left without a number
 * or the case study did not measure counts as the farthest (1). 0 means the same firm, 1 nothing in common.
 */
export function caseStudyDistance(typed: ComparisonFigures, study: ComparisonCaseStudy): number {
  let total = 0;
  for (const { figure, typed: key } of UNITS) {
    const mine = typedNumber(typed[key]);
    const theirs = study[figure];
    total += mine === null || theirs === null ? 1 : relativeDifference(mine, theirs[0]);
  }
  return total / UNITS.length;
}

/** The nearest case study to the typed figures (on a tie, the earlier one: the list comes featured first, then newest); null when there are none. */
export function closestCaseStudy(typed: ComparisonFigures, studies: readonly ComparisonCaseStudy[]): ComparisonCaseStudy | null {
  let best: ComparisonCaseStudy | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const study of studies) {
    const distance = caseStudyDistance(typed, study);
    if (distance < bestDistance) {
      best = study;
      bestDistance = distance;
    }
  }
  return best;
}

/** The case study's headline figure, "40 h to 5 h a week": its first measured one, in the comparison's order. */
export function headlineFigure(study: ComparisonCaseStudy): string | null {
  for (const { figure } of UNITS) {
    const pair = study[figure];
    if (!pair) continue;
    const per = figure === "errorRate" ? "of records" : "a week";
    return `${formatFigure(figure, pair[0])} to ${formatFigure(figure, pair[1])} ${per}`;
  }
  return null;
}

/** A published case study's stored figures as the comparison carries them. */
export function comparisonCaseStudy(row: Pick<CaseStudyText, "slug" | "title" | "client"> & CaseStudyFigures): ComparisonCaseStudy {
  const pair = (before: number | null, after: number | null): [number, number] | null => (before === null || after === null ? null : [before, after]);
  return {
    slug: row.slug,
    title: row.title,
    client: row.client,
    hours: pair(row.hoursBefore, row.hoursAfter),
    errorRate: pair(row.errorRateBefore, row.errorRateAfter),
    cost: pair(row.costBefore, row.costAfter),
  };
}

import { z } from "zod";
import { formatFigure, type CaseStudyFigureKey } from "./case-study-figures";
import { SLUG_PATTERN } from "./text";
import { fromLocalInput } from "./publication-date";
import { checkbox, imageUrl, LIMITS, nullableText, optionalText, publishedAtField, text, timeZoneField } from "./admin-validation";

/**
 * Case studies, shared by the server and the screens: the three figures in the comparison's own
 * units (app/content/comparison.ts: hours of data work a week, error rate in percent of records,
 * manual labour cost in dollars a week), how they are written, and the admin form's schema.
 */

export { formatFigure, type CaseStudyFigureKey };

/** One figure's name and unit, in the comparison's words. */
export const CASE_STUDY_FIGURES: readonly { key: CaseStudyFigureKey; label: string; unit: string; max: number }[] = [
  { key: "hours", label: "Data processing time", unit: "hours a week", max: 168 },
  { key: "errorRate", label: "Error rate", unit: "% of records", max: 100 },
  { key: "cost", label: "Manual labor cost", unit: "$ a week", max: 10_000_000 },
];

/** What a case study says, as stored and as the demo content gives it (besides its figures, cover and dates). */
export type CaseStudyText = {
  title: string;
  slug: string;
  client: string;
  industry: string;
  summary: string;
  problem: string;
  solution: string;
  tools: string[];
  quote: string | null;
  quoteAuthor: string | null;
  quoteRole: string | null;
};

export type CaseStudyFigures = {
  hoursBefore: number | null;
  hoursAfter: number | null;
  errorRateBefore: number | null;
  errorRateAfter: number | null;
  costBefore: number | null;
  costAfter: number | null;
};

/** The measured figures of a case study, in display order: each with its before and after. */
export function measuredFigures(figures: CaseStudyFigures) {
  return CASE_STUDY_FIGURES.flatMap((figure) => {
    const before = figures[`${figure.key}Before`];
    const after = figures[`${figure.key}After`];
    if (before === null || after === null) return [];
    return [{ ...figure, before, after, beforeText: formatFigure(figure.key, before), afterText: formatFigure(figure.key, after) }];
  });
}

/**
 * "Data processing time: 40 h → 5 h a week" (markdown copy, llms.txt); "… 40 h to 5 h a week" for a
 * page's text, which writes no "→": none of the Inter files the site ships has it, and a character
 * no face covers sends the first layout through the system's font fallback (arrows there are icons).
 */
export function figureSentence(figure: ReturnType<typeof measuredFigures>[number], between: "→" | "to" = "→") {
  const per = figure.key === "errorRate" ? "of records" : "a week";
  return `${figure.label}: ${figure.beforeText} ${between} ${figure.afterText} ${per}`;
}

export const CASE_STUDY_LIMITS = {
  client: 120,
  industry: 80,
  summary: 300,
  body: 20_000,
  tools: 20,
  tool: 40,
  quoteAuthor: 120,
} as const;

/** A figure as typed: empty (not measured) or a number from 0 to `max`; "1,200", "$1200", "8%" are read as numbers. */
const figure = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(20, `${label} must be a number.`)
    .optional()
    .transform((v) => (v ?? "").replace(/[$,%\s]/g, ""))
    .refine((v) => v === "" || /^\d+(\.\d+)?$/.test(v), `${label} must be a number, like 12 or 4.5.`)
    .transform((v) => (v === "" ? null : Number(v)))
    .refine((v) => v === null || v <= max, `${label} must be at most ${max.toLocaleString("en-US")}.`);

const figureFields = Object.fromEntries(
  CASE_STUDY_FIGURES.flatMap((f) => [
    [`${f.key}Before`, figure(`${f.label} before`, f.max)],
    [`${f.key}After`, figure(`${f.label} after`, f.max)],
  ]),
) as Record<keyof CaseStudyFigures, ReturnType<typeof figure>>;

/** "Make, n8n, OpenAI" → ["Make", "n8n", "OpenAI"] (commas or new lines; blanks and repeats dropped). */
export function parseTools(typed: string): string[] {
  const seen = new Set<string>();
  return typed
    .split(/[,\n]/)
    .map((t) => t.trim())
    .filter((t) => t && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
}

const tools = z
  .string()
  .max(2000, "List at most 20 tools.")
  .optional()
  .transform((v) => parseTools(v ?? ""))
  .refine((v) => v.length <= CASE_STUDY_LIMITS.tools, `List at most ${CASE_STUDY_LIMITS.tools} tools.`)
  .refine((v) => v.every((t) => t.length <= CASE_STUDY_LIMITS.tool), `Each tool's name must be at most ${CASE_STUDY_LIMITS.tool} characters.`);

/** The case-study form (/admin/case-studies); `imageBases` as for posts (`uploadedImageBases()` on the server). */
export const caseStudySchema = (imageBases: readonly string[]) =>
  z
    .object({
      title: text("Title", LIMITS.title),
      slug: text("Slug", LIMITS.slug).refine(
        (v) => SLUG_PATTERN.test(v),
        "Slug may only contain lower-case letters, digits and single hyphens (for example logistics-data-entry).",
      ),
      client: text("Client", CASE_STUDY_LIMITS.client),
      industry: text("Industry", CASE_STUDY_LIMITS.industry),
      summary: text("Summary", CASE_STUDY_LIMITS.summary),
      problem: text("The problem", CASE_STUDY_LIMITS.body),
      solution: text("What we built", CASE_STUDY_LIMITS.body),
      tools,
      ...figureFields,
      quote: nullableText("Quote", LIMITS.quote),
      quoteAuthor: nullableText("Quote by", CASE_STUDY_LIMITS.quoteAuthor),
      quoteRole: nullableText("Their role", LIMITS.role),
      imageUrl: imageUrl("Cover image", imageBases),
      coverAlt: optionalText("Cover image alt text", LIMITS.coverAlt),
      published: checkbox,
      featured: checkbox,
      publishedAt: publishedAtField,
      timeZone: timeZoneField,
    })
    .superRefine((value, ctx) => {
      for (const f of CASE_STUDY_FIGURES) {
        const before = value[`${f.key}Before`];
        const after = value[`${f.key}After`];
        if ((before === null) !== (after === null)) {
          const missing = before === null ? `${f.key}Before` : `${f.key}After`;
          ctx.addIssue({ code: "custom", path: [missing], message: `Give ${f.label.toLowerCase()} both before and after, or leave both empty.` });
        }
      }
      if (CASE_STUDY_FIGURES.every((f) => value[`${f.key}Before`] === null && value[`${f.key}After`] === null)) {
        ctx.addIssue({ code: "custom", path: ["hoursBefore"], message: "Give at least one figure before and after (hours, error rate or cost)." });
      }
      if (value.quote && !value.quoteAuthor) ctx.addIssue({ code: "custom", path: ["quoteAuthor"], message: "Say who said the quote." });
    })
    .transform(({ publishedAt, timeZone, ...caseStudy }) => ({
      ...caseStudy,
      /** null: left empty (publishing dates the case study now). */
      publishedAt: publishedAt ? fromLocalInput(publishedAt, timeZone) : null,
    }));

export type CaseStudyInput = z.output<ReturnType<typeof caseStudySchema>>;

/** What a revision keeps of a case study: every field the form edits, the publication time as ISO text. */
export type CaseStudySnapshot = Omit<CaseStudyInput, "publishedAt"> & { publishedAt: string | null };

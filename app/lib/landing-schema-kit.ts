import { z } from "zod";
import type { FormValues } from "./form-result";

/**
 * What every landing section's schema and form mapping is built from (docs/decisions/0050): the
 * length limits, the one text rule (its messages name the field), and the shape of a section's
 * form mapping. A leaf below app/lib/landing-content.ts and the section modules beside it
 * (app/lib/landing-sections/), so they import it and not each other. Isomorphic.
 */

/** The longest value of each kind of field (the form's maxLength; the schema refuses longer). */
export const LANDING_LIMITS = {
  short: 60,
  title: 120,
  seoTitle: 70,
  seoDescription: 200,
  text: 600,
  answer: 1500,
  pills: 6,
  faqItems: 20,
  stepFeatures: 8,
  suffix: 4,
  url: 300,
  painPoints: 20,
  logos: 12,
  features: 6,
} as const;

/** A required, trimmed text of at most `max` characters; each message names the field. */
export const text = (label: string, max: number) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters.`);

/** A whole number from `min` to `max`; each message names the field. */
export const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(min, `${label} must be at least ${min.toLocaleString("en-US")}.`)
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")}.`);

/** A web address (http or https) of at most `max` characters. */
export const webAddress = (label: string) =>
  text(label, LANDING_LIMITS.url).refine((value) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value), `${label} must be a web address starting with https://.`);

/** A number typed in a form field: blank or not a number is NaN, which the schema refuses with its message. */
export const typedNumber = (value: string) => (value.trim() === "" ? Number.NaN : Number(value.trim().replace(/,/g, "")));

/** The lines of a textarea that lists short values, blanks left out. */
export const lines = (value: string) =>
  value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The submitted fields, read by name: a single value, or a repeated field's values in order. */
export type FieldRead = { text: (name: string) => string; list: (name: string) => string[] };

export function fieldReader(values: Record<string, unknown>): FieldRead {
  return {
    text: (name) => {
      const value = values[name];
      return typeof value === "string" ? value : Array.isArray(value) && typeof value[0] === "string" ? value[0] : "";
    },
    list: (name) => {
      const value = values[name];
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : typeof value === "string" ? [value] : [];
    },
  };
}

/**
 * A section's form on /admin/site: its single and repeated fields' names, the fields read into the
 * section's shape (checked later by its schema), the section as the fields' values, and the field
 * a fault at `path` (inside the section) is shown on: "problemsName.2" for the third quote's name.
 */
export type SectionForm<T> = {
  multi: readonly string[];
  read: (fields: FieldRead) => unknown;
  values: (section: T) => FormValues;
  fieldOf: (path: readonly string[]) => string | undefined;
};

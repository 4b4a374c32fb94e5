import { z } from "zod";
import { testimonialsCopy } from "~/content/landing";
import { LANDING_LIMITS, text, type SectionForm } from "../landing-schema-kit";

/**
 * The testimonials' heading: its label and title. The testimonials themselves are records of
 * their own (/admin/testimonials); the carousel's control labels stay the shipped ones.
 */
export const testimonialsSchema = z.object({
  pill: text("Label above the title", LANDING_LIMITS.short),
  title: text("Section title", LANDING_LIMITS.title),
});

export type TestimonialsContent = z.output<typeof testimonialsSchema>;

export const DEFAULT_TESTIMONIALS: TestimonialsContent = { pill: testimonialsCopy.pill, title: testimonialsCopy.title };

const FIELD: Record<string, string> = { pill: "testimonialsPill", title: "testimonialsTitle" };

export const testimonialsForm: SectionForm<TestimonialsContent> = {
  multi: [],
  read: (f) => ({ pill: f.text("testimonialsPill"), title: f.text("testimonialsTitle") }),
  values: (section) => ({ testimonialsPill: section.pill, testimonialsTitle: section.title }),
  fieldOf: ([key]) => FIELD[key ?? ""],
};

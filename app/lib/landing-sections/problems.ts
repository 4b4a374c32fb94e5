import { z } from "zod";
import { problems } from "~/content/landing";
import { LANDING_LIMITS, text, type SectionForm } from "../landing-schema-kit";

/** The pain points ("Sound familiar?"): the section's texts and its quotes, each a person and their words, in the order they scroll. */
export const painPointSchema = z.object({
  name: text("Quote's name", LANDING_LIMITS.short),
  text: text("Quote", LANDING_LIMITS.title * 2),
});

export const problemsSchema = z.object({
  pill: text("Label above the title", LANDING_LIMITS.short),
  title: text("Section title", LANDING_LIMITS.title),
  intro: text("Text", LANDING_LIMITS.text),
  messages: z.array(painPointSchema).min(1, "Keep at least one quote.").max(LANDING_LIMITS.painPoints, `At most ${LANDING_LIMITS.painPoints} quotes.`),
});

export type ProblemsContent = z.output<typeof problemsSchema>;

export const DEFAULT_PROBLEMS: ProblemsContent = {
  pill: problems.pill,
  title: problems.title,
  intro: problems.intro,
  messages: problems.messages.map(({ name, text }) => ({ name, text })),
};

const FIELD: Record<string, string> = { pill: "problemsPill", title: "problemsTitle", intro: "problemsIntro", messages: "problemsQuotes" };

export const problemsForm: SectionForm<ProblemsContent> = {
  multi: ["quoteName", "quoteText"],
  read: (f) => ({
    pill: f.text("problemsPill"),
    title: f.text("problemsTitle"),
    intro: f.text("problemsIntro"),
    messages: f.list("quoteName").map((name, i) => ({ name, text: f.list("quoteText")[i] ?? "" })),
  }),
  values: (section) => ({
    problemsPill: section.pill,
    problemsTitle: section.title,
    problemsIntro: section.intro,
    quoteName: section.messages.map((m) => m.name),
    quoteText: section.messages.map((m) => m.text),
  }),
  fieldOf: ([key, index, part]) =>
    key === "messages" && index !== undefined && part ? `${part === "name" ? "quoteName" : "quoteText"}.${index}` : FIELD[key ?? ""],
};

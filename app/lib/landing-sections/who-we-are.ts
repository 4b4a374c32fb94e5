import { z } from "zod";
import { whoWeAre } from "~/content/landing";
import { LANDING_LIMITS, text, wholeNumber, typedNumber, type SectionForm } from "../landing-schema-kit";

/** "Who we are": its texts and its four figures (counted up on sight: a value, a suffix such as "+" or "%", a label). */
export const WHO_STATS = whoWeAre.stats.length;

export const statSchema = z.object({
  value: wholeNumber("Figure", 0, 1_000_000),
  suffix: z.string({ message: "Suffix must be text." }).trim().max(LANDING_LIMITS.suffix, `Suffix must be at most ${LANDING_LIMITS.suffix} characters.`),
  label: text("Figure label", LANDING_LIMITS.short),
});

export const whoSchema = z.object({
  pill: text("Label above the title", LANDING_LIMITS.short),
  title: text("Section title", LANDING_LIMITS.title),
  text: text("Text", LANDING_LIMITS.text),
  stats: z.array(statSchema).length(WHO_STATS, `The section shows ${WHO_STATS} figures.`),
  partnersTitle: text("Partners heading", LANDING_LIMITS.short),
});

export type WhoContent = z.output<typeof whoSchema>;

export const DEFAULT_WHO: WhoContent = {
  pill: whoWeAre.pill,
  title: whoWeAre.title,
  text: whoWeAre.text,
  stats: whoWeAre.stats.map(({ value, suffix, label }) => ({ value, suffix, label })),
  partnersTitle: whoWeAre.partnersTitle,
};

const STAT_FIELD: Record<string, string> = { value: "statValue", suffix: "statSuffix", label: "statLabel" };
const FIELD: Record<string, string> = { pill: "whoPill", title: "whoTitle", text: "whoText", partnersTitle: "whoPartnersTitle", stats: "whoStats" };

export const whoForm: SectionForm<WhoContent> = {
  multi: ["statValue", "statSuffix", "statLabel"],
  read: (f) => ({
    pill: f.text("whoPill"),
    title: f.text("whoTitle"),
    text: f.text("whoText"),
    stats: f.list("statLabel").map((label, i) => ({ value: typedNumber(f.list("statValue")[i] ?? ""), suffix: f.list("statSuffix")[i] ?? "", label })),
    partnersTitle: f.text("whoPartnersTitle"),
  }),
  values: (who) => ({
    whoPill: who.pill,
    whoTitle: who.title,
    whoText: who.text,
    statValue: who.stats.map((s) => String(s.value)),
    statSuffix: who.stats.map((s) => s.suffix),
    statLabel: who.stats.map((s) => s.label),
    whoPartnersTitle: who.partnersTitle,
  }),
  fieldOf: ([key, index, part]) => (key === "stats" && index !== undefined && part && STAT_FIELD[part] ? `${STAT_FIELD[part]}.${index}` : FIELD[key ?? ""]),
};

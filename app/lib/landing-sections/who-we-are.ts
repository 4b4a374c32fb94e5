import { z } from "zod";
import { whoWeAre } from "~/content/landing";
import { LANDING_LIMITS, text, webAddress, wholeNumber, typedNumber, type SectionForm } from "../landing-schema-kit";

/**
 * "Who we are": its texts, its four figures (counted up on sight: a value, a suffix such as "+" or
 * "%", a label) and the official partners (each a name shown as a text badge and a link). The
 * integrations diagram under them stays the shipped one: an illustration of six generic kinds of
 * tool at fixed places, each drawn with the icon its name picks, not a claim about the studio.
 */
export const WHO_STATS = whoWeAre.stats.length;
export const WHO_PARTNERS = 8;

export const statSchema = z.object({
  value: wholeNumber("Figure", 0, 1_000_000),
  suffix: z.string({ message: "Suffix must be text." }).trim().max(LANDING_LIMITS.suffix, `Suffix must be at most ${LANDING_LIMITS.suffix} characters.`),
  label: text("Figure label", LANDING_LIMITS.short),
});

export const partnerSchema = z.object({
  name: text("Partner name", LANDING_LIMITS.short),
  url: webAddress("Partner link"),
});

export const DEFAULT_PARTNERS = whoWeAre.partners.map(({ name, url }) => ({ name, url }));

export const whoSchema = z.object({
  pill: text("Label above the title", LANDING_LIMITS.short),
  title: text("Section title", LANDING_LIMITS.title),
  text: text("Text", LANDING_LIMITS.text),
  stats: z.array(statSchema).length(WHO_STATS, `The section shows ${WHO_STATS} figures.`),
  partnersTitle: text("Partners heading", LANDING_LIMITS.short),
  // A document stored before the partners were editable has none: the shipped ones, the rest kept.
  partners: z
    .array(partnerSchema)
    .min(1, "Keep at least one partner.")
    .max(WHO_PARTNERS, `At most ${WHO_PARTNERS} partners.`)
    .default(() => DEFAULT_PARTNERS.map((p) => ({ ...p }))),
});

export type WhoContent = z.output<typeof whoSchema>;

export const DEFAULT_WHO: WhoContent = {
  pill: whoWeAre.pill,
  title: whoWeAre.title,
  text: whoWeAre.text,
  stats: whoWeAre.stats.map(({ value, suffix, label }) => ({ value, suffix, label })),
  partnersTitle: whoWeAre.partnersTitle,
  partners: DEFAULT_PARTNERS,
};

const STAT_FIELD: Record<string, string> = { value: "statValue", suffix: "statSuffix", label: "statLabel" };
const FIELD: Record<string, string> = {
  pill: "whoPill",
  title: "whoTitle",
  text: "whoText",
  partnersTitle: "whoPartnersTitle",
  stats: "whoStats",
  partners: "whoPartners",
};
const PARTNER_FIELD: Record<string, string> = { name: "partnerName", url: "partnerUrl" };

export const whoForm: SectionForm<WhoContent> = {
  multi: ["statValue", "statSuffix", "statLabel", "partnerName", "partnerUrl"],
  read: (f) => ({
    pill: f.text("whoPill"),
    title: f.text("whoTitle"),
    text: f.text("whoText"),
    stats: f.list("statLabel").map((label, i) => ({ value: typedNumber(f.list("statValue")[i] ?? ""), suffix: f.list("statSuffix")[i] ?? "", label })),
    partnersTitle: f.text("whoPartnersTitle"),
    partners: f.list("partnerName").map((name, i) => ({ name, url: f.list("partnerUrl")[i] ?? "" })),
  }),
  values: (who) => ({
    whoPill: who.pill,
    whoTitle: who.title,
    whoText: who.text,
    statValue: who.stats.map((s) => String(s.value)),
    statSuffix: who.stats.map((s) => s.suffix),
    statLabel: who.stats.map((s) => s.label),
    whoPartnersTitle: who.partnersTitle,
    partnerName: who.partners.map((p) => p.name),
    partnerUrl: who.partners.map((p) => p.url),
  }),
  fieldOf: ([key, index, part]) => {
    if (key === "stats" && index !== undefined && part && STAT_FIELD[part]) return `${STAT_FIELD[part]}.${index}`;
    if (key === "partners" && index !== undefined && part && PARTNER_FIELD[part]) return `${PARTNER_FIELD[part]}.${index}`;
    return FIELD[key ?? ""];
  },
};

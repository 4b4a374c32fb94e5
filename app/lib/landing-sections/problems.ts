import { z } from "zod";
import { problems } from "~/content/landing";
import { LANDING_LIMITS, text, type SectionForm } from "../landing-schema-kit";
import { landingImage } from "../landing-images";
import { imageVariantUrl } from "../images";

/**
 * The pain points ("Sound familiar?"): the section's texts and its quotes, each a person, their
 * words and an optional uploaded photo (without one, the avatar generated from the name), in the
 * order they scroll.
 */
export const painPointSchema = z.object({
  name: text("Quote's name", LANDING_LIMITS.short),
  text: text("Quote", LANDING_LIMITS.title * 2),
  avatar: landingImage("Photo"),
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
const QUOTE_FIELD: Record<string, string> = { name: "quoteName", text: "quoteText", avatar: "quoteAvatar" };

export const problemsForm: SectionForm<ProblemsContent> = {
  multi: ["quoteName", "quoteText", "quoteAvatar"],
  read: (f) => ({
    pill: f.text("problemsPill"),
    title: f.text("problemsTitle"),
    intro: f.text("problemsIntro"),
    messages: f.list("quoteName").map((name, i) => ({ name, text: f.list("quoteText")[i] ?? "", avatar: f.list("quoteAvatar")[i]?.trim() || undefined })),
  }),
  values: (section) => ({
    problemsPill: section.pill,
    problemsTitle: section.title,
    problemsIntro: section.intro,
    quoteName: section.messages.map((m) => m.name),
    quoteText: section.messages.map((m) => m.text),
    quoteAvatar: section.messages.map((m) => m.avatar ?? ""),
  }),
  fieldOf: ([key, index, part]) => (key === "messages" && index !== undefined && part ? `${QUOTE_FIELD[part] ?? "quoteText"}.${index}` : FIELD[key ?? ""]),
};

/** A quote as the pain points' island shows it: a photo is the attributes of its `<img>`, all chosen on the server. */
export type PainPointRow = { name: string; text: string; photo?: PhotoAttributes };
type PhotoAttributes = { src: string; width: number; height: number; loading: "lazy"; decoding: "async"; className: string };
export type ProblemsProps = Omit<ProblemsContent, "messages"> & { messages: PainPointRow[] };

/**
 * The section as the pain points' island gets it (docs/decisions/0057): an uploaded photo becomes
 * its `<img>` attributes here, on the server (its smallest WebP variant, 480 px wide, already over
 * ten times the 36 px avatar; lazy, below the fold; decorative, `alt=""`, the name is written beside it), so
 * the island's script only spreads them and the public JavaScript does not grow.
 */
export function problemsProps(section: ProblemsContent): ProblemsProps {
  return {
    ...section,
    messages: section.messages.map(({ name, text, avatar }) => {
      if (!avatar) return { name, text };
      const src = imageVariantUrl(avatar, 480) ?? avatar;
      return {
        name,
        text,
        photo: { src, width: 36, height: 36, loading: "lazy", decoding: "async", className: "size-9 shrink-0 rounded-full object-cover" },
      };
    }),
  };
}

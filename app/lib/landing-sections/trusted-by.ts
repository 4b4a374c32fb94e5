import { z } from "zod";
import { trustedBy, type WordmarkShape } from "~/content/landing";
import { LANDING_LIMITS, text, webAddress, type SectionForm } from "../landing-schema-kit";

/** Trusted by: its heading and the clients' wordmarks, each a name (a shorter one to show, if any), one of the shipped marks, a link. */
export const WORDMARK_SHAPES = ["ring", "peak", "square", "wave", "orbit", "leaf", "cross", "stack"] as const satisfies readonly WordmarkShape[];

/** The marks as the editor names them. */
export const SHAPE_LABELS: Record<WordmarkShape, string> = {
  ring: "Ring",
  peak: "Peak",
  square: "Square",
  wave: "Wave",
  orbit: "Orbit",
  leaf: "Leaf",
  cross: "Cross",
  stack: "Stack",
};

export const wordmarkSchema = z.object({
  name: text("Company name", LANDING_LIMITS.short),
  label: z.string({ message: "Shown name must be text." }).trim().max(LANDING_LIMITS.short, `Shown name must be at most ${LANDING_LIMITS.short} characters.`),
  mark: z.enum(WORDMARK_SHAPES, { message: `Mark must be one of: ${WORDMARK_SHAPES.join(", ")}.` }),
  url: webAddress("Company link"),
});

export const trustedBySchema = z.object({
  title: text("Heading", LANDING_LIMITS.title),
  logos: z.array(wordmarkSchema).min(1, "Keep at least one company.").max(LANDING_LIMITS.logos, `At most ${LANDING_LIMITS.logos} companies.`),
});

export type TrustedByContent = z.output<typeof trustedBySchema>;

export const DEFAULT_TRUSTED_BY: TrustedByContent = {
  title: trustedBy.title,
  logos: trustedBy.logos.map((logo) => ({ name: logo.name, label: ("label" in logo ? logo.label : undefined) ?? "", mark: logo.mark, url: logo.url })),
};

const LOGO_FIELD: Record<string, string> = { name: "logoName", label: "logoLabel", mark: "logoMark", url: "logoUrl" };

export const trustedByForm: SectionForm<TrustedByContent> = {
  multi: ["logoName", "logoLabel", "logoMark", "logoUrl"],
  read: (f) => ({
    title: f.text("trustedTitle"),
    logos: f.list("logoName").map((name, i) => ({
      name,
      label: f.list("logoLabel")[i] ?? "",
      mark: f.list("logoMark")[i] ?? "",
      url: f.list("logoUrl")[i] ?? "",
    })),
  }),
  values: (section) => ({
    trustedTitle: section.title,
    logoName: section.logos.map((l) => l.name),
    logoLabel: section.logos.map((l) => l.label),
    logoMark: section.logos.map((l) => l.mark),
    logoUrl: section.logos.map((l) => l.url),
  }),
  fieldOf: ([key, index, part]) =>
    key === "logos" && index !== undefined && part && LOGO_FIELD[part]
      ? `${LOGO_FIELD[part]}.${index}`
      : key === "logos"
        ? "trustedLogos"
        : key === "title"
          ? "trustedTitle"
          : undefined,
};

import { z } from "zod";
import { offerings } from "~/content/landing";
import { LANDING_LIMITS, text, type SectionForm } from "../landing-schema-kit";

/**
 * Offerings: the section's label and title, and each of its five tabs' label, title, description
 * and four features (a title, a description and an icon from the shipped set). The tabs' number
 * and ids stay the shipped ones.
 */
export const OFFERING_ICONS = [
  "inbox",
  "search",
  "chart",
  "file",
  "users",
  "calendar",
  "check",
  "bot",
  "mail",
  "database",
  "globe",
  "handshake",
  "layers",
  "shield",
  "map",
  "wrench",
  "package",
  "trending",
  "library",
  "graduation",
  "video",
  "workflow",
  "chat",
  "sheet",
  "sparkles",
] as const;

export const OFFERING_TABS = offerings.tabs.length;
export const OFFERING_FEATURES = 4;

export const offeringFeatureSchema = z.object({
  title: text("Feature title", LANDING_LIMITS.short),
  description: text("Feature description", LANDING_LIMITS.title * 2),
  icon: z.enum(OFFERING_ICONS, { message: "Feature icon must be one of the icons offered." }),
});

export const offeringTabSchema = z.object({
  label: text("Tab label", LANDING_LIMITS.short),
  title: text("Offering title", LANDING_LIMITS.title),
  description: text("Offering description", LANDING_LIMITS.text),
  features: z.array(offeringFeatureSchema).length(OFFERING_FEATURES, `Each offering has ${OFFERING_FEATURES} features.`),
});

export const offeringsSchema = z.object({
  pill: text("Label above the title", LANDING_LIMITS.short),
  title: text("Section title", LANDING_LIMITS.title),
  tabs: z.array(offeringTabSchema).length(OFFERING_TABS, `The section has ${OFFERING_TABS} offerings.`),
});

export type OfferingsContent = z.output<typeof offeringsSchema>;

export const DEFAULT_OFFERINGS: OfferingsContent = {
  pill: offerings.pill,
  title: offerings.title,
  tabs: offerings.tabs.map(({ label, title, description, features }) => ({
    label,
    title,
    description,
    features: features.map((f) => ({ title: f.title, description: f.description, icon: f.icon as (typeof OFFERING_ICONS)[number] })),
  })),
};

const TAB_FIELD: Record<string, string> = { label: "offeringLabel", title: "offeringTitle", description: "offeringDescription" };
const FEATURE_FIELD: Record<string, string> = { title: "featureTitle", description: "featureDescription", icon: "featureIcon" };

/** Features are one repeated field for all offerings, four per offering in order: offering 2's first feature is `featureTitle.4`. */
export const offeringsForm: SectionForm<OfferingsContent> = {
  multi: ["offeringLabel", "offeringTitle", "offeringDescription", "featureTitle", "featureDescription", "featureIcon"],
  read: (f) => ({
    pill: f.text("offeringsPill"),
    title: f.text("offeringsTitle"),
    tabs: f.list("offeringLabel").map((label, t) => ({
      label,
      title: f.list("offeringTitle")[t] ?? "",
      description: f.list("offeringDescription")[t] ?? "",
      features: Array.from({ length: OFFERING_FEATURES }, (_, i) => t * OFFERING_FEATURES + i).map((n) => ({
        title: f.list("featureTitle")[n] ?? "",
        description: f.list("featureDescription")[n] ?? "",
        icon: f.list("featureIcon")[n] ?? "",
      })),
    })),
  }),
  values: (section) => ({
    offeringsPill: section.pill,
    offeringsTitle: section.title,
    offeringLabel: section.tabs.map((t) => t.label),
    offeringTitle: section.tabs.map((t) => t.title),
    offeringDescription: section.tabs.map((t) => t.description),
    featureTitle: section.tabs.flatMap((t) => t.features.map((f) => f.title)),
    featureDescription: section.tabs.flatMap((t) => t.features.map((f) => f.description)),
    featureIcon: section.tabs.flatMap((t) => t.features.map((f) => f.icon)),
  }),
  fieldOf: ([key, tab, part, feature, featurePart]) => {
    if (key === "pill") return "offeringsPill";
    if (key === "title") return "offeringsTitle";
    if (key !== "tabs" || tab === undefined) return "offeringsTabs";
    if (part === "features" && feature !== undefined && featurePart && FEATURE_FIELD[featurePart])
      return `${FEATURE_FIELD[featurePart]}.${Number(tab) * OFFERING_FEATURES + Number(feature)}`;
    return part && TAB_FIELD[part] ? `${TAB_FIELD[part]}.${tab}` : "offeringsTabs";
  },
};

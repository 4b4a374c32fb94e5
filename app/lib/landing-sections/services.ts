import { z } from "zod";
import { services } from "~/content/landing";
import { LANDING_LIMITS, lines, text, type SectionForm } from "../landing-schema-kit";

/**
 * Services: the section's label, title and intro, and each of its four team tabs' label, title,
 * description and use cases. The tabs' number and ids, and their tools or stack, stay the shipped
 * ones (merged in by position).
 */
export const SERVICE_TABS = services.tabs.length;
export const SERVICE_USE_CASES = 8;

export const serviceTabSchema = z.object({
  label: text("Tab label", LANDING_LIMITS.short),
  title: text("Team title", LANDING_LIMITS.title),
  description: text("Team description", LANDING_LIMITS.text),
  useCases: z
    .array(text("Each use case", LANDING_LIMITS.short))
    .min(1, "List at least one use case.")
    .max(SERVICE_USE_CASES, `At most ${SERVICE_USE_CASES} use cases.`),
});

export const servicesSchema = z.object({
  pill: text("Label above the title", LANDING_LIMITS.short),
  title: text("Section title", LANDING_LIMITS.title),
  intro: text("Text", LANDING_LIMITS.text),
  tabs: z.array(serviceTabSchema).length(SERVICE_TABS, `The section has ${SERVICE_TABS} teams.`),
});

export type ServicesContent = z.output<typeof servicesSchema>;

export const DEFAULT_SERVICES: ServicesContent = {
  pill: services.pill,
  title: services.title,
  intro: services.intro,
  tabs: services.tabs.map(({ label, title, description, useCases }) => ({ label, title, description, useCases: [...useCases] })),
};

const TAB_FIELD: Record<string, string> = { label: "serviceLabel", title: "serviceTitle", description: "serviceDescription", useCases: "serviceUseCases" };
const FIELD: Record<string, string> = { pill: "servicesPill", title: "servicesTitle", intro: "servicesIntro", tabs: "servicesTabs" };

export const servicesForm: SectionForm<ServicesContent> = {
  multi: ["serviceLabel", "serviceTitle", "serviceDescription", "serviceUseCases"],
  read: (f) => ({
    pill: f.text("servicesPill"),
    title: f.text("servicesTitle"),
    intro: f.text("servicesIntro"),
    tabs: f.list("serviceLabel").map((label, t) => ({
      label,
      title: f.list("serviceTitle")[t] ?? "",
      description: f.list("serviceDescription")[t] ?? "",
      useCases: lines(f.list("serviceUseCases")[t] ?? ""),
    })),
  }),
  values: (section) => ({
    servicesPill: section.pill,
    servicesTitle: section.title,
    servicesIntro: section.intro,
    serviceLabel: section.tabs.map((t) => t.label),
    serviceTitle: section.tabs.map((t) => t.title),
    serviceDescription: section.tabs.map((t) => t.description),
    serviceUseCases: section.tabs.map((t) => t.useCases.join("\n")),
  }),
  fieldOf: ([key, tab, part]) => (key === "tabs" && tab !== undefined && part && TAB_FIELD[part] ? `${TAB_FIELD[part]}.${tab}` : FIELD[key ?? ""]),
};

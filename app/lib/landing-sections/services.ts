import { z } from "zod";
import { services, type ServiceTab } from "~/content/landing";
import { LANDING_LIMITS, lines, text, type SectionForm } from "../landing-schema-kit";

/**
 * Services: the section's label, title, intro and the labels over a tab's lists; each of its four
 * team tabs' label, title, description, use cases and the tools it connects (none shows no tools);
 * and the built-to-fit stack (groups of a title and items) shown in the tab the shipped copy gives
 * it, Enterprise. The tabs' number and ids stay the shipped ones (merged in by position).
 */
export const SERVICE_TABS = services.tabs.length;
export const SERVICE_USE_CASES = 8;
export const SERVICE_TOOLS = 8;
export const STACK_GROUPS = 4;
export const STACK_ITEMS = 6;
/** The tab that shows the stack: the one the shipped copy gives it (Enterprise, the fourth). */
export const STACK_TAB = Math.max(
  0,
  services.tabs.findIndex((tab) => "stack" in tab),
);

const shippedTools = (i: number) => [...((services.tabs[i] as { tools?: string[] } | undefined)?.tools ?? [])];
const shippedStack = () => (services.tabs[STACK_TAB] as { stack?: { title: string; items: string[] }[] }).stack ?? [];

export const serviceTabSchema = z.object({
  label: text("Tab label", LANDING_LIMITS.short),
  title: text("Team title", LANDING_LIMITS.title),
  description: text("Team description", LANDING_LIMITS.text),
  useCases: z
    .array(text("Each use case", LANDING_LIMITS.short))
    .min(1, "List at least one use case.")
    .max(SERVICE_USE_CASES, `At most ${SERVICE_USE_CASES} use cases.`),
  tools: z.array(text("Each tool", LANDING_LIMITS.short)).max(SERVICE_TOOLS, `At most ${SERVICE_TOOLS} tools.`),
});

export const stackGroupSchema = z.object({
  title: text("Stack group title", LANDING_LIMITS.short),
  items: z
    .array(text("Each stack item", LANDING_LIMITS.short))
    .min(1, "List at least one item in the group.")
    .max(STACK_ITEMS, `At most ${STACK_ITEMS} items in a group.`),
});

/** A tab stored before its tools were editable gets the shipped tab's tools at its place. */
const withShippedTools = (tabs: unknown) =>
  Array.isArray(tabs)
    ? tabs.map((tab: unknown, i) => (typeof tab === "object" && tab !== null && !("tools" in tab) ? { ...tab, tools: shippedTools(i) } : tab))
    : tabs;

export const servicesSchema = z.object({
  pill: text("Label above the title", LANDING_LIMITS.short),
  title: text("Section title", LANDING_LIMITS.title),
  intro: text("Text", LANDING_LIMITS.text),
  // A document stored before these were editable has none of them: the shipped ones, the rest kept.
  useCasesLabel: text("Use cases heading", LANDING_LIMITS.short).default(services.useCasesLabel),
  toolsLabel: text("Tools heading", LANDING_LIMITS.short).default(services.toolsLabel),
  stackLabel: text("Stack heading", LANDING_LIMITS.short).default(services.stackLabel),
  tabs: z.preprocess(withShippedTools, z.array(serviceTabSchema).length(SERVICE_TABS, `The section has ${SERVICE_TABS} teams.`)),
  stack: z
    .array(stackGroupSchema)
    .max(STACK_GROUPS, `At most ${STACK_GROUPS} stack groups.`)
    .default(() => shippedStack().map((g) => ({ title: g.title, items: [...g.items] }))),
});

export type ServicesContent = z.output<typeof servicesSchema>;

export const DEFAULT_SERVICES: ServicesContent = {
  pill: services.pill,
  title: services.title,
  intro: services.intro,
  useCasesLabel: services.useCasesLabel,
  toolsLabel: services.toolsLabel,
  stackLabel: services.stackLabel,
  tabs: services.tabs.map(({ label, title, description, useCases }, i) => ({ label, title, description, useCases: [...useCases], tools: shippedTools(i) })),
  stack: shippedStack().map((g) => ({ title: g.title, items: [...g.items] })),
};

const TAB_FIELD: Record<string, string> = {
  label: "serviceLabel",
  title: "serviceTitle",
  description: "serviceDescription",
  useCases: "serviceUseCases",
  tools: "serviceTools",
};
const STACK_FIELD: Record<string, string> = { title: "stackTitle", items: "stackItems" };
const FIELD: Record<string, string> = {
  pill: "servicesPill",
  title: "servicesTitle",
  intro: "servicesIntro",
  useCasesLabel: "servicesUseCasesLabel",
  toolsLabel: "servicesToolsLabel",
  stackLabel: "servicesStackLabel",
  tabs: "servicesTabs",
  stack: "servicesStack",
};

export const servicesForm: SectionForm<ServicesContent> = {
  multi: ["serviceLabel", "serviceTitle", "serviceDescription", "serviceUseCases", "serviceTools", "stackTitle", "stackItems"],
  read: (f) => ({
    pill: f.text("servicesPill"),
    title: f.text("servicesTitle"),
    intro: f.text("servicesIntro"),
    useCasesLabel: f.text("servicesUseCasesLabel"),
    toolsLabel: f.text("servicesToolsLabel"),
    stackLabel: f.text("servicesStackLabel"),
    tabs: f.list("serviceLabel").map((label, t) => ({
      label,
      title: f.list("serviceTitle")[t] ?? "",
      description: f.list("serviceDescription")[t] ?? "",
      useCases: lines(f.list("serviceUseCases")[t] ?? ""),
      tools: lines(f.list("serviceTools")[t] ?? ""),
    })),
    stack: f.list("stackTitle").map((title, g) => ({ title, items: lines(f.list("stackItems")[g] ?? "") })),
  }),
  values: (section) => ({
    servicesPill: section.pill,
    servicesTitle: section.title,
    servicesIntro: section.intro,
    servicesUseCasesLabel: section.useCasesLabel,
    servicesToolsLabel: section.toolsLabel,
    servicesStackLabel: section.stackLabel,
    serviceLabel: section.tabs.map((t) => t.label),
    serviceTitle: section.tabs.map((t) => t.title),
    serviceDescription: section.tabs.map((t) => t.description),
    serviceUseCases: section.tabs.map((t) => t.useCases.join("\n")),
    serviceTools: section.tabs.map((t) => t.tools.join("\n")),
    stackTitle: section.stack.map((g) => g.title),
    stackItems: section.stack.map((g) => g.items.join("\n")),
  }),
  fieldOf: ([key, index, part]) => {
    if (key === "tabs" && index !== undefined && part && TAB_FIELD[part]) return `${TAB_FIELD[part]}.${index}`;
    if (key === "stack" && index !== undefined && part && STACK_FIELD[part]) return `${STACK_FIELD[part]}.${index}`;
    return FIELD[key ?? ""];
  },
};

/** The services island's props (app/components/landing/services-section.tsx): each tab with its shipped id and, in its tab, the stack; worked out on the server. */
export type ServicesProps = Pick<ServicesContent, "pill" | "title" | "intro" | "useCasesLabel" | "toolsLabel" | "stackLabel"> & { tabs: ServiceTab[] };

export function servicesProps({ stack, tabs, ...texts }: ServicesContent): ServicesProps {
  return { ...texts, tabs: tabs.map((tab, i) => ({ ...tab, id: services.tabs[i]?.id ?? `team-${i + 1}`, ...(i === STACK_TAB ? { stack } : {}) })) };
}

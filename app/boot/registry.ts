/**
 * Every island of the public pages by name (docs/decisions/0027): how the islands script loads
 * its component. Each import is its own chunk, so a page downloads only the islands it has.
 * No island may import react-router (the islands build refuses it): they get plain props and use
 * <a>, fetch() and the History API. The names are app/islands/names.ts: one loader for each, no
 * other (the type check says which is missing or extra).
 */
import type { ComponentType } from "react";
import type { IslandName } from "~/islands/names";

type Loader = () => Promise<ComponentType<never>>;

export const islands = {
  header: () => import("~/components/layout/header").then((m) => m.Header),
  "audit-button": () => import("~/components/landing/audit-request").then((m) => m.AuditButton),
  "audit-host": () => import("~/components/landing/audit-request").then((m) => m.AuditRequestHost),
  toaster: () => import("~/components/ui/toast").then((m) => m.Toaster),
  "toast-on-load": () => import("~/components/ui/toast").then((m) => m.ToastOnLoad),
  services: () => import("~/components/landing/services-section").then((m) => m.ServicesSection),
  offerings: () => import("~/components/landing/offerings-section").then((m) => m.OfferingsSection),
  comparison: () => import("~/components/landing/comparison-section").then((m) => m.ComparisonFrame),
  problems: () => import("~/components/landing/problems-section").then((m) => m.ProblemsSection),
  testimonials: () => import("~/components/landing/testimonials-section").then((m) => m.TestimonialsSection),
  share: () => import("~/components/blog/share-button").then((m) => m.ShareButton),
  "history-back": () => import("~/components/blog/history-back-button").then((m) => m.HistoryBackButton),
  "preview-banner": () => import("~/components/blog/preview-banner").then((m) => m.PreviewBanner),
  "blog-filters": () => import("~/components/blog/blog-filters").then((m) => m.BlogFilters),
} satisfies Record<IslandName, Loader>;

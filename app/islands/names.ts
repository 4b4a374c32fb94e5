/**
 * The names of the public pages' islands (docs/decisions/0027): what `<Island name>` accepts and
 * what the browser boot's registry (app/boot/registry.ts) must load, each name once. A leaf: the
 * island kit and the registry both read it, so neither imports the other.
 */
export type IslandName =
  | "header"
  | "audit-button"
  | "audit-host"
  | "toaster"
  | "toast-on-load"
  | "services"
  | "offerings"
  | "comparison"
  | "problems"
  | "testimonials"
  | "share"
  | "history-back"
  | "preview-banner"
  | "blog-filters";

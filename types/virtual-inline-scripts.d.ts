// The scripts inlined in the pages, built from app/boot/inline/*.ts (scripts/lib/inline-scripts.ts,
// inlineScriptsPlugin): the page writes these exact bytes, and the CSP allows them by their hashes.
declare module "virtual:inline-scripts" {
  export const EARLY_CLICKS_SCRIPT: string;
  export const START_ISLANDS_SCRIPT: string;
}

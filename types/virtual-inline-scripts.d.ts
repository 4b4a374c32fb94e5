// The scripts inlined in the pages, built from app/boot/inline/*.ts (scripts/lib/inline-scripts.ts,
// inlineScriptsPlugin): the page writes these exact bytes, and the CSP allows them by their hashes.
declare module "virtual:inline-scripts" {
  /** app/boot/inline/early-clicks.ts for public pages (`<html data-islands>`). */
  export const EARLY_CLICKS_ISLANDS_SCRIPT: string;
  /** app/boot/inline/early-clicks.ts for the back-office (the React app). */
  export const EARLY_CLICKS_APP_SCRIPT: string;
  export const START_ISLANDS_SCRIPT: string;
}

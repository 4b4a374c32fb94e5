/**
 * The scripts inlined in the pages (docs/decisions/0042): the early-click holder
 * (app/boot/inline/early-clicks.ts, first in every page's head), built twice, for public pages
 * (islands) and for the back-office (the React app), each without the other's branches, and the islands' starter
 * (app/boot/inline/start-islands.ts, last in an island page's body). Typed and linted as
 * TypeScript, built like the beacon to minified IIFEs, and given to the app as the module
 * "virtual:inline-scripts": app/root.tsx writes those bytes into the page and
 * app/server/http/content-security-policy.server.ts allows them by the hashes of the same bytes.
 */
import path from "node:path";
import type { Plugin } from "vite";
import { compileBrowserScript } from "./browser-script.ts";

const INLINE = path.resolve(import.meta.dirname, "..", "..", "app", "boot", "inline");
export const EARLY_CLICKS_SOURCE = path.join(INLINE, "early-clicks.ts");
export const START_ISLANDS_SOURCE = path.join(INLINE, "start-islands.ts");

export type InlineScripts = { earlyClicksIslands: string; earlyClicksApp: string; startIslands: string };

export async function buildInlineScripts(): Promise<InlineScripts> {
  const [earlyClicksIslands, earlyClicksApp, startIslands] = await Promise.all([
    compileBrowserScript(EARLY_CLICKS_SOURCE, { __ISLANDS_PAGE__: "true" }),
    compileBrowserScript(EARLY_CLICKS_SOURCE, { __ISLANDS_PAGE__: "false" }),
    compileBrowserScript(START_ISLANDS_SOURCE),
  ]);
  return { earlyClicksIslands, earlyClicksApp, startIslands };
}

const VIRTUAL_ID = "virtual:inline-scripts";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

export function inlineScriptsPlugin(): Plugin {
  let built: Promise<InlineScripts> | undefined;
  return {
    name: "studio-inline-scripts",
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      this.addWatchFile(EARLY_CLICKS_SOURCE);
      this.addWatchFile(START_ISLANDS_SOURCE);
      const { earlyClicksIslands, earlyClicksApp, startIslands } = await (built ??= buildInlineScripts());
      return [
        `export const EARLY_CLICKS_ISLANDS_SCRIPT = ${JSON.stringify(earlyClicksIslands)};`,
        `export const EARLY_CLICKS_APP_SCRIPT = ${JSON.stringify(earlyClicksApp)};`,
        `export const START_ISLANDS_SCRIPT = ${JSON.stringify(startIslands)};`,
        "",
      ].join("\n");
    },
    // In the dev server and a watched build alike: the next load builds them again.
    watchChange(file) {
      if (path.resolve(file) === EARLY_CLICKS_SOURCE || path.resolve(file) === START_ISLANDS_SOURCE) built = undefined;
    },
  };
}

/**
 * The two scripts inlined in the pages (docs/decisions/0042): the early-click holder
 * (app/boot/inline/early-clicks.ts, first in every page's head) and the islands' starter
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

export type InlineScripts = { earlyClicks: string; startIslands: string };

export async function buildInlineScripts(): Promise<InlineScripts> {
  const [earlyClicks, startIslands] = await Promise.all([compileBrowserScript(EARLY_CLICKS_SOURCE), compileBrowserScript(START_ISLANDS_SOURCE)]);
  return { earlyClicks, startIslands };
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
      const { earlyClicks, startIslands } = await (built ??= buildInlineScripts());
      return `export const EARLY_CLICKS_SCRIPT = ${JSON.stringify(earlyClicks)};\nexport const START_ISLANDS_SCRIPT = ${JSON.stringify(startIslands)};\n`;
    },
    // In the dev server and a watched build alike: the next load builds them again.
    watchChange(file) {
      if (path.resolve(file) === EARLY_CLICKS_SOURCE || path.resolve(file) === START_ISLANDS_SOURCE) built = undefined;
    },
  };
}

/**
 * Modules that run in a thread of their own on the server (docs/decisions/0062): each is made an
 * entry of the server build (a file beside index.js that re-exports it), so its code lands in a
 * chunk of its own (server/assets/page-css-thread.server-<hash>.js) that index.js imports too, and
 * a thread started from the module's own address (`import.meta.url`) loads that chunk and what it
 * imports, not the whole server.
 */
import path from "node:path";
import type { Plugin } from "vite";

const THREADS = [path.resolve(import.meta.dirname, "..", "..", "app", "server", "cache", "page-css-thread.server.ts")];

export function serverThreadsPlugin(): Plugin {
  return {
    name: "studio-server-threads",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    buildStart() {
      for (const id of THREADS) this.emitFile({ type: "chunk", id, fileName: `${path.basename(id, ".server.ts")}.js` });
    },
  };
}

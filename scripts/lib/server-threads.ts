/**
 * Modules that run in a thread of their own on the server (docs/decisions/0062): each is built as
 * its own chunk of the server build, beside index.js, so a thread loads that module and what it
 * imports, not the whole server. app/server/cache/page-css-thread.server.ts starts its thread from
 * its own address (`import.meta.url`), which in the build is that chunk.
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

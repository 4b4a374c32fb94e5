import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { beaconPlugin } from "./scripts/lib/beacon.ts";
import { inlineScriptsPlugin } from "./scripts/lib/inline-scripts.ts";
import { islandsPlugin } from "./scripts/lib/islands.ts";
import { serverThreadsPlugin } from "./scripts/lib/server-threads.ts";

// Not @react-router/dev: its entry.client module calls hydrateRoot when evaluated, so it must stay
// alone in the entry chunk, which React Router imports only after the page's globals are set. A
// shared framework chunk inside the entry chunk would have every route module import (and run) it.
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
const ROUTE_FILE = /[\\/]app[\\/](root\.tsx|routes[\\/].+)$/;
const PUBLIC_ROUTE_FILE = /[\\/]app[\\/](root\.tsx|routes[\\/](site|blog)[\\/].+)$/;

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };

/** The route files (root and routes/**) that reach a module through static imports. */
function routesReaching(id: string, graph: ModuleGraph): Set<string> {
  const routes = new Set<string>();
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length) {
    const current = queue.pop()!;
    for (const importer of graph.getModuleInfo(current)?.importers ?? []) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      const file = importer.split("?")[0]!;
      if (ROUTE_FILE.test(file)) routes.add(file);
      else queue.push(importer);
    }
  }
  return routes;
}

/**
 * Fewer, larger chunks for the browser (docs/decisions/0006): React and React Router in one, and
 * the app modules shared by routes, at least one of them public, in another. Route modules,
 * stylesheets, admin-only modules and lazily loaded dialogs keep Rolldown's automatic chunks.
 */
function clientChunk(id: string, graph: ModuleGraph): string | null {
  if (FRAMEWORK.test(id)) return "framework";
  // Stylesheets stay with the routes that import them.
  if (ROUTE_FILE.test(id.split("?")[0]!) || /\.css($|\?)/.test(id)) return null;
  const routes = routesReaching(id, graph);
  return routes.size >= 2 && [...routes].some((file) => PUBLIC_ROUTE_FILE.test(file)) ? "shared" : null;
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), beaconPlugin(), islandsPlugin(), inlineScriptsPlugin(), serverThreadsPlugin()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  server: { host: "127.0.0.1" },
  build: { assetsInlineLimit: 0 },
  environments: {
    client: {
      build: {
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: clientChunk }] } } },
      },
    },
  },
});

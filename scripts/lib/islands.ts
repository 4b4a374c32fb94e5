/**
 * Builds the islands bundle of the public pages (app/islands/entry.ts, docs/decisions/0027): a
 * separate Vite build in which `react` and `react-dom` are Preact's compatibility layer, so the
 * browser gets Preact (~5 KB) and the island components instead of React, React DOM and React
 * Router. Every island is its own lazily imported chunk. `islandsPlugin()` (vite.config.ts) emits
 * the files into the client build's assets/, serves them in the dev server and gives the app the
 * entry's address and each island's files as the module "virtual:islands".
 */
import fs from "node:fs";
import path from "node:path";
import { build, type Plugin, type Rolldown } from "vite";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const APP = path.join(ROOT, "app");
export const ISLANDS_ENTRY = path.join(APP, "islands", "entry.ts");
const REACT_SHIM = path.join(APP, "islands", "react-shim.ts");

const REGISTRY = path.join(APP, "islands", "registry.ts");

/**
 * `src`: the entry's address; `preload`: the files the entry imports statically; `chunks`: per
 * island name, its chunk and the chunks that imports statically (the page preloads them, so an
 * island's code arrives with the entry instead of after it).
 */
export type IslandsManifest = { src: string; preload: string[]; chunks: Record<string, string[]> };
export type BuiltIslands = IslandsManifest & { files: { fileName: string; code: string }[] };

export async function buildIslands(): Promise<BuiltIslands> {
  const result = await build({
    configFile: false,
    root: ROOT,
    logLevel: "warn",
    mode: "production",
    resolve: {
      alias: [
        { find: /^react$/, replacement: REACT_SHIM },
        { find: /^react-dom$/, replacement: "preact/compat" },
        { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
        { find: /^~\//, replacement: `${APP}/` },
      ],
    },
    plugins: [
      // Read by the root layout on the server only; the islands bundle never needs the manifest.
      islandsManifestStub(),
      {
        name: "islands-no-router",
        // An island that reaches React Router would pull the whole router into the bundle.
        resolveId(id, importer) {
          if (/^(react-router|@react-router\/|react-dom\/)/.test(id))
            throw new Error(`${importer ?? "an island"} imports ${id}: islands get plain props and <a> instead`);
          return undefined;
        },
      },
    ],
    build: {
      write: false,
      emptyOutDir: false,
      copyPublicDir: false,
      modulePreload: false,
      target: "es2022",
      minify: true,
      sourcemap: false,
      rolldownOptions: {
        input: ISLANDS_ENTRY,
        output: { entryFileNames: "assets/islands-[hash].js", chunkFileNames: "assets/island-[name]-[hash].js" },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs[0]!.output.filter((o): o is Rolldown.OutputChunk => o.type === "chunk");
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (fileName: string, seen = new Set<string>()) => {
    if (seen.has(fileName)) return seen;
    seen.add(fileName);
    for (const dep of byFile.get(fileName)?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entry = chunks.find((c) => c.isEntry)!;
  const loaded = closure(entry.fileName);
  // The registry's `name: () => import("~/…")` lines: each island's module, hence its chunk.
  const registry = fs.readFileSync(REGISTRY, "utf8");
  const islandChunks: Record<string, string[]> = {};
  for (const [, name, specifier] of registry.matchAll(/"?([\w-]+)"?: \(\) => import\("([^"]+)"\)/g)) {
    const file = path.join(APP, specifier!.replace(/^~\//, ""));
    const chunk = chunks.find((c) => c.facadeModuleId && c.facadeModuleId.replace(/\.tsx?$/, "") === file);
    if (!chunk) throw new Error(`islands: no chunk for the island "${name}" (${specifier})`);
    islandChunks[name!] = [...closure(chunk.fileName)].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
  }
  return {
    src: `/${entry.fileName}`,
    preload: [...loaded].filter((f) => f !== entry.fileName).map((f) => `/${f}`),
    chunks: islandChunks,
    files: chunks.map((c) => ({ fileName: c.fileName, code: c.code })),
  };
}

/**
 * "virtual:islands" as an empty manifest (no script, no chunks): for the islands bundle itself,
 * and for the unit tests (vitest.config.ts), which render routes on the server and never load the
 * browser bundle (the browser tests run the real build).
 */
export function islandsManifestStub(): Plugin {
  return {
    name: "islands-manifest-stub",
    resolveId(id) {
      return id === VIRTUAL_ID ? `${RESOLVED_ID}-stub` : undefined;
    },
    load(id) {
      return id === `${RESOLVED_ID}-stub` ? 'export default { src: "", preload: [], chunks: {} };' : undefined;
    },
  };
}

const VIRTUAL_ID = "virtual:islands";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

export function islandsPlugin(): Plugin {
  let built: Promise<BuiltIslands> | undefined;
  const islands = () => (built ??= buildIslands());
  return {
    name: "studio-islands",
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      this.addWatchFile(REGISTRY);
      const { src, preload, chunks } = await islands();
      return `export default ${JSON.stringify({ src, preload, chunks } satisfies IslandsManifest)};`;
    },
    async generateBundle() {
      if (this.environment.name !== "client") return;
      for (const { fileName, code } of (await islands()).files) this.emitFile({ type: "asset", fileName, source: code });
    },
    configureServer(server) {
      // Any change under app/ may change an island: build again on the next request.
      server.watcher.on("change", (file) => {
        if (path.resolve(file).startsWith(APP)) built = undefined;
      });
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split("?")[0] ?? "";
        if (!/^\/assets\/islands?-/.test(url)) return next();
        islands().then(({ files }) => {
          const file = files.find((f) => `/${f.fileName}` === url);
          if (!file) return next();
          res.setHeader("Content-Type", "text/javascript; charset=utf-8");
          res.end(file.code);
        }, next);
      });
    },
  };
}

/**
 * Builds the islands bundle of the public pages (app/boot/entry.ts, docs/decisions/0027): a
 * separate Vite build in which `react` and `react-dom` are Preact's compatibility layer, so the
 * browser gets Preact (~5 KB) and the island components instead of React, React DOM and React
 * Router. Islands are lazily imported, in chunks cut along the pages' lines (islandChunkNames).
 * `islandsPlugin()` (vite.config.ts) emits the files into the client build's assets/, serves them
 * in the dev server and gives the app the entry's address and each island's files as the module
 * "virtual:islands".
 */
import fs from "node:fs";
import path from "node:path";
import { build, type Plugin, type Rolldown } from "vite";
import type { IslandWords } from "~/server/cache/page-css.server";
import { appWords } from "./island-words";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const APP = path.join(ROOT, "app");
export const ISLANDS_ENTRY = path.join(APP, "boot", "entry.ts");
const REACT_SHIM = path.join(APP, "boot", "react-shim.ts");

const REGISTRY = path.join(APP, "boot", "registry.ts");
/** The entry's hydration (Preact), loaded with the first island that wakes: part of every island's files. */
const HYDRATE = path.join(APP, "boot", "hydrate-island.ts");

/**
 * `src`: the entry's address; `preload`: the files the entry imports statically; `chunks`: per
 * island name, its chunk and the chunks that imports statically (the page preloads them, so an
 * island's code arrives with the entry instead of after it).
 */
export type IslandsManifest = { src: string; preload: string[]; chunks: Record<string, string[]> };
export type BuiltIslands = IslandsManifest & { files: { fileName: string; code: string }[]; words: IslandWords };

export async function buildIslands(): Promise<BuiltIslands> {
  // First Rolldown's own split, to learn which islands load each module (after tree-shaking);
  // then the bundle that is shipped, its chunks cut along the pages' lines (islandChunkNames).
  const registry = registryIslands();
  const first = await bundle(registry);
  const chunks = await bundle(registry, islandChunkNames(first, registry));
  const { entry, loaded, islands } = chunks;
  const notLoaded = (files: Map<string, Set<string>>, from: Set<string>) =>
    Object.fromEntries([...files].map(([name, own]) => [name, [...own].filter((f) => !from.has(f)).map((f) => `/${f}`)]));
  return {
    src: `/${entry.fileName}`,
    preload: [...loaded].filter((f) => f !== entry.fileName).map((f) => `/${f}`),
    chunks: notLoaded(islands, loaded),
    files: chunks.all.map((c) => ({ fileName: c.fileName, code: c.code })),
    // Read from the first build: its chunks are Rolldown's own split, each the modules one set of
    // islands loads, so an island's words are its own modules' (the shipped chunks, cut along the
    // pages' lines, also hold other islands' modules).
    words: {
      entry: [...first.behaviours].sort().map((f) => `/${f}`),
      chunks: notLoaded(first.reachable, first.loaded),
      words: Object.fromEntries(await Promise.all(first.all.map(async (c) => [`/${c.fileName}`, await appWords(c)] as const))),
    },
  };
}

type Bundle = {
  all: Rolldown.OutputChunk[];
  entry: Rolldown.OutputChunk;
  /** The entry's file and the files it imports statically. */
  loaded: Set<string>;
  /** Per island name, the files its module needs (its chunk and that chunk's static imports). */
  islands: Map<string, Set<string>>;
  /** Per island name, every file it may load: those and the files they import later (a dialog's code). */
  reachable: Map<string, Set<string>>;
  /** The entry's files and the files its own code imports later, none of them an island's chunk. */
  behaviours: Set<string>;
};

/** One build of the islands script; `names` groups modules into chunks (see islandChunkNames). */
async function bundle(registry: Map<string, string>, names?: (id: string) => string | null): Promise<Bundle> {
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
        output: {
          entryFileNames: "assets/islands-[hash].js",
          chunkFileNames: "assets/island-[name]-[hash].js",
          // Each group is what one set of islands loads, so it is closed under static imports:
          // its dependencies need not be pulled in with it.
          ...(names && { codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: names, debugName: "pages" }] } }),
        },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const all = outputs[0]!.output.filter((o): o is Rolldown.OutputChunk => o.type === "chunk");
  const byFile = new Map(all.map((c) => [c.fileName, c]));
  const closure = (fileName: string, seen = new Set<string>(), later = false) => {
    if (seen.has(fileName)) return seen;
    seen.add(fileName);
    const chunk = byFile.get(fileName);
    for (const dep of [...(chunk?.imports ?? []), ...(later ? (chunk?.dynamicImports ?? []) : [])]) closure(dep, seen, later);
    return seen;
  };
  const entry = all.find((c) => c.isEntry)!;
  const loaded = closure(entry.fileName);
  const islands = new Map<string, Set<string>>();
  const reachable = new Map<string, Set<string>>();
  // Every island is hydrated by the entry's hydration module (Preact): its files are the island's too,
  // so a page that starts an island at once preloads them, and they are grouped with what every part loads.
  const hydration = all.find((c) => c.moduleIds.includes(HYDRATE));
  if (!hydration) throw new Error(`islands: no chunk for ${HYDRATE}`);
  const hydrationFiles = closure(hydration.fileName);
  const islandChunks = new Set<string>([...hydrationFiles]);
  for (const [name, file] of registry) {
    // A grouped island shares its chunk, which then has no facade module: look for the module itself.
    const chunk = all.find((c) => c.moduleIds.some((id) => id.replace(/\.tsx?$/, "") === file));
    if (!chunk) throw new Error(`islands: no chunk for the island "${name}" (${file})`);
    islandChunks.add(chunk.fileName);
    islands.set(name, new Set([...closure(chunk.fileName), ...hydrationFiles]));
    // Not through the entry's files (shared code lives there, and the entry imports every island later).
    const later = closure(chunk.fileName, new Set(loaded), true);
    reachable.set(name, new Set([...later].filter((f) => !loaded.has(f))));
  }
  // The entry's files and those its own code loads later, not through an island (the blog list's
  // links fetch blog-list.ts, the hero its dot grid): islands' chunks (and their hydration's) stand aside while it is walked.
  const behaviours = new Set([...closure(entry.fileName, new Set(islandChunks), true)].filter((f) => !islandChunks.has(f)));
  return { all, entry, loaded, islands, reachable, behaviours };
}

/** The islands of the site layout (app/routes/site/layout.tsx, app/root.tsx): every public page has them. */
const LAYOUT_ISLANDS = ["header", "toaster", "audit-host"];

/**
 * Chunks along the pages' lines (docs/decisions/0027). Left to itself, Rolldown gives each set of
 * modules loaded by a different set of islands its own chunk: the landing page fetched 25 files,
 * many of 100–300 bytes, each with ~0.5 KB of response headers. Here islands count by the part of
 * the site they belong to: "landing" (the landing page's sections), "layout" (the layout's islands
 * and any island sharing their module, with the islands that start only when touched: share,
 * back, preview banner) and each island of one other page on its own (the blog filters, only on
 * /blog: its list links load their code too, app/components/blog/list-links.ts). A module goes to the chunk of the parts that load it, so a page still downloads only
 * what its islands need, in a handful of files. The entry's own modules stay in the entry.
 */
function islandChunkNames(first: Bundle, islands: Map<string, string>) {
  const landingDir = path.join(APP, "components", "landing") + path.sep;
  const layoutModules = new Set(LAYOUT_ISLANDS.map((name) => islands.get(name)));
  const part = (name: string) => {
    const file = islands.get(name)!;
    if (file.startsWith(landingDir) && !layoutModules.has(file)) return "landing";
    return ONE_PAGE_ISLANDS.includes(name) ? name : "layout";
  };
  const parts = new Map<string, Set<string>>();
  const size = new Map<string, number>();
  for (const chunk of first.all) {
    if (first.loaded.has(chunk.fileName)) continue;
    const users = [...first.islands].filter(([, files]) => files.has(chunk.fileName)).map(([name]) => part(name));
    for (const id of chunk.moduleIds) {
      parts.set(id, new Set([...(parts.get(id) ?? []), ...users]));
      size.set(id, chunk.modules[id]?.renderedLength ?? 0);
    }
  }
  const order = ["landing", "layout"];
  const rank = (p: string) => (order.includes(p) ? order.indexOf(p) : order.length);
  const key = (used: Set<string>) => [...used].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).join("-");
  const keyOf = new Map([...parts].filter(([, used]) => used.size > 0).map(([id, used]) => [id, key(used)]));
  // What every part loads (JSX runtime, the icons' base): also the home of sets too small to be worth a request.
  const everyone = key(new Set([...parts.values()].flatMap((used) => [...used])));
  const setSize = new Map<string, number>();
  for (const [id, set] of keyOf) setSize.set(set, (setSize.get(set) ?? 0) + size.get(id)!);
  return (id: string) => {
    const set = keyOf.get(id);
    if (!set) return null;
    return setSize.get(set)! < SMALL_CHUNK ? everyone : set;
  };
}

/** Below this many bytes of minified code, a chunk costs more in its request than it saves in bytes. */
const SMALL_CHUNK = 2048;

/** Islands of one page other than the landing page, each in a chunk of its own. */
const ONE_PAGE_ISLANDS = ["blog-filters"];

/** The registry's islands: name → module file (without its extension). */
function registryIslands() {
  const registry = fs.readFileSync(REGISTRY, "utf8");
  const islands = new Map<string, string>();
  for (const [, name, specifier] of registry.matchAll(/"?([\w-]+)"?: \(\) => import\("([^"]+)"\)/g))
    islands.set(name!, path.join(APP, specifier!.replace(/^~\//, "")));
  return islands;
}

/**
 * "virtual:islands" as an empty manifest (no script, no chunks), and "virtual:island-words" as no
 * words: for the islands bundle itself,
 * and for the unit tests (vitest.config.ts), which render routes on the server and never load the
 * browser bundle (the browser tests run the real build).
 */
export function islandsManifestStub(): Plugin {
  return {
    name: "islands-manifest-stub",
    resolveId(id) {
      return id === VIRTUAL_ID || id === WORDS_ID ? `\0${id}-stub` : undefined;
    },
    load(id) {
      if (id === `${RESOLVED_ID}-stub`) return 'export default { src: "", preload: [], chunks: {} };';
      if (id === `${RESOLVED_WORDS_ID}-stub`) return "export default { entry: [], chunks: {}, words: {} };";
      return undefined;
    },
  };
}

const VIRTUAL_ID = "virtual:islands";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const WORDS_ID = "virtual:island-words";
const RESOLVED_WORDS_ID = `\0${WORDS_ID}`;

export function islandsPlugin(): Plugin {
  let built: Promise<BuiltIslands> | undefined;
  const islands = () => (built ??= buildIslands());
  return {
    name: "studio-islands",
    resolveId(id) {
      if (id === VIRTUAL_ID) return RESOLVED_ID;
      return id === WORDS_ID ? RESOLVED_WORDS_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID && id !== RESOLVED_WORDS_ID) return undefined;
      this.addWatchFile(REGISTRY);
      const { src, preload, chunks, words } = await islands();
      if (id === RESOLVED_WORDS_ID) return `export default ${JSON.stringify(words satisfies IslandWords)};`;
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

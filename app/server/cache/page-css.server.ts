import postcss from "postcss";
import { PurgeCSS } from "purgecss";
import purgecssFromHtml from "purgecss-from-html";
import { RULES_WITH_CODE } from "~/islands/mode";
import { dropUnusedFaces, pageCharacters, TYPED_LATIN, withCharactersOf } from "./page-fonts.server";

/**
 * A kept public page's inline stylesheet cut to the rules its own HTML uses (docs/decisions/0036).
 *
 * Public pages carry the site stylesheet in a `<style data-href>` (inline-stylesheet.server.ts), first
 * cut by the page's class words (class-cut.server.ts, decision 0063; the whole file is ~12 KB of
 * Brotli, of which a page uses a third to a half). Cut, a post or the blog list fits in
 * the first 14.6 KB a new connection can deliver (TCP's initial window), one round trip sooner.
 * The cut runs once per kept copy, off the request path (page-cache.server.ts). What islands
 * render later may use rules the server HTML did not: the cut also keeps every rule the islands
 * script and the islands that start by themselves may use (`IslandWords`, from the islands build;
 * docs/decisions/0059), and islands that start at a touch (a dialog, a menu, a toast) bring theirs
 * with their code (island-sheet.server.ts, decision 0078), the cut keeping what those name. Only
 * the blog list, which puts another page's HTML in place, loads the whole file
 * (app/islands/stylesheet.ts).
 */

/**
 * The words each file of the islands build may write into a page ("virtual:island-words",
 * scripts/lib/islands.ts): class names, tag and attribute names, texts (`words`, by file address),
 * for the entry's own files (`entry`) and each island's (`chunks`, as in the islands manifest).
 */
export type IslandWords = { entry: string[]; chunks: Record<string, string[]>; words: Record<string, string[]> };

const NO_ISLANDS: IslandWords = { entry: [], chunks: {}, words: {} };
const ISLAND = /<flow-island data-island="([\w-]+)"(?: data-on="([\w-]+)")?/g;

/**
 * The files of the islands build whose words a page's cut keeps (sorted): its islands script's
 * (and what that loads by itself), and those of its islands that start by themselves; none when it
 * has no islands script.
 */
export function islandFilesOf(html: string, islands: IslandWords): string[] {
  return islandFiles(html, islands, "started");
}

/** The files of the islands of `html` that start at a touch (sorted): their rules come with their code (island-sheet.server.ts). */
export function touchIslandFilesOf(html: string, islands: IslandWords): string[] {
  return islandFiles(html, islands, "touched");
}

/**
 * Every file of the islands build `html`'s islands script and islands may load (sorted): a first
 * render's cut by class words keeps their rules (class-cut.server.ts), since its refinement reads
 * what the rules of the islands that start at a touch name from it.
 */
export function allIslandFilesOf(html: string, islands: IslandWords): string[] {
  return islandFiles(html, islands, "all");
}

function islandFiles(html: string, islands: IslandWords, which: "started" | "touched" | "all"): string[] {
  if (!/<script[^>]* data-src="/.test(html)) return [];
  const files = new Set(which === "touched" ? [] : islands.entry);
  for (const [, name, on] of html.matchAll(ISLAND)) {
    const touched = on === RULES_WITH_CODE;
    if ((which === "started" && touched) || (which === "touched" && !touched)) continue;
    for (const file of islands.chunks[name!] ?? []) files.add(file);
  }
  return [...files].sort();
}

/** The words the files `files` of the islands build may write. */
export function wordsOfIslandFiles(files: readonly string[], islands: IslandWords): string[] {
  const words = new Set<string>();
  for (const file of files) for (const word of islands.words[file] ?? []) words.add(word);
  return [...words];
}

/** The words the islands script of `html` and its islands may write, or none when it has no islands script. */
export function islandWordsOf(html: string, islands: IslandWords): string[] {
  return wordsOfIslandFiles(islandFilesOf(html, islands), islands);
}

/** The inline stylesheet that inline-stylesheet.server.ts writes: `data-href` names its file; cut by the page's class words (`data-cut="classes"`) or whole. */
const INLINE_SHEET = /<style data-href="([^"]+)"(?: data-cut="classes")?>([\s\S]*?)<\/style>/;
/** Custom properties a page's own `style` attributes read (an SVG gradient's stop colours). */
const VAR_IN_STYLE = /\bstyle="[^"]*"/g;
const VAR_NAME = /var\((--[\w-]+)/g;

/**
 * `html` with its inline stylesheet cut to the rules its elements use, and those its islands' code
 * may use (`islands`, the islands build's words); unchanged when it has none.
 */
export async function pruneInlineStylesheet(html: string, islands: IslandWords = NO_ISLANDS): Promise<string> {
  const sheet = INLINE_SHEET.exec(html);
  if (!sheet) return html;
  const [whole, href, css] = sheet;
  const rest = html.slice(0, sheet.index) + html.slice(sheet.index + whole.length);
  const usedVariables = new Set<string>();
  for (const [attribute] of rest.matchAll(VAR_IN_STYLE)) for (const [, name] of attribute.matchAll(VAR_NAME)) usedVariables.add(name!);
  const scriptWords = islandWordsOf(html, islands);
  // The islands that start at a touch bring their rules, not what those rules name: adding a
  // variable, a `@property` or a font face makes the browser style the whole page again (decision
  // 0078), so the cut keeps them for those rules, and the faces of those islands' texts.
  const touched = touchIslandFilesOf(html, islands);
  const theirs = touched.length > 0 ? await namedBy(css!, touched, islands) : { variables: [], words: [] };
  // Tailwind's own (`--tw-*`) are registered (`@property`); their fallbacks for browsers without
  // it, in the `properties` layer, come with the islands' sheets.
  const theme = theirs.variables.filter((name) => !name.startsWith("--tw-"));
  const root = await rulesUsed(css!, rest, scriptWords, new Set([...usedVariables, ...theme]), theirs.variables);
  // With islands, visitors type (a name in the audit form, a search): accented Latin stays in Inter.
  const typed = scriptWords.length > 0 ? [TYPED_LATIN] : [];
  dropUnusedFaces(root, withCharactersOf([...scriptWords, ...theirs.words, ...typed], pageCharacters(rest)));
  const cut = withLayerOrder(root.toString(), css!);
  return html.slice(0, sheet.index) + `<style data-href="${href}" data-cut="">${cut}</style>` + html.slice(sheet.index + whole.length);
}

/**
 * The rules of `css` that the elements of `html` use, or that scripts writing `scriptWords` may
 * (a word may be a class, a tag, an attribute or its value), and the `@property` registrations
 * they read; every `@font-face` stays (the caller keeps the faces its characters need).
 */
export async function rulesUsed(
  css: string,
  html: string,
  scriptWords: readonly string[],
  usedVariables: ReadonlySet<string> = new Set(),
  registered: readonly string[] = [],
): Promise<postcss.Root> {
  const found = purgecssFromHtml(html);
  found.undetermined.push(...scriptWords);
  found.attributes.names.push(...scriptWords.filter((word) => /^(?:aria|data)-[\w-]+$/.test(word)));
  const { css: guarded, restore } = guardKeptSelectors(css);
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: html, extension: "html" }],
    css: [{ raw: guarded }],
    extractors: [{ extractor: () => found, extensions: ["html"] }],
    // An attribute's value is state that scripts change (aria-expanded, data-scrolled): a rule on
    // an attribute the page has is kept whatever value the server wrote. `open` is the browser's
    // own (a <details> opened without any script).
    dynamicAttributes: [...found.attributes.names, "open", GUARD],
    keyframes: true,
    variables: true,
    safelist: { variables: [...usedVariables] },
  });
  // One parse of PurgeCSS's output for the steps after it.
  const root = postcss.parse(result!.css);
  restore(root);
  dropUnusedProperties(root, registered);
  return root;
}

/** Per stylesheet (the whole text: two builds' files can share a length and an opening), per set of files of islands that start at a touch: the variables their rules read, and their words (for their texts' faces). */
const named = new Map<string, Map<string, Promise<{ variables: string[]; words: string[] }>>>();

/** What the rules of the islands build's `files` read (custom properties) and write (words), worked out once per stylesheet and files. */
function namedBy(css: string, files: readonly string[], islands: IslandWords) {
  // A process serves one build's stylesheet; tests bring others.
  if (!named.has(css) && named.size >= 4) named.clear();
  const bySheet = named.get(css) ?? named.set(css, new Map()).get(css)!;
  const key = files.join(" ");
  let found = bySheet.get(key);
  if (!found) {
    const words = wordsOfIslandFiles(files, islands);
    found = rulesUsed(css, "", words).then((root) => {
      const variables = new Set<string>();
      root.walkDecls((decl) => {
        for (const [, name] of decl.value.matchAll(VAR_NAME)) variables.add(name!);
      });
      return { variables: [...variables], words };
    });
    if (bySheet.size >= 64) bySheet.clear();
    bySheet.set(key, found);
    found.catch(() => bySheet.delete(key));
  }
  return found;
}

/** The attribute standing for a guarded rule's selector while PurgeCSS reads the stylesheet. */
const GUARD = "data-page-css-kept";

/** A selector of pseudo-classes alone (`:focus-visible`, `:-moz-ui-invalid`): it may match any element. */
const PSEUDO_ONLY = /^(?::[\w-]+(?:\([^()]*\))?)+$/;
/** Whether one of `selector`'s selectors (split at its top-level commas) is of pseudo-classes alone. */
const anyPseudoOnly = (selector: string) => selector.split(/,(?![^(]*\))/).some((part) => PSEUDO_ONLY.test(part.trim()));

/**
 * Rules PurgeCSS 8 drops though the page may use them, kept: a selector negating an attribute
 * inside `:where(…)` (it reads the negated part as needed), such as Tailwind's
 * `[hidden]:where(:not([hidden=until-found]))`, and a selector of pseudo-classes alone, such as the
 * site's focus ring (`:focus-visible { outline: … }`, which every kept page had lost). Their
 * selectors stand aside as an attribute PurgeCSS keeps, and come back after.
 */
export function guardKeptSelectors(css: string): { css: string; restore: (cut: postcss.Root) => void } {
  const root = postcss.parse(css);
  const selectors: string[] = [];
  root.walkRules((rule) => {
    if ((rule.parent as postcss.AtRule | undefined)?.name === "keyframes") return;
    if (!/:(?:where|is)\([^{]*:not\(\[/.test(rule.selector) && !anyPseudoOnly(rule.selector)) return;
    selectors.push(rule.selector);
    rule.selector = `[${GUARD}="${selectors.length - 1}"]`;
  });
  if (selectors.length === 0) return { css, restore: () => {} };
  const guard = new RegExp(`^\\[${GUARD}="(\\d+)"\\]$`);
  const restore = (cut: postcss.Root) =>
    cut.walkRules((rule) => {
      const index = guard.exec(rule.selector)?.[1];
      if (index !== undefined) rule.selector = selectors[Number(index)]!;
    });
  return { css: root.toString(), restore };
}

const LAYER = /@layer\s+([\w-]+(?:\s*,\s*[\w-]+)*)\s*[{;]/g;

/**
 * `cut` opening with the cascade layers of `whole` in their order when it lost one: the whole
 * file, loaded later, must not append a layer the cut left out after the others (a layer's rank
 * is where it first appears).
 */
export function withLayerOrder(cut: string, whole: string): string {
  const names = (css: string) => [...new Set([...css.matchAll(LAYER)].flatMap((m) => m[1]!.split(",").map((n) => n.trim())))];
  const order = names(whole);
  const kept = new Set(names(cut));
  return order.every((name) => kept.has(name)) ? cut : `@layer ${order.join(",")};${cut}`;
}

/**
 * `css` without the `@property` registrations of custom properties no rule reads: Tailwind
 * registers one per utility variable (`--tw-shadow`…) and PurgeCSS keeps them all.
 */
export function withoutUnusedProperties(css: string): string {
  const root = postcss.parse(css);
  dropUnusedProperties(root);
  return root.toString();
}

function dropUnusedProperties(root: postcss.Root, registered: readonly string[] = []) {
  const read = new Set<string>(registered);
  root.walkDecls((decl) => {
    for (const [, name] of decl.value.matchAll(VAR_NAME)) read.add(name!);
  });
  root.walkAtRules("property", (rule) => {
    if (!read.has(rule.params.trim())) rule.remove();
  });
}

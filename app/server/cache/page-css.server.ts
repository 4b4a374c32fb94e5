import postcss from "postcss";
import { PurgeCSS } from "purgecss";
import purgecssFromHtml from "purgecss-from-html";

/**
 * A kept public page's inline stylesheet cut to the rules its own HTML uses (docs/decisions/0036).
 *
 * Public pages carry the site stylesheet in a `<style data-href>` (inline-stylesheet.server.ts), first
 * cut by the page's class words (class-cut.server.ts, decision 0063; the whole file is ~12 KB of
 * Brotli, of which a page uses a third to a half). Cut, a post or the blog list fits in
 * the first 14.6 KB a new connection can deliver (TCP's initial window), one round trip sooner.
 * The cut runs once per kept copy, off the request path (page-cache.server.ts). What islands
 * render later (an open dialog, a toast, a form's error) may use rules the server HTML did not:
 * the cut also keeps every rule the page's islands' code may use (`IslandWords`, from the islands
 * build), so no island needs the whole file (docs/decisions/0059). Only the blog list, which puts
 * another page's HTML in place, loads it (app/islands/stylesheet.ts).
 */

/**
 * The words each file of the islands build may write into a page ("virtual:island-words",
 * scripts/lib/islands.ts): class names, tag and attribute names, texts (`words`, by file address),
 * for the entry's own files (`entry`) and each island's (`chunks`, as in the islands manifest).
 */
export type IslandWords = { entry: string[]; chunks: Record<string, string[]>; words: Record<string, string[]> };

const NO_ISLANDS: IslandWords = { entry: [], chunks: {}, words: {} };
const ISLAND_NAME = /<flow-island data-island="([\w-]+)"/g;

/** The files of the islands build that `html`'s islands script and islands load (sorted), or none when it has no islands script. */
export function islandFilesOf(html: string, islands: IslandWords): string[] {
  if (!/<script[^>]* data-src="/.test(html)) return [];
  const files = new Set(islands.entry);
  for (const [, name] of html.matchAll(ISLAND_NAME)) for (const file of islands.chunks[name!] ?? []) files.add(file);
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
  const found = purgecssFromHtml(rest);
  // What the islands may write counts as written: a word may be a class, a tag, an attribute or its value.
  const scriptWords = islandWordsOf(html, islands);
  found.undetermined.push(...scriptWords);
  found.attributes.names.push(...scriptWords.filter((word) => /^(?:aria|data)-[\w-]+$/.test(word)));
  const { css: guarded, restore } = guardNegations(css!);
  const [result] = await new PurgeCSS().purge({
    content: [{ raw: rest, extension: "html" }],
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
  dropUnusedProperties(root);
  // With islands, visitors type (a name in the audit form, a search): accented Latin stays in Inter.
  const typed = scriptWords.length > 0 ? [TYPED_LATIN] : [];
  dropUnusedFaces(root, withCharactersOf([...scriptWords, ...typed], pageCharacters(rest)));
  const cut = withLayerOrder(root.toString(), css!);
  return html.slice(0, sheet.index) + `<style data-href="${href}" data-cut="">${cut}</style>` + html.slice(sheet.index + whole.length);
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
export function guardNegations(css: string): { css: string; restore: (cut: postcss.Root) => void } {
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

/** The characters a page may draw: every code point of its HTML but control ones, numeric character references decoded; null when it names a character (`&eacute;`), which is not decoded here. */
export function pageCharacters(html: string): Set<number> | null {
  const withoutMarkupEntities = html.replace(/&(?:amp|lt|gt|quot|apos);/g, " ").replace(/&nbsp;/g, "\u00a0");
  if (/&[A-Za-z][A-Za-z0-9]*;/.test(withoutMarkupEntities)) return null;
  const chars = new Set<number>();
  const decoded = withoutMarkupEntities.replace(/&#(x[0-9a-fA-F]+|[0-9]+);/g, (_m, n: string) => {
    const code = n[0] === "x" ? parseInt(n.slice(1), 16) : parseInt(n, 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
  for (const char of decoded) {
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && (code < 0x7f || code > 0x9f)) chars.add(code); // control characters (line breaks, tabs) draw no glyph
  }
  return chars;
}

/** Latin-1 Supplement and Latin Extended-A (U+00A0–U+017F): the accented letters visitors type in names and searches. */
const TYPED_LATIN = String.fromCodePoint(...Array.from({ length: 0x17f - 0xa0 + 1 }, (_, i) => 0xa0 + i));

/**
 * `chars` with the characters of `words` (the islands' texts: a dialog's "×", an error's words),
 * their `\uXXXX` escapes decoded; null stays null (every face kept).
 */
export function withCharactersOf(words: string[], chars: Set<number> | null): Set<number> | null {
  if (!chars || words.length === 0) return chars;
  const all = new Set(chars);
  for (const word of words) {
    const decoded = word.replace(/\\u\{([0-9a-fA-F]+)\}|\\u([0-9a-fA-F]{4})/g, (_m, long: string | undefined, short: string | undefined) => {
      const code = parseInt(long ?? short!, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : "";
    });
    for (const char of decoded) {
      const code = char.codePointAt(0)!;
      if (code >= 0x20 && (code < 0x7f || code > 0x9f)) all.add(code);
    }
  }
  return all;
}

/** The ranges of a `unicode-range` descriptor (`U+0000-00FF, U+0131, U+4??`). */
export function unicodeRanges(value: string): [number, number][] {
  return value.split(",").flatMap((part) => {
    const token = part.trim().replace(/^u\+/i, "");
    if (token.includes("?")) return [[parseInt(token.replace(/\?/g, "0"), 16), parseInt(token.replace(/\?/g, "F"), 16)]];
    const [from, to = from] = token.split("-");
    const range: [number, number] = [parseInt(from!, 16), parseInt(to!, 16)];
    return Number.isNaN(range[0]) || Number.isNaN(range[1]) ? [] : [range];
  });
}

/**
 * `css` without the `@font-face` rules no character of the page would be drawn with: of faces
 * alike but for their `unicode-range`, a browser draws a character with the last one defined that
 * covers it, and a family later in a font stack draws only what the families before it do not
 * cover (the site's cut of Inter, then the rest of Inter by script: decisions 0035 and 0072).
 * `chars` null keeps them all.
 */
export function withoutUnusedFaces(css: string, chars: Set<number> | null): string {
  if (!chars) return css;
  const root = postcss.parse(css);
  dropUnusedFaces(root, chars);
  return root.toString();
}

type Face = { rule: postcss.AtRule; family: string; key: string; ranges: [number, number][] | null };

const covers = (face: Face, char: number) => !face.ranges || face.ranges.some(([from, to]) => char >= from && char <= to);
const familyName = (value: string) => value.trim().replace(/^["']|["']$/g, "");

/**
 * The font stacks of `root` (`font-family` declarations and custom properties named `--font…`, as
 * Tailwind's `--font-sans`), each as the families before every face family it names.
 */
function familiesBefore(root: postcss.Root, faceFamilies: Set<string>): Map<string, string[][]> {
  const before = new Map<string, string[][]>();
  root.walkDecls((decl) => {
    const prop = decl.prop.toLowerCase();
    if (prop !== "font-family" && !prop.startsWith("--font")) return;
    if (decl.parent?.type === "atrule" && (decl.parent as postcss.AtRule).name === "font-face") return;
    const stack = decl.value.split(",").map(familyName);
    stack.forEach((family, i) => {
      if (!faceFamilies.has(family)) return;
      if (!before.has(family)) before.set(family, []);
      before.get(family)!.push(stack.slice(0, i));
    });
  });
  return before;
}

function dropUnusedFaces(root: postcss.Root, chars: Set<number> | null) {
  if (!chars) return;
  const faces: Face[] = [];
  root.walkAtRules("font-face", (rule) => {
    const descriptors = new Map<string, string>();
    rule.walkDecls((decl) => void descriptors.set(decl.prop.toLowerCase(), decl.value));
    const range = descriptors.get("unicode-range");
    const family = familyName(descriptors.get("font-family") ?? "");
    for (const name of ["unicode-range", "src", "font-family"]) descriptors.delete(name);
    faces.push({ rule, family, key: [...descriptors].sort().join(";"), ranges: range ? unicodeRanges(range) : null });
  });
  const before = familiesBefore(root, new Set(faces.map((face) => face.family)));
  // A character reaches a face's family unless, in every stack naming it, a family before it has a face alike that covers the character.
  const reaches = (face: Face, char: number) => {
    const stacks = before.get(face.family);
    if (!stacks) return true;
    return stacks.some((earlier) => !faces.some((other) => other.key === face.key && earlier.includes(other.family) && covers(other, char)));
  };
  const used = new Set<postcss.AtRule>();
  for (const char of chars) {
    const chosen = new Set<string>();
    for (let i = faces.length - 1; i >= 0; i--) {
      const face = faces[i]!;
      const font = `${face.family};${face.key}`;
      if (chosen.has(font) || !covers(face, char)) continue;
      chosen.add(font);
      if (reaches(face, char)) used.add(face.rule);
    }
  }
  for (const face of faces) if (!used.has(face.rule)) face.rule.remove();
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

function dropUnusedProperties(root: postcss.Root) {
  const read = new Set<string>();
  root.walkDecls((decl) => {
    for (const [, name] of decl.value.matchAll(VAR_NAME)) read.add(name!);
  });
  root.walkAtRules("property", (rule) => {
    if (!read.has(rule.params.trim())) rule.remove();
  });
}

import postcss from "postcss";
import { keptLast } from "~/server/cache/kept-last.server";

/**
 * A rendered public page's inline stylesheet cut by its class words, on the request's path
 * (docs/decisions/0063). The page cache's refined cut (PurgeCSS, app/server/cache/page-css.server.ts)
 * takes 30–300 ms and runs in the background for pages read again; a page's first reader got the
 * whole 96 KB file, ~5 ms of every miss spent carrying it (the render's transform, the page cache's
 * copy, Brotli). Most of the file is Tailwind's utilities, rules that match only elements with
 * their class: a utility whose class no element of the page has, and no island of the page may
 * write, can go. Everything else stays (elements, attributes, ids, variables, font faces), so the
 * cut keeps every rule PurgeCSS would keep, and the refinement made from it is the same.
 */

/** A rule kept always (`needs` null) or when, for one of its selectors, the page has every class it needs; or a group (`@media`…) kept when one of its pieces is. */
type Piece = { text: string; needs: string[][] | null } | { open: string; close: string; children: Piece[]; always: boolean };

/** At-rules whose rules are cut one by one; a cascade layer's block stays even when emptied (its place in the layer order). */
const GROUPS = new Set(["media", "supports", "layer", "container", "starting-style"]);

/**
 * `css` made ready to cut: its pieces, and for each set of class words the stylesheet they keep.
 * The last CUTS_KEPT cuts are kept by their words: the pages of one kind (the list's pages, the
 * posts) have the same words, and a 60-card blog page's cut took ~0.45 ms of each miss.
 * `named(key, classes)` is the cut of the words `classes()` gives, kept under a `key` the caller
 * says names them, so that they are gathered only when the cut is not kept: a public page's words
 * include its islands' (a few thousand), and naming them by sorting them took ~0.4 ms of each miss.
 */
export function classCutOf(css: string) {
  const root = postcss.parse(css);
  const pieces = piecesOf(root);
  const made = keptLast<string>(CUTS_KEPT);
  const named = (key: string, classes: () => ReadonlySet<string>) =>
    made.get(key, () => {
      const out: string[] = [];
      emit(pieces, classes(), out);
      return out.join("") + (root.raws.after ?? "");
    });
  // Class words hold no whitespace: joined by a space, a sorted set names itself.
  const cut = (classes: ReadonlySet<string>) => named([...classes].sort().join(" "), () => classes);
  return Object.assign(cut, { named, kept: made.size });
}
export const CUTS_KEPT = 32;

function piecesOf(container: postcss.Container): Piece[] {
  return (container.nodes ?? []).map((node): Piece => {
    if (node.type === "atrule" && node.nodes && GROUPS.has(node.name.toLowerCase())) {
      const whole = before(node) + node.toString();
      return {
        open: whole.slice(0, whole.indexOf("{") + 1),
        close: `${node.raws.after ?? ""}}`,
        children: piecesOf(node),
        always: node.name.toLowerCase() === "layer",
      };
    }
    if (node.type === "rule") return { text: before(node) + node.toString(), needs: classesNeeded(node.selector) };
    // A statement (`@layer a, b;`, `@import`) ends with the semicolon its parent's text held.
    const end = node.type === "atrule" && !node.nodes ? ";" : "";
    return { text: before(node) + node.toString() + end, needs: null };
  });
}

/** The whitespace a node has before it in the file (not part of its own text). */
const before = (node: postcss.ChildNode) => node.raws.before ?? "";

function emit(pieces: Piece[], classes: ReadonlySet<string>, out: string[]): boolean {
  let kept = false;
  for (const piece of pieces) {
    if ("open" in piece) {
      const mark = out.length;
      out.push(piece.open);
      if (emit(piece.children, classes, out) || piece.always) {
        out.push(piece.close);
        kept = true;
      } else out.length = mark;
    } else if (!piece.needs || piece.needs.some((need) => need.every((name) => classes.has(name)))) {
      out.push(piece.text);
      kept = true;
    }
  }
  return kept;
}

/**
 * For each selector of a rule's list, the classes an element (or its ancestors, siblings,
 * descendants) must have for it to match; null when one of them needs none (`p`, `[hidden]`,
 * `:root`), so the rule always stays. Classes under `:not()` are not needed, nor those of a
 * `:is()`/`:where()`/`:has()` listing alternatives.
 */
export function classesNeeded(selector: string): string[][] | null {
  const needs: string[][] = [];
  const { alternatives } = scan(selector, 0, false);
  for (const classes of alternatives) {
    if (classes.length === 0) return null;
    needs.push(classes);
  }
  return needs;
}

/**
 * Reads a selector list from `at` to its end (or to the `)` closing it when `nested`): the classes
 * of each of its selectors, and where it stopped.
 */
function scan(s: string, at: number, nested: boolean): { alternatives: string[][]; end: number } {
  const alternatives: string[][] = [[]];
  let i = at;
  while (i < s.length) {
    const c = s[i]!;
    if (c === "\\") i = identifier(s, i).end;
    else if (c === '"' || c === "'") i = afterString(s, i);
    else if (c === "[") i = afterAttribute(s, i);
    else if (c === ",") {
      alternatives.push([]);
      i++;
    } else if (c === ")" && nested) return { alternatives, end: i + 1 };
    else if (c === ".") {
      const { name, end } = identifier(s, i + 1);
      if (name) alternatives.at(-1)!.push(name);
      i = end;
    } else if (c === ":") {
      const { name, end } = identifier(s, s[i + 1] === ":" ? i + 2 : i + 1);
      if (s[end] === "(") {
        const inner = scan(s, end + 1, true);
        if (name.toLowerCase() !== "not" && inner.alternatives.length === 1) alternatives.at(-1)!.push(...inner.alternatives[0]!);
        i = inner.end;
      } else i = end;
    } else i++;
  }
  return { alternatives, end: i };
}

/** A CSS identifier from `at`, its escapes decoded (`\:` is ":", `\31 ` is "1"). */
function identifier(s: string, at: number): { name: string; end: number } {
  let name = "";
  let i = at;
  while (i < s.length) {
    const c = s[i]!;
    if (c === "\\") {
      const hex = /^[0-9a-fA-F]{1,6}/.exec(s.slice(i + 1, i + 7))?.[0];
      if (hex) {
        const code = parseInt(hex, 16);
        name += code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\ufffd";
        i += 1 + hex.length;
        if (/\s/.test(s[i] ?? "")) i++;
      } else {
        name += s[i + 1] ?? "";
        i += 2;
      }
    } else if (/[\w-]/.test(c) || c.charCodeAt(0) >= 0x80) {
      name += c;
      i++;
    } else break;
  }
  return { name, end: i };
}

function afterString(s: string, at: number): number {
  const quote = s[at];
  let i = at + 1;
  while (i < s.length && s[i] !== quote) i += s[i] === "\\" ? 2 : 1;
  return i + 1;
}

function afterAttribute(s: string, at: number): number {
  let i = at + 1;
  while (i < s.length && s[i] !== "]") {
    if (s[i] === "\\") i += 2;
    else if (s[i] === '"' || s[i] === "'") i = afterString(s, i);
    else i++;
  }
  return i + 1;
}

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const ENTITY = /&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * The class names of `html`'s elements (React's escapes in attribute values decoded). Each distinct
 * attribute value is split once: a blog page's 60 cards repeat the same few dozen values.
 */
export function classWordsOf(html: string): Set<string> {
  const values = new Set<string>();
  for (const [, value] of html.matchAll(CLASS_ATTRIBUTE)) values.add(value!);
  const words = new Set<string>();
  for (const value of values) {
    const decoded = value.includes("&")
      ? value.replace(ENTITY, (_m, hex: string | undefined, dec: string | undefined, named: string | undefined) =>
          named ? NAMED[named]! : String.fromCodePoint(Math.min(parseInt(hex ?? dec!, hex ? 16 : 10), 0x10ffff)),
        )
      : value;
    for (const word of decoded.split(/\s+/)) if (word) words.add(word);
  }
  return words;
}

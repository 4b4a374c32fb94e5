import postcss from "postcss";

/**
 * The font faces a kept page's cut keeps (page-css.server.ts): those that draw a character of the
 * page, of its islands' texts, or of what visitors type (docs/decisions/0035 and 0072).
 */

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
export const TYPED_LATIN = String.fromCodePoint(...Array.from({ length: 0x17f - 0xa0 + 1 }, (_, i) => 0xa0 + i));

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

export function dropUnusedFaces(root: postcss.Root, chars: Set<number> | null) {
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

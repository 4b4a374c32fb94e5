import fs from "node:fs";
import { createRequire } from "node:module";
import subsetFont from "subset-font";

/**
 * The characters nearly every page is written in: printable ASCII and the typographic marks the
 * site's texts use (no-break space, ©, ®, ·, ×, dashes, curly quotes, bullet, ellipsis, €, ™), all within @fontsource's Latin file.
 * Anything else (é, ß, Greek…) falls through to the next family of the font stack, "Inter Extended"
 * (@fontsource's full files by script, docs/decisions/0072), fetched only by a page that has such a character.
 */
export const SUBSET_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xa9, 0xa9],
  [0xae, 0xae],
  [0xb7, 0xb7],
  [0xd7, 0xd7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
];

/** The weights the site sets (font-normal to font-black); the subset keeps only this part of Inter's weight axis. */
export const SUBSET_WEIGHTS = { min: 400, max: 900 } as const;

/** OpenType features kept: kerning, ligatures and contextual forms, marks, tabular figures (counters, tables), and Inter's weight-dependent glyph swaps. */
const KEPT_FEATURES = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk", "tnum", "rvrn"];

/** Where the subset is kept (committed, made by scripts/make-font-subset.ts). */
export const SUBSET_FILE = new URL("../../app/assets/fonts/inter-basic-wght.woff2", import.meta.url);

const hex = (code: number) => code.toString(16).toUpperCase().padStart(4, "0");

/** The subset's CSS `unicode-range` value. */
export function subsetUnicodeRange() {
  return SUBSET_RANGES.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(", ");
}

/** Every character of the subset. */
export function subsetCharacters() {
  let text = "";
  for (const [from, to] of SUBSET_RANGES) for (let code = from; code <= to; code++) text += String.fromCodePoint(code);
  return text;
}

/** Cuts the installed @fontsource-variable/inter Latin file down to the subset (woff2). */
export async function makeSubset(): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  const source = fs.readFileSync(require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"));
  return subsetFont(source, subsetCharacters(), { targetFormat: "woff2", keepFeatures: KEPT_FEATURES, variationAxes: { wght: SUBSET_WEIGHTS } });
}

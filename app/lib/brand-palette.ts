/**
 * Deterministic colours for generated imagery (post covers, share images, avatars): the same
 * text always gets the same swatch, on the server and in the browser, with no stored state.
 */

/** One hue in three strengths, each readable on the site's near-black background. */
export type Swatch = {
  /** The hue itself: accents, glows, pattern strokes. */
  solid: string;
  /** A very dark shade of it: the far end of gradients, under white text. */
  deep: string;
  /** A light tint: small text and labels on dark backgrounds. */
  soft: string;
};

/** Hues that sit well next to the brand's violet and cyan (Tailwind's 500 / 950 / 300 steps). */
export const SWATCHES: readonly Swatch[] = [
  { solid: "#8b5cf6", deep: "#2e1065", soft: "#c4b5fd" }, // violet
  { solid: "#06b6d4", deep: "#083344", soft: "#67e8f9" }, // cyan
  { solid: "#10b981", deep: "#022c22", soft: "#6ee7b7" }, // emerald
  { solid: "#f59e0b", deep: "#451a03", soft: "#fcd34d" }, // amber
  { solid: "#f43f5e", deep: "#4c0519", soft: "#fda4af" }, // rose
  { solid: "#6366f1", deep: "#1e1b4b", soft: "#a5b4fc" }, // indigo
  { solid: "#d946ef", deep: "#4a044e", soft: "#f0abfc" }, // fuchsia
  { solid: "#14b8a6", deep: "#042f2e", soft: "#5eead4" }, // teal
  { solid: "#0ea5e9", deep: "#082f49", soft: "#7dd3fc" }, // sky
  { solid: "#f97316", deep: "#431407", soft: "#fdba74" }, // orange
];

/** The brand's own swatch (primary violet into accent cyan), for pages that have no category. */
export const BRAND_SWATCH: Swatch = { solid: "#7b61ff", deep: "#1e1b4b", soft: "#c4b8ff" };

/** FNV-1a over the text's code points: a small, stable, well-spread 32-bit hash. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Picks one of `count` options for a text, ignoring case and surrounding spaces. */
export function pickFor(text: string, count: number): number {
  return hashText(text.trim().toLowerCase()) % count;
}

/**
 * The studio's own categories get hues chosen to tell them apart at a glance (a hash could give
 * two of four the same colour); any other category gets a stable hue from its name.
 */
const CATEGORY_SWATCH = new Map([
  ["ai agents", 0],
  ["automation", 1],
  ["case studies", 2],
  ["venture capital", 3],
]);

/** The swatch of a blog category: every post of a category shares its colour. */
export function categorySwatch(category: string): Swatch {
  const key = category.trim().toLowerCase();
  return SWATCHES[CATEGORY_SWATCH.get(key) ?? pickFor(key, SWATCHES.length)]!;
}

/**
 * A swatch as the custom properties blog.css's `.cover-swatch` draws its gradients with (and the
 * generated cover its kicker and bar): one short style attribute where a card had three, each
 * spelling out its gradients (a 60-card blog page carried ~15 KB of them).
 */
export function swatchStyle(swatch: Swatch): Record<`--cover-${keyof Swatch}`, string> {
  return { "--cover-solid": swatch.solid, "--cover-deep": swatch.deep, "--cover-soft": swatch.soft };
}

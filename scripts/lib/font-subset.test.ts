import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { makeSubset, SUBSET_FILE, SUBSET_RANGES, subsetUnicodeRange } from "./font-subset";

const require = createRequire(import.meta.url);

/** The code point ranges of a CSS unicode-range value. */
function ranges(value: string) {
  return value.split(",").map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(from!, 16), parseInt(to!, 16)] as const;
  });
}

describe("the Inter subset", () => {
  it("is the file the script makes from the installed Inter (run scripts/make-font-subset.ts after an upgrade)", async () => {
    const made = await makeSubset();
    expect(made.length).toBeLessThan(25 * 1024);
    expect(Buffer.compare(fs.readFileSync(SUBSET_FILE), made)).toBe(0);
  });

  it('is declared in app/app.css with the script\'s unicode-range, the one face of "Inter Variable", first in the font stack', () => {
    const css = fs.readFileSync(new URL("../../app/app.css", import.meta.url), "utf8");
    const faces = [...css.matchAll(/@font-face\s*{[^}]*}/g)].map((m) => m[0]);
    const face = faces.find((f) => f.includes("inter-basic-wght.woff2"));
    expect(face).toBeDefined();
    expect(/unicode-range:\s*([^;]+);/.exec(face!)?.[1]).toBe(subsetUnicodeRange());
    expect(face).toMatch(/font-weight:\s*100 900;/);
    expect(faces.filter((f) => /font-family:\s*"Inter Variable"/.test(f))).toEqual([face]);
    expect(css).toMatch(/--font-sans:\s*"Inter Variable", "Inter Extended", "Inter Fallback",/);
    expect(css).not.toContain("@fontsource-variable/inter/wght.css");
  });

  it("has the rest of Inter next in the stack: each of @fontsource's files by script, with its range, alike but for the family", () => {
    const css = fs.readFileSync(new URL("../../app/app.css", import.meta.url), "utf8");
    const basic = /@font-face\s*{[^}]*inter-basic-wght\.woff2[^}]*}/.exec(css)![0];
    const declared = [...css.matchAll(/@font-face\s*{[^}]*"Inter Extended"[^}]*}/g)].map((m) => m[0]);
    const installed = fs.readFileSync(require.resolve("@fontsource-variable/inter/wght.css"), "utf8");
    const sources = [...installed.matchAll(/src: url\(\.\/files\/([\w-]+\.woff2)\)[^}]*unicode-range:\s*([^;]+);/g)];
    expect(sources.length).toBeGreaterThan(0);
    expect(declared).toHaveLength(sources.length);
    for (const [, file, range] of sources) {
      const face = declared.find((f) => f.includes(`@fontsource-variable/inter/files/${file}`));
      expect(face, file).toBeDefined();
      expect(ranges(/unicode-range:\s*([^;]+);/.exec(face!)![1]!)).toEqual(ranges(range!));
      // Alike but for the family, source and range: the same style, display and weights as the cut.
      const rest = (f: string) => f.replace(/font-family:[^;]*;|src:[^;]*;|unicode-range:[^;]*;|\s/g, "");
      expect(rest(face!)).toBe(rest(basic));
    }
  });

  it("covers only characters of @fontsource's Latin file, so each has its glyph", () => {
    const css = fs.readFileSync(require.resolve("@fontsource-variable/inter/wght.css"), "utf8");
    const latin = /inter-latin-wght-normal\.woff2[^}]*unicode-range:\s*([^;]+);/.exec(css)?.[1];
    expect(latin).toBeDefined();
    const source = ranges(latin!);
    for (const [from, to] of SUBSET_RANGES) {
      expect(
        source.some(([a, b]) => a <= from && to <= b),
        `U+${from.toString(16)}-${to.toString(16)}`,
      ).toBe(true);
    }
  });
});

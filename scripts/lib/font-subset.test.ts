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

  it("is declared in app/app.css with the script's unicode-range, after @fontsource's faces and with their weight range", () => {
    const css = fs.readFileSync(new URL("../../app/app.css", import.meta.url), "utf8");
    const face = /@font-face\s*{[^}]*inter-basic-wght\.woff2[^}]*}/.exec(css)?.[0];
    expect(face).toBeDefined();
    expect(/unicode-range:\s*([^;]+);/.exec(face!)?.[1]).toBe(subsetUnicodeRange());
    expect(face).toMatch(/font-family:\s*"Inter Variable"/);
    expect(face).toMatch(/font-weight:\s*100 900;/);
    expect(css.indexOf('@import "@fontsource-variable/inter/wght.css"')).toBeLessThan(css.indexOf(face!));
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

import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { islandSheet, scopeRules } from "./island-sheet.server";
import type { IslandWords } from "./page-css.server";

const islands: IslandWords = {
  entry: ["/assets/islands-e.js"],
  chunks: { menu: ["/assets/island-menu.js", "/assets/island-shared.js"] },
  words: {
    "/assets/islands-e.js": ["fixed"],
    "/assets/island-menu.js": ["p-2", "sm:p-4", "nav", "aria-expanded", "fade", "Menu ×"],
    "/assets/island-shared.js": ["rounded"],
  },
};

const CSS =
  "/*! licence */@layer theme,base,utilities;@layer theme{:root{--color-a:red;--color-unused:blue}}" +
  "@layer base{nav{display:block}}" +
  "@layer utilities{.p-2{padding:2px;color:var(--color-a)}.rounded{border-radius:4px}.fixed{position:fixed}.other{color:blue}[aria-expanded=true]{outline:1px solid}" +
  "@media (min-width:40rem){.sm\\:p-4{padding:4px}.sm\\:other{margin:0}}.fade{animation:fade 1s}}" +
  "@keyframes fade{from{opacity:0}to{opacity:1}}" +
  "@font-face{font-family:Inter;src:url(/a.woff2);unicode-range:U+20-7E}@font-face{font-family:Inter;src:url(/b.woff2);unicode-range:U+D7}@font-face{font-family:Inter;src:url(/c.woff2);unicode-range:U+400-4FF}";

describe("an island's sheet (decision 0078)", () => {
  it("holds the rules its code's words keep, in the stylesheet's order, each style rule scoped to the island", async () => {
    const sheet = await islandSheet(CSS, "menu", islands);
    const scope = '@scope (flow-island[data-island="menu"])';
    expect(sheet).toContain(`@layer base{${scope}{nav{display:block}}}`);
    expect(sheet).toContain(
      `@layer utilities{${scope}{.p-2{padding:2px;color:var(--color-a)}.rounded{border-radius:4px}[aria-expanded=true]{outline:1px solid}}`,
    );
    expect(sheet).toContain(`@media (min-width:40rem){${scope}{.sm\\:p-4{padding:4px}}}`);
    // Not the islands script's words (the page's cut keeps those), nor another island's, nor what nobody writes.
    for (const rule of [".fixed{", ".other{", "sm\\:other"]) expect(sheet).not.toContain(rule);
    // Only the order's statement and no comment, nothing left empty.
    expect(sheet.startsWith("@layer theme,base,utilities;")).toBe(true);
    expect(sheet).not.toMatch(/\{\}|\/\*/);
  });

  it("keeps its keyframes unscoped, and leaves to the page's cut the variables, registrations and faces (adding them restyles the whole page)", async () => {
    const sheet = await islandSheet(CSS + "@property --tw-x{syntax:'*';inherits:false}", "menu", islands);
    expect(sheet).toContain("@keyframes fade{from{opacity:0}to{opacity:1}}");
    for (const named of ["@layer theme{", ":root", "@font-face", "@property"]) expect(sheet).not.toContain(named);
  });

  it("is empty of rules for an island whose code names none", async () => {
    const sheet = await islandSheet(CSS, "unknown", islands);
    expect(sheet).not.toContain("@scope");
  });
});

describe("scopeRules", () => {
  it("wraps each run of sibling style rules in one @scope, at every depth but keyframes and the variable layers", () => {
    const root = postcss.parse("@layer properties{*{--x:0}}a{color:red}b{color:blue}@media print{c{color:green}}d{margin:0}@keyframes k{to{opacity:1}}");
    scopeRules(root, "flow-island");
    expect(root.toString()).toBe(
      "@layer properties{*{--x:0}}@scope (flow-island){a{color:red}b{color:blue}}@media print{@scope (flow-island){c{color:green}}}@scope (flow-island){d{margin:0}}@keyframes k{to{opacity:1}}",
    );
  });
});

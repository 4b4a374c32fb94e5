import { describe, expect, it } from "vitest";
import { codeWords } from "./island-words";

describe("codeWords: what a built island may write into a page", () => {
  it("reads class lists, tag and attribute names out of string literals, and the code's names", () => {
    const code = 'function a(t){return h("dialog",{role:"dialog","aria-modal":!0,className:`fixed inset-0 ${t?"sm:p-4":"p-2"}`},"Close \\u00d7")}';
    const words = codeWords(code);
    for (const word of ["dialog", "role", "aria-modal", "className", "fixed", "inset-0", "sm:p-4", "p-2", "Close", "\\u00d7"]) expect(words).toContain(word);
  });

  it("keeps Tailwind's arbitrary values whole, quotes and brackets included", () => {
    const words = codeWords(`const c="content-['x'] w-[calc(100%-2rem)] grid-cols-[1fr,auto]";`);
    expect(words).toEqual(expect.arrayContaining(["content-['x']", "w-[calc(100%-2rem)]", "grid-cols-[1fr,auto]"]));
  });

  it("loses no class after a quote inside a regular expression, which a literal reading takes for a string", () => {
    const words = codeWords(`const q=/["']/g;const k="rounded-full shadow-xl";`);
    expect(words).toEqual(expect.arrayContaining(["rounded-full", "shadow-xl"]));
  });
});

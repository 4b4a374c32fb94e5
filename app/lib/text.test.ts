import { describe, expect, it } from "vitest";
import { initials, readTimeMinutes, slugFromTitle, SLUG_PATTERN, tagSlug, truncateAtWord, withoutTags } from "./text";

describe("text helpers", () => {
  it("makes tag slugs: lower case, whitespace runs become one hyphen", () => {
    expect(tagSlug("Deal   Flow")).toBe("deal-flow");
    expect(tagSlug("  LLMs ")).toBe("llms");
    expect(tagSlug("No-Code")).toBe("no-code");
  });

  it("offers URL-safe post slugs from titles", () => {
    expect(slugFromTitle("Héllo, World! 2025 — AI & You")).toBe("hello-world-2025-ai-you");
    expect(SLUG_PATTERN.test(slugFromTitle("  --Weird__ Title--  "))).toBe(true);
    expect(SLUG_PATTERN.test("Bad Slug")).toBe(false);
  });

  it("computes read time at about 230 words a minute, at least one", () => {
    expect(readTimeMinutes("")).toBe(1);
    expect(readTimeMinutes("word ".repeat(230))).toBe(1);
    expect(readTimeMinutes("word ".repeat(1150))).toBe(5);
  });

  it("builds initials from first and last names", () => {
    expect(initials("Ada Lovelace")).toBe("AL");
    expect(initials("mary ann evans")).toBe("ME");
    expect(initials("Cher")).toBe("C");
  });

  it("cuts text at a word boundary with an ellipsis, only when it is too long", () => {
    expect(truncateAtWord("short text", 20)).toBe("short text");
    expect(truncateAtWord("exactly ten", 11)).toBe("exactly ten");
    expect(truncateAtWord("one two three four", 12)).toBe("one two…");
    expect(truncateAtWord("one two, three", 9)).toBe("one two…");
    expect(truncateAtWord("one two three", 8)).toBe("one two…");
    expect(truncateAtWord("supercalifragilistic", 8)).toBe("superca…");
    expect(truncateAtWord("  spaced \n  out  words ", 40)).toBe("spaced out words");
    for (const length of [5, 10, 50, 160, 200]) expect(truncateAtWord("word ".repeat(100), length).length).toBeLessThanOrEqual(length);
  });

  it("removes anything shaped like an HTML tag from a description", () => {
    expect(withoutTags("<b>Bold</b> claim <script>x</script><!-- c -->")).toBe("Bold claim x");
    expect(withoutTags("a < b and c > d")).toBe("a < b and c > d");
    expect(withoutTags('Hello <img src=x onerror="alert(1)">world')).toBe("Hello world");
  });
});

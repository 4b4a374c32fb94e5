import { describe, expect, it } from "vitest";
import { initials, readTimeMinutes, slugFromTitle, SLUG_PATTERN, tagSlug } from "./text";

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
});

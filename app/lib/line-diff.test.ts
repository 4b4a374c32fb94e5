import { describe, expect, it } from "vitest";
import { diffLines, hasChanges } from "./line-diff";

const marks = (before: string, after: string) => diffLines(before, after).map((l) => `${{ same: " ", removed: "-", added: "+" }[l.kind]}${l.text}`);

describe("diffLines", () => {
  it("marks a changed line as removed then added, keeping the lines around it", () => {
    expect(marks("a\nb\nc", "a\nB\nc")).toEqual([" a", "-b", "+B", " c"]);
  });

  it("finds inserted and deleted lines in the middle of a text", () => {
    expect(marks("one\ntwo\nthree\nfour", "one\nthree\nthree and a half\nfour")).toEqual([" one", "-two", " three", "+three and a half", " four"]);
  });

  it("treats an empty text as no lines, and CRLF like LF", () => {
    expect(marks("", "new")).toEqual(["+new"]);
    expect(hasChanges(diffLines("a\r\nb", "a\nb"))).toBe(false);
  });

  it("rebuilds both texts from its output", () => {
    const before = Array.from({ length: 300 }, (_, i) => `line ${i % 17}`).join("\n");
    const after = Array.from({ length: 280 }, (_, i) => `line ${(i * 3) % 19}`).join("\n");
    const lines = diffLines(before, after);
    expect(
      lines
        .filter((l) => l.kind !== "added")
        .map((l) => l.text)
        .join("\n"),
    ).toBe(before);
    expect(
      lines
        .filter((l) => l.kind !== "removed")
        .map((l) => l.text)
        .join("\n"),
    ).toBe(after);
  });
});

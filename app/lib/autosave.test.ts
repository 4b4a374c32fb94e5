import { describe, expect, it } from "vitest";
import { hasRequiredFields, parseStoredCopy, sameValues, storageKey, storedCopyText, valuesFromEntries } from "./autosave";

describe("valuesFromEntries", () => {
  it("keeps the typed fields, lists the tags, and leaves out the intent, the version and files", () => {
    const entries: [string, FormDataEntryValue][] = [
      ["intent", "save"],
      ["version", "7"],
      ["title", "Hello"],
      ["tagIds", "b"],
      ["tagIds", "a"],
      ["cover", new File(["x"], "x.png")],
    ];
    expect(valuesFromEntries(entries)).toEqual({ title: "Hello", tagIds: ["b", "a"] });
  });

  it("has an empty tag list when no tag is selected", () => {
    expect(valuesFromEntries([["title", "x"]])).toEqual({ title: "x", tagIds: [] });
  });
});

describe("sameValues", () => {
  const base = { title: "T", slug: "t", content: "Body", tagIds: ["a", "b"], published: "on" };

  it("sees a typed character", () => {
    expect(sameValues(base, { ...base, content: "Body!" })).toBe(false);
  });

  it("ignores the order of tags but not which ones", () => {
    expect(sameValues(base, { ...base, tagIds: ["b", "a"] })).toBe(true);
    expect(sameValues(base, { ...base, tagIds: ["a"] })).toBe(false);
  });

  it("treats a missing field as an empty one (an unchecked switch posts nothing)", () => {
    expect(sameValues({ ...base, excerpt: "" }, base)).toBe(true);
    const { published: _on, ...off } = base;
    expect(sameValues(base, off)).toBe(false);
  });

  it("compares the publication date as an instant, whichever zone shows it", () => {
    const utc = { ...base, publishedAt: "2026-03-01T09:00:00", timeZone: "UTC" };
    const paris = { ...base, publishedAt: "2026-03-01T10:00:00", timeZone: "Europe/Paris" };
    expect(sameValues(utc, paris)).toBe(true);
    expect(sameValues(utc, { ...paris, publishedAt: "2026-03-01T11:00:00" })).toBe(false);
  });

  it("ignores the intent and the concurrency version", () => {
    expect(sameValues({ ...base, intent: "save", version: "1" }, { ...base, version: "2" })).toBe(true);
  });
});

describe("hasRequiredFields", () => {
  it("needs a title, slug, category and content that are not blank", () => {
    const full = { title: "T", slug: "t", category: "C", content: "x" };
    expect(hasRequiredFields(full)).toBe(true);
    expect(hasRequiredFields({ ...full, content: "   " })).toBe(false);
    expect(hasRequiredFields({ title: "T", slug: "t", category: "C" })).toBe(false);
  });
});

describe("the browser copy", () => {
  it("is keyed by form and record id, or 'new'", () => {
    expect(storageKey("post", "abc")).toBe("post-autosave:abc");
    expect(storageKey("post", null)).toBe("post-autosave:new");
    expect(storageKey("team-member", "abc")).toBe("team-member-autosave:abc");
    expect(storageKey("testimonial", null)).toBe("testimonial-autosave:new");
  });

  it("reads back what was written", () => {
    const values = { title: "T", tagIds: ["a"] };
    const copy = parseStoredCopy(storedCopyText(values, new Date("2026-11-23T16:00:00Z")));
    expect(copy).toEqual({ values, savedAt: "2026-11-23T16:00:00.000Z" });
  });

  it("is no copy when unreadable or of another shape, and drops values of other types", () => {
    expect(parseStoredCopy(null)).toBeNull();
    expect(parseStoredCopy("{oops")).toBeNull();
    expect(parseStoredCopy(JSON.stringify({ values: [], savedAt: "x" }))).toBeNull();
    expect(parseStoredCopy(JSON.stringify({ values: { a: "1" } }))).toBeNull();
    expect(parseStoredCopy(JSON.stringify({ values: { a: "1", b: 2, c: ["x", 3] }, savedAt: "x" }))).toEqual({ values: { a: "1" }, savedAt: "x" });
  });
});

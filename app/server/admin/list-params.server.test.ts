import { describe, expect, it } from "vitest";
import { containsPattern, pageWindow, readListParams, readPage } from "./list-params.server";
import { listHref, showingText } from "~/components/admin/list-controls";

const url = (search: string) => new URL(`http://site.test/admin/blog${search}`);
const STATUSES = ["all", "published", "drafts"] as const;

describe("readListParams", () => {
  it("reads q, status and page", () => {
    expect(readListParams(url("?q=%20Agents%20&status=drafts&page=3"), STATUSES)).toEqual({ q: "Agents", status: "drafts", page: 3 });
  });

  it("falls back to the first status, page 1 and no search for missing or malformed values", () => {
    expect(readListParams(url(""), STATUSES)).toEqual({ q: "", status: "all", page: 1 });
    expect(readListParams(url("?status=DRAFTS&page=-2"), STATUSES)).toEqual({ q: "", status: "all", page: 1 });
    expect(readListParams(new Request("http://site.test/admin/users?status=nope&page=1e3"), STATUSES).status).toBe("all");
  });

  it("cuts a very long search", () => {
    expect(readListParams(url(`?q=${"a".repeat(500)}`), STATUSES).q).toHaveLength(100);
  });
});

describe("readPage and pageWindow", () => {
  it("accepts only whole numbers of 1 or more, capped", () => {
    expect(["2", " 7 ", "0", "-1", "2.5", "abc", "", null, "99999999999"].map(readPage)).toEqual([2, 7, 1, 1, 1, 1, 1, 1, 1]);
    expect(readPage("999999999")).toBe(100_000);
  });

  it("clamps a page past the end to the last page", () => {
    expect(pageWindow(2, 312)).toEqual({ page: 2, lastPage: 13, offset: 25, limit: 25 });
    expect(pageWindow(40, 312)).toEqual({ page: 13, lastPage: 13, offset: 300, limit: 25 });
    expect(pageWindow(5, 0)).toEqual({ page: 1, lastPage: 1, offset: 0, limit: 25 });
    expect(pageWindow(2, 50)).toMatchObject({ page: 2, lastPage: 2 });
    expect(pageWindow(3, 50)).toMatchObject({ page: 2 });
  });
});

describe("containsPattern", () => {
  it("makes LIKE wildcards in the search match literally", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

describe("listHref and showingText", () => {
  it("changes some parameters and keeps the others", () => {
    expect(listHref("/admin/blog", "?status=drafts&q=ai&page=3", { page: 4 })).toBe("/admin/blog?status=drafts&q=ai&page=4");
    expect(listHref("/admin/blog", "?status=drafts&q=ai&page=3", { status: null, page: null })).toBe("/admin/blog?q=ai");
    expect(listHref("/admin/blog", "", { q: "" })).toBe("/admin/blog");
  });

  it("says which rows the page shows", () => {
    expect(showingText(2, 25, 312)).toBe("Showing 26–50 of 312");
    expect(showingText(13, 25, 312)).toBe("Showing 301–312 of 312");
    expect(showingText(1, 25, 10000)).toBe("Showing 1–25 of 10,000");
    expect(showingText(1, 25, 0)).toBe("");
  });

  it("reads a total that is a lower bound as one, and shows only the range past it or of an uncounted list", () => {
    expect(showingText(1, 25, 500, { atLeast: true, shown: 25 })).toBe("Showing 1–25 of 500+");
    expect(showingText(20, 25, 500, { atLeast: true, shown: 25 })).toBe("Showing 476–500 of 500+");
    expect(showingText(21, 25, 500, { atLeast: true, shown: 25 })).toBe("Showing 501–525");
    expect(showingText(3, 25, null, { shown: 7 })).toBe("Showing 51–57");
    expect(showingText(9, 25, null, { shown: 0 })).toBe("");
  });
});

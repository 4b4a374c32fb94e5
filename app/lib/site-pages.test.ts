import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { SITE_FILES, SITE_PAGES } from "./site-pages";

type Entry = { path?: string; index?: boolean; children?: Entry[] };

/** Every fixed address of the URL map: no parameter, no wildcard, outside the back-office and the API. */
function fixedAddresses(entries: Entry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || "/" : entry.path === undefined ? parent : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    const own = entry.index || entry.path !== undefined ? [path] : [];
    return [...own, ...fixedAddresses(entry.children ?? [], path === "/" ? "" : path)];
  });
}

describe("the site's fixed addresses", () => {
  it("are exactly the URL map's public pages and files", () => {
    const mapped = fixedAddresses(routes as Entry[]).filter((path) => !/[:*]/.test(path) && !/^\/(admin|api)(\/|$)/.test(path));
    expect(new Set(mapped)).toEqual(new Set([...SITE_PAGES, ...SITE_FILES]));
  });
});

import { describe, expect, it } from "vitest";
import { laterAddresses, WARM_UP_LIST_PAGES, WARM_UP_MOST, WARM_UP_PAGES, WARM_UP_POSTS } from "./warm-up.server";

describe("the warm-up's addresses", () => {
  const posts = [{ slug: "newest" }, { slug: "older" }];

  it("asks for the blog's later pages up to WARM_UP_LIST_PAGES + 1, then the newest posts", () => {
    const addresses = laterAddresses(8334, posts);
    expect(addresses).toHaveLength(WARM_UP_LIST_PAGES + posts.length);
    expect(addresses.slice(0, 3)).toEqual(["/blog?page=2", "/blog?page=3", "/blog?page=4"]);
    expect(addresses.slice(-3)).toEqual([`/blog?page=${WARM_UP_LIST_PAGES + 1}`, "/blog/newest", "/blog/older"]);
  });

  it("asks for no page past the blog's last one", () => {
    expect(laterAddresses(2, posts)).toEqual(["/blog?page=2", "/blog/newest", "/blog/older"]);
    expect(laterAddresses(1, posts)).toEqual(["/blog/newest", "/blog/older"]);
    expect(laterAddresses(0, [])).toEqual([]);
  });

  it("counts every page it may render in WARM_UP_MOST", () => {
    expect(WARM_UP_MOST).toBe(
      WARM_UP_PAGES.length +
        laterAddresses(
          Number.MAX_SAFE_INTEGER,
          Array.from({ length: WARM_UP_POSTS }, (_, i) => ({ slug: `p${i}` })),
        ).length,
    );
  });
});

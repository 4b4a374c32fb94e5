import { describe, expect, it } from "vitest";
import type { MetaDescriptor } from "react-router";
import { seo } from "./seo";
import { postOgImage } from "./og";

const site = { brandName: "Flowstate", siteUrl: "https://studio.test", linkedinUrl: "https://www.linkedin.com/company/x" };
const base = { site, title: "T", description: "D", path: "/blog/p" };
const alts = (tags: MetaDescriptor[]) =>
  tags.filter((t) => "content" in t && (("property" in t && t.property === "og:image:alt") || ("name" in t && t.name === "twitter:image:alt")));

describe("seo() share image text", () => {
  it("names a cover by its alt text on Open Graph and Twitter", () => {
    expect(alts(seo({ ...base, image: "/uploads/blog-images/c.png", imageAlt: "A ledger beside a laptop" }))).toEqual([
      { property: "og:image:alt", content: "A ledger beside a laptop" },
      { name: "twitter:image:alt", content: "A ledger beside a laptop" },
    ]);
  });

  it("says nothing of a cover without alt text (as before), and keeps a generated image's own text", () => {
    expect(alts(seo({ ...base, image: "/uploads/blog-images/c.png", imageAlt: "" }))).toEqual([]);
    const generated = postOgImage({ slug: "p", title: "Title", category: "AI" }, "Flowstate");
    expect(alts(seo({ ...base, image: generated, imageAlt: "ignored" })).map((t) => ("content" in t ? t.content : null))).toEqual(["AI: Title", "AI: Title"]);
  });
});

import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { BlogCard } from "~/lib/blog";
import { CoverImage } from "./cover-image";
import { FeaturedPostCard, PostCard } from "./post-card";

const post: BlogCard = {
  id: "1",
  title: "Agents & humans",
  slug: "agents-and-humans",
  excerptHtml: "<p>An excerpt.</p>",
  category: "AI Agents",
  imageUrl: null,
  coverAlt: "",
  readTime: 3,
  date: "2026-01-02T00:00:00.000Z",
  dateLabel: "January 2, 2026",
};

const generatedCover = /<div aria-hidden="true" data-cover="generated"[^>]*>.*?AI Agents.*?Agents &amp; humans/;

describe("post covers", () => {
  it("draw a generated cover with the category and the title on the grid card and the featured card when a post has no image", () => {
    for (const card of [<PostCard key="grid" post={post} index={0} />, <FeaturedPostCard key="featured" post={post} />]) {
      const html = renderToStaticMarkup(<MemoryRouter>{card}</MemoryRouter>);
      expect(html).toMatch(generatedCover);
      expect(html).not.toContain("<img");
    }
  });

  it("carry the category's colours as one style attribute of custom properties, the gradients left to the stylesheet", () => {
    const html = renderToStaticMarkup(<CoverImage src={null} title="T" category="AI Agents" sizes="100vw" />);
    expect(html).toContain('class="@container generated-cover cover-swatch" style="--cover-solid:#8b5cf6;--cover-deep:#2e1065;--cover-soft:#c4b5fd"');
    expect(html.match(/style="/g)).toHaveLength(1);
  });

  it("give the picture the post's cover alt text on the grid card and the featured card; without one it stays decorative", () => {
    const withCover = { ...post, imageUrl: "/uploads/blog-images/0b5e0c1e-1111-4222-8333-944455556666.png" };
    for (const [alt, expected] of [
      ["A ledger beside a laptop", 'alt="A ledger beside a laptop"'],
      ["", 'alt=""'],
    ] as const) {
      for (const card of [
        <PostCard key="grid" post={{ ...withCover, coverAlt: alt }} index={0} />,
        <FeaturedPostCard key="featured" post={{ ...withCover, coverAlt: alt }} />,
      ]) {
        expect(renderToStaticMarkup(<MemoryRouter>{card}</MemoryRouter>)).toContain(expected);
      }
    }
  });

  it("keep the picture, with its stored variants, when the post has one", () => {
    const html = renderToStaticMarkup(<CoverImage src="/uploads/blog-images/0b5e0c1e-1111-4222-8333-944455556666.png" title="T" category="C" sizes="100vw" />);
    expect(html).toContain('src="/uploads/blog-images/0b5e0c1e-1111-4222-8333-944455556666-960.webp"');
    expect(html).not.toContain("data-cover");
  });
});

import { describe, expect, it } from "vitest";
import { EXCERPTS_KEPT, excerptHtml, excerptsKept, toBlogCard } from "./blog-cards.server";
import { renderMarkdown } from "./markdown.server";
import type { PostCard } from "./post-queries.server";

describe("a card's excerpt", () => {
  it("is rendered by the one sanitizing renderer, kept by its text and rendered again only once let go", () => {
    const unsafe = "**Bold** and [a link](javascript:alert(1)) <script>alert(1)</script>";
    const before = excerptsKept();
    const html = excerptHtml(unsafe);
    expect(html).toBe(renderMarkdown(unsafe));
    expect(html).toContain("<strong>Bold</strong>");
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("<script>");
    expect(excerptHtml(unsafe)).toBe(html);
    expect(excerptsKept()).toBe(before + 1);

    for (let i = 0; i < EXCERPTS_KEPT + 10; i++) excerptHtml(`Excerpt number ${i}.`);
    expect(excerptsKept()).toBe(EXCERPTS_KEPT);
    expect(excerptHtml(unsafe)).toBe(renderMarkdown(unsafe));
    expect(excerptHtml("Excerpt number 5.")).toBe("<p>Excerpt number 5.</p>\n");
  });

  it("is what toBlogCard gives the card", () => {
    const post: PostCard = {
      id: "a",
      title: "T",
      slug: "t",
      excerpt: "An *emphasised* excerpt.",
      category: "Automation",
      imageUrl: null,
      coverAlt: "",
      readTime: 1,
      featured: false,
      date: new Date("2026-11-30T10:00:00Z"),
    };
    expect(toBlogCard(post).excerptHtml).toBe(renderMarkdown(post.excerpt));
  });
});

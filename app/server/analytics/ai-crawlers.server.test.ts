import { describe, expect, it } from "vitest";
import { AI_CRAWLER_AGENTS, llmsTxt, postMarkdown, robotsTxt } from "./ai-crawlers.server";

const SITE = { brandName: "Flowstate", siteUrl: "https://flowstate.example" };

describe("robots.txt", () => {
  it("allows /llms.txt and the posts' and case studies' markdown when AI crawlers are on, and points to llms.txt", () => {
    const text = robotsTxt(SITE.siteUrl, true);
    expect(text).toMatch(
      /^User-agent: \*\nAllow: \/\nAllow: \/llms\.txt\nAllow: \/blog\/\*\.md\$\nAllow: \/case-studies\/\*\.md\$\nDisallow: \/admin\nDisallow: \/api\n/,
    );
    expect(text).toContain("https://flowstate.example/llms.txt");
    expect(text).not.toMatch(/^Disallow: \/$/m);
    expect(text).not.toContain("GPTBot");
    expect(text.endsWith("\nSitemap: https://flowstate.example/sitemap.xml\n")).toBe(true);
  });

  it("with AI crawlers off, disallows both and every known AI crawler altogether", () => {
    const text = robotsTxt(SITE.siteUrl, false);
    expect(text).toMatch(/^Disallow: \/llms\.txt$/m);
    expect(text).toMatch(/^Disallow: \/blog\/\*\.md\$$/m);
    expect(text).not.toMatch(/^Allow: \/llms/m);
    const group = text.split("\n\n")[1]!.split("\n");
    expect(group).toEqual([...AI_CRAWLER_AGENTS.map((a) => `User-agent: ${a}`), "Disallow: /"]);
    for (const agent of ["GPTBot", "ClaudeBot", "Google-Extended", "PerplexityBot", "CCBot"]) expect(group).toContain(`User-agent: ${agent}`);
    expect(text).toContain("Sitemap: https://flowstate.example/sitemap.xml");
  });
});

describe("llms.txt", () => {
  const posts = [
    { title: "Agents [that] hand off", slug: "agents-hand-off", excerpt: "When **agents** should <em>stop</em>.", lead: "ignored" },
    { title: "No excerpt", slug: "no-excerpt", excerpt: "", lead: `## Start\n\nThe <b>first</b> words. ${"Then many more words. ".repeat(30)}` },
  ];

  it("follows the convention: # name, > summary, then sections of markdown links to the key pages and posts", () => {
    const text = llmsTxt(SITE, posts);
    const lines = text.split("\n");
    expect(lines[0]).toBe("# Flowstate");
    expect(lines[2]).toMatch(/^> AI automation studio/);
    expect(text).toContain("\n## Pages\n");
    for (const path of ["/", "/blog", "/team", "/privacy", "/terms"]) {
      expect(
        lines.some((l) => l.startsWith("- [") && l.includes(`](https://flowstate.example${path})`)),
        path,
      ).toBe(true);
    }
    expect(text).toContain("- [Privacy Policy](https://flowstate.example/privacy): How Flowstate collects");
    expect(text).toContain("\n## Posts\n");
    expect(text).toContain("- [Agents \\[that\\] hand off](https://flowstate.example/blog/agents-hand-off): When agents should stop.");
    expect(text).toContain("https://flowstate.example/blog/agents-hand-off.md");
  });

  it("describes a post without an excerpt by the start of its text, on one line, without tags", () => {
    const line = llmsTxt(SITE, posts)
      .split("\n")
      .find((l) => l.startsWith("- [No excerpt]"))!;
    expect(line).toMatch(/^- \[No excerpt\]\(https:\/\/flowstate\.example\/blog\/no-excerpt\): Start The first words\. Then many/);
    expect(line).toMatch(/…$/);
    expect(line.length).toBeLessThan(300);
    expect(line).not.toContain("<b>");
  });

  it("says so when there are no posts", () => {
    expect(llmsTxt(SITE, [])).toContain("## Posts\n\nNo posts yet.\n");
  });
});

describe("a post as markdown", () => {
  const post = {
    title: "Make vs n8n",
    slug: "make-vs-n8n",
    excerpt: "Two platforms,\none choice.",
    content: "\n## Why\n\nBecause.\n",
    category: "Automation",
    author: "Flowstate Team",
    date: new Date("2025-03-04T10:00:00Z"),
    tags: [{ name: "No-Code" }, { name: "Make" }],
  };

  it("is the title as '# Title', the date and facts, the excerpt quoted, then the content as written", () => {
    expect(postMarkdown(SITE.siteUrl, post)).toBe(
      [
        "# Make vs n8n",
        "",
        "- Published: 2025-03-04",
        "- Author: Flowstate Team",
        "- Category: Automation",
        "- Tags: No-Code, Make",
        "- Web page: https://flowstate.example/blog/make-vs-n8n",
        "",
        "> Two platforms,",
        "> one choice.",
        "",
        "## Why",
        "",
        "Because.",
        "",
      ].join("\n"),
    );
  });

  it("leaves out the quote and tags when there are none", () => {
    const text = postMarkdown(SITE.siteUrl, { ...post, excerpt: " ", tags: [] });
    expect(text).not.toContain(">");
    expect(text).not.toContain("Tags:");
    expect(text).toContain("- Web page: https://flowstate.example/blog/make-vs-n8n\n\n## Why");
  });
});

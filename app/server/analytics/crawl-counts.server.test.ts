import { describe, expect, it } from "vitest";
import { aiCrawlerOf, countedPath } from "./crawl-counts.server";

describe("aiCrawlerOf", () => {
  it("names the crawler by its robots.txt token, whatever the case and the rest of the agent", () => {
    expect(aiCrawlerOf("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)")).toBe("GPTBot");
    expect(aiCrawlerOf("Mozilla/5.0 (compatible; ChatGPT-User/1.0; +https://openai.com/bot)")).toBe("ChatGPT-User");
    expect(aiCrawlerOf("perplexitybot/1.0")).toBe("PerplexityBot");
    expect(aiCrawlerOf("Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)")).toBe("ClaudeBot");
  });

  it("is null for a browser, a search engine's crawler and no agent", () => {
    expect(aiCrawlerOf("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36")).toBeNull();
    expect(aiCrawlerOf("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)")).toBeNull();
    expect(aiCrawlerOf("")).toBeNull();
    expect(aiCrawlerOf(undefined)).toBeNull();
  });
});

describe("countedPath", () => {
  it.each([
    ["/blog/some-post", "/blog/some-post"],
    ["/blog/some-post.md", "/blog/some-post.md"],
    ["/blog/some-post?utm_source=x", "/blog/some-post"],
    ["/case-studies/acme-invoices", "/case-studies/acme-invoices"],
    ["/case-studies/acme-invoices.md", "/case-studies/acme-invoices.md"],
    ["/llms.txt", "/llms.txt"],
  ])("counts %s as %s", (url, path) => {
    expect(countedPath(url)).toBe(path);
  });

  it.each([
    ["/"],
    ["/blog"],
    ["/blog/"],
    ["/team"],
    ["/rss.xml"],
    ["/case-studies/rss.xml"],
    ["/blog/a/b"],
    ["/blog/Upper-Case"],
    ["/blog/x%20y"],
    ["/admin/blog"],
  ])("does not count %s", (url) => {
    expect(countedPath(url)).toBeNull();
  });
});

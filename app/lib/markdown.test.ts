import { describe, expect, it } from "vitest";
import { isAllowedUrl, LINK_PROTOCOLS, markdownToText, postSummary, renderMarkdown } from "./markdown";

/** The href of the only link in the rendered HTML. */
function hrefOf(markdown: string) {
  const html = renderMarkdown(markdown);
  const match = /<a href="([^"]*)"/.exec(html);
  if (!match) throw new Error(`no link in ${html}`);
  return match[1];
}

describe("renderMarkdown: links (http, https, irc, ircs, mailto, xmpp and relative only)", () => {
  it.each([
    ["javascript:alert(1)"],
    ["JavaScript:alert(1)"],
    ["  javascript:alert(1)"],
    ["java&#x09;script:alert(1)"],
    ["&#106;avascript:alert(1)"],
    ["javascript%3Aalert(1)"],
    ["data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
    ["DATA:text/html,hello"],
    ["vbscript:msgbox(1)"],
    ["file:///etc/passwd"],
  ])("empties %s", (url) => {
    const html = renderMarkdown(`[click](<${url}>)`);
    expect(html).toContain('<a href="">click</a>');
    expect(html.toLowerCase()).not.toContain("script:");
    expect(html.toLowerCase()).not.toContain("data:");
  });

  it.each([
    ["http://example.com/a?b=c", "http://example.com/a?b=c"],
    ["https://example.com/path#frag", "https://example.com/path#frag"],
    ["irc://irc.libera.chat/flowstate", "irc://irc.libera.chat/flowstate"],
    ["ircs://irc.libera.chat:6697/flowstate", "ircs://irc.libera.chat:6697/flowstate"],
    ["mailto:hello@example.com", "mailto:hello@example.com"],
    ["xmpp:team@example.com", "xmpp:team@example.com"],
    ["/blog/another-post", "/blog/another-post"],
    ["../relative/page", "../relative/page"],
    ["#section", "#section"],
    ["?q=automation", "?q=automation"],
  ])("keeps %s", (url, expected) => {
    expect(hrefOf(`[link](${url})`)).toBe(expected);
  });

  it("marks absolute web links noopener and leaves relative ones alone", () => {
    expect(renderMarkdown("[a](https://example.com)")).toContain('rel="noopener noreferrer"');
    expect(renderMarkdown("[a](/blog)")).not.toContain("rel=");
  });

  it("applies the rule to reference-style links and autolinks too", () => {
    expect(hrefOf("[ref][x]\n\n[x]: javascript:alert(1)")).toBe("");
    expect(hrefOf("<javascript:alert(1)>")).toBe("");
    expect(hrefOf("<https://example.com>")).toBe("https://example.com");
  });

  it("does not turn bare addresses into links (linkify off)", () => {
    expect(renderMarkdown("see https://example.com now")).not.toContain("<a");
  });
});

/** Every attribute name of every tag in `html` (quoted values removed first). */
function attributeNames(html: string) {
  return [...html.matchAll(/<[a-z][a-z0-9]*\b([^>]*)>/gi)].flatMap((tag) => [...tag[1]!.replace(/"[^"]*"/g, "").matchAll(/([^\s=]+)=/g)].map((m) => m[1]!));
}

describe("renderMarkdown: raw HTML and images", () => {
  it("escapes raw HTML instead of passing it through", () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\nHello <img src=x onerror="alert(1)"> <b onclick="x()">b</b>');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b ");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(attributeNames(html)).toEqual([]);
  });

  it("never emits event handler attributes, even from link titles or image alts", () => {
    const html = renderMarkdown('[x](/a "t\\" onmouseover=\\"alert(1)") ![a" onerror="alert(1)](/i.png)');
    expect(attributeNames(html)).not.toContainEqual(expect.stringMatching(/^on/i));
    expect(attributeNames(html)).toEqual(expect.arrayContaining(["href", "title", "src", "alt", "loading"]));
  });

  it("keeps http(s) and relative image sources, lazy-loaded", () => {
    expect(renderMarkdown("![Chart](/uploads/chart.png)")).toContain('<img src="/uploads/chart.png" alt="Chart" loading="lazy"');
    expect(renderMarkdown("![Chart](https://example.com/c.png)")).toContain('src="https://example.com/c.png"');
  });

  it.each([["javascript:alert(1)"], ["data:image/svg+xml;base64,PHN2Zz4="], ["mailto:a@b.c"], ["java&#x09;script:alert(1)"], ["<>"], ["< >"]])(
    "writes no image for the source %s, only its alt text (never an empty src)",
    (src) => {
      const html = renderMarkdown(`Before ![A *bold* <chart>](${src}) after`);
      expect(html).not.toContain("<img");
      expect(html).not.toContain("src=");
      expect(html).toBe("<p>Before A bold &lt;chart&gt; after</p>\n");
    },
  );

  it("drops a disallowed image without alt text altogether", () => {
    expect(renderMarkdown("![](javascript:alert(1))")).toBe("<p></p>\n");
    expect(renderMarkdown("![](javascript:alert(1)) ![ok](/i.png)")).toContain('<img src="/i.png" alt="ok"');
  });
});

describe("renderMarkdown: structure", () => {
  it("renders headings, paragraphs, lists and bold", () => {
    const html = renderMarkdown("## Why\n\nBecause **manual** work is slow.\n\n- one\n- two\n\n1. first\n2. second\n\n### Next");
    expect(html).toContain("<h2>Why</h2>");
    expect(html).toContain("<p>Because <strong>manual</strong> work is slow.</p>");
    expect(html).toContain("<ul>\n<li>one</li>\n<li>two</li>\n</ul>");
    expect(html).toContain("<ol>\n<li>first</li>\n<li>second</li>\n</ol>");
    expect(html).toContain("<h3>Next</h3>");
  });

  it("handles empty input", () => {
    expect(renderMarkdown("")).toBe("");
  });
});

describe("helpers", () => {
  it("isAllowedUrl accepts relative addresses and the listed protocols only", () => {
    expect(isAllowedUrl("/a", LINK_PROTOCOLS)).toBe(true);
    expect(isAllowedUrl("HTTPS://x", LINK_PROTOCOLS)).toBe(true);
    expect(isAllowedUrl("\u0001javascript:x", LINK_PROTOCOLS)).toBe(false);
    expect(isAllowedUrl("tel:123", LINK_PROTOCOLS)).toBe(false);
  });

  it("markdownToText drops markup and keeps the words", () => {
    expect(markdownToText("How **we** cut [time](/x) by `70%`.\n\n- fast")).toBe("How we cut time by 70%. fast");
    expect(markdownToText("Fish &amp; chips, a < b, `<code>`")).toBe("Fish & chips, a < b, <code>");
  });

  it("markdownToText leaves raw HTML's tags, comments, scripts and styles out, keeping the words between tags", () => {
    expect(markdownToText("<b>raw</b> text")).toBe("raw text");
    expect(markdownToText("When <em>agents</em> stop.<br>Next<br/>line")).toBe("When agents stop. Next line");
    expect(markdownToText('Hello <img src=x onerror="alert(1)"> <span class="x">world</span>')).toBe("Hello world");
    expect(markdownToText("Intro <script>alert(1)</script> end <!-- note -->")).toBe("Intro end");
    expect(markdownToText("<div>\n<p>Inside &amp; out</p>\n</div>\n\n<script>\nalert(1)\n</script>\n\n<style>p{}</style>\n\nAfter")).toBe("Inside & out After");
    expect(markdownToText("<!-- a\ncomment -->\n\nText")).toBe("Text");
    expect(markdownToText("![A chart](javascript:alert(1)) [link](data:text/html,x) ![](vbscript:x) end")).toBe("A chart link end");
  });

  it("postSummary is the excerpt, else the start of the content cut at a word", () => {
    expect(postSummary("An **excerpt** <i>here</i>", "Content", 20)).toBe("An excerpt here");
    expect(postSummary("", "## Why\n\nBecause <b>manual</b> work is slow and error prone.", 30)).toBe("Why Because manual work is…");
    expect(postSummary("  ", "Short content.", 30)).toBe("Short content.");
  });
});

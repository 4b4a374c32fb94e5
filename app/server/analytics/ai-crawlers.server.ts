import { absoluteUrl } from "~/lib/seo";
import { postSummary } from "~/lib/markdown";
import { blogList, BLOG_NAME } from "~/content/blog";
import { DEFAULT_LANDING_CONTENT, type LandingContent } from "~/lib/landing-content";
import { footer, pageMeta, teamCopy } from "~/content/site";
import { CASE_STUDIES_NAME, caseStudyList } from "~/content/case-studies";

/**
 * What the site offers AI crawlers and answer engines (AI_CRAWLERS=on, the default): /llms.txt, a
 * summary of the site with links to its key pages and posts (the llms.txt convention: a "# name",
 * a "> summary", then "## sections" of markdown links), and each published post's markdown at
 * /blog/{slug}.md. robots.txt allows both, or with AI_CRAWLERS=off disallows them and the known AI
 * crawlers altogether. Pure text builders: the routes in app/routes/resources/ read the data.
 */

/** User agents of crawlers that collect pages for AI models and answer engines (robots.txt tokens). */
export const AI_CRAWLER_AGENTS = [
  "GPTBot",
  "OAI-SearchBot",
  "ChatGPT-User",
  "ClaudeBot",
  "Claude-SearchBot",
  "Claude-User",
  "anthropic-ai",
  "Google-Extended",
  "Applebot-Extended",
  "PerplexityBot",
  "Perplexity-User",
  "CCBot",
  "Bytespider",
  "meta-externalagent",
  "Amazonbot",
] as const;

/** The address of a post's markdown. */
export function postMarkdownPath(slug: string) {
  return `/blog/${slug}.md`;
}

/** robots.txt patterns of what AI_CRAWLERS turns on and off ("$": the address ends there). */
const AI_PATHS = ["/llms.txt", "/blog/*.md$", "/case-studies/*.md$"];

/** /robots.txt: the back-office and API stay out; AI crawlers are welcome, or (AI_CRAWLERS=off) kept out. */
export function robotsTxt(siteUrl: string, aiCrawlers: boolean) {
  const lines = ["User-agent: *", "Allow: /"];
  if (aiCrawlers) lines.push(...AI_PATHS.map((p) => `Allow: ${p}`));
  lines.push("Disallow: /admin", "Disallow: /api");
  if (aiCrawlers) {
    lines.push(
      "",
      "# For AI crawlers and answer engines: a summary of this site with links to its pages and posts",
      `# is at ${absoluteUrl(siteUrl, "/llms.txt")}, and each post's markdown at ${siteUrl}/blog/{slug}.md.`,
    );
  } else {
    lines.push(...AI_PATHS.map((p) => `Disallow: ${p}`), "", ...AI_CRAWLER_AGENTS.map((agent) => `User-agent: ${agent}`), "Disallow: /");
  }
  lines.push("", `Sitemap: ${absoluteUrl(siteUrl, "/sitemap.xml")}`, "");
  return lines.join("\n");
}

/** Text safe inside a markdown link's brackets. */
function linkText(text: string) {
  return text.replace(/[\\[\]]/g, "\\$&");
}

/** One line of a llms.txt section: "- [name](url): notes". */
function entry(name: string, url: string, notes: string) {
  return `- [${linkText(name)}](${url})${notes ? `: ${notes}` : ""}`;
}

/** "Privacy Policy | Flowstate" → "Privacy Policy". */
function pageName(title: string) {
  return title.split(" | ")[0]!;
}

export type LlmsPost = { title: string; slug: string; excerpt: string; lead: string; metaDescription?: string };
export type LlmsCaseStudy = { title: string; slug: string; client: string; summary: string };

/** The llms.txt summary of a post: its meta description (the editor's summary for search results), else its excerpt, else the start of its text. */
const POST_SUMMARY_LENGTH = 200;

/** /llms.txt from the site's own copy (the published landing content), its published posts and case studies (newest first). */
export function llmsTxt(
  site: { brandName: string; siteUrl: string },
  posts: readonly LlmsPost[],
  caseStudies: readonly LlmsCaseStudy[] = [],
  landing: LandingContent = DEFAULT_LANDING_CONTENT,
) {
  const { hero } = landing;
  const url = (path: string) => absoluteUrl(site.siteUrl, path);
  const brand = site.brandName;
  const lines = [
    `# ${brand}`,
    "",
    `> ${landing.seo.description}`,
    "",
    hero.lead,
    "",
    `Every post is also available as markdown: add ".md" to its address (for example ${url(postMarkdownPath(posts[0]?.slug ?? "{slug}"))}).`,
    "",
    "## Pages",
    "",
    entry("Home", url("/"), `${hero.headline} ${footer.tagline}`),
    entry(`${BLOG_NAME} (blog)`, url("/blog"), blogList.meta.description),
    entry(CASE_STUDIES_NAME, url("/case-studies"), caseStudyList.meta.description),
    entry(teamCopy.title, url("/team"), pageMeta.team.description(brand)),
    entry(pageName(pageMeta.privacy.title(brand)), url("/privacy"), pageMeta.privacy.description(brand)),
    entry(pageName(pageMeta.terms.title(brand)), url("/terms"), pageMeta.terms.description(brand)),
    "",
    ...(caseStudies.length
      ? [
          "## Case studies",
          "",
          ...caseStudies.map((c) =>
            entry(c.title, url(`/case-studies/${c.slug}`), `${c.client}. ${c.summary} (markdown: ${url(`/case-studies/${c.slug}.md`)})`),
          ),
          "",
        ]
      : []),
    "## Posts",
    "",
    ...posts.map((p) => entry(p.title, url(`/blog/${p.slug}`), p.metaDescription || postSummary(p.excerpt, p.lead, POST_SUMMARY_LENGTH))),
    ...(posts.length === 0 ? ["No posts yet."] : []),
    "",
    "## Optional",
    "",
    entry("RSS feed", url("/rss.xml"), `the newest posts of ${brand} ${BLOG_NAME}`),
    entry("Sitemap", url("/sitemap.xml"), "every public page and post, with last-modified dates"),
    "",
  ];
  return lines.join("\n");
}

export type MarkdownPost = {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category: string;
  author: string;
  date: Date;
  tags: readonly { name: string }[];
};

/** /blog/{slug}.md: the title as "# Title", the date and other facts, the excerpt quoted, then the post's own markdown. */
export function postMarkdown(siteUrl: string, post: MarkdownPost) {
  const facts = [
    `- Published: ${post.date.toISOString().slice(0, 10)}`,
    `- Author: ${post.author}`,
    `- Category: ${post.category}`,
    ...(post.tags.length ? [`- Tags: ${post.tags.map((t) => t.name).join(", ")}`] : []),
    `- Web page: ${absoluteUrl(siteUrl, `/blog/${post.slug}`)}`,
  ];
  const excerpt = post.excerpt.trim();
  const quoted = excerpt
    ? [
        excerpt
          .split(/\r?\n/)
          .map((line) => (line ? `> ${line}` : ">"))
          .join("\n"),
        "",
      ]
    : [];
  return [`# ${post.title}`, "", ...facts, "", ...quoted, post.content.trim(), ""].join("\n");
}

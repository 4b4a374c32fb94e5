import { absoluteUrl } from "~/lib/seo";
import { escapeXml } from "~/lib/xml";
import { figureSentence, measuredFigures } from "~/lib/case-study";
import { CASE_STUDIES_NAME, caseStudyList } from "~/content/case-studies";
import type { listCaseStudiesForFeed, PublicCaseStudy } from "./case-study-queries.server";

/* The text documents of case studies: the markdown copy for AI crawlers and their RSS feed. Pure builders. */

export const caseStudyMarkdownPath = (slug: string) => `/case-studies/${slug}.md`;

/** /case-studies/{slug}.md: the title, the facts, the results in their units, the problem, what was built, the tools and the quote. */
export function caseStudyMarkdown(siteUrl: string, study: PublicCaseStudy) {
  const facts = [
    `- Client: ${study.client}`,
    `- Industry: ${study.industry}`,
    `- Published: ${study.date.toISOString().slice(0, 10)}`,
    `- Web page: ${absoluteUrl(siteUrl, `/case-studies/${study.slug}`)}`,
  ];
  const results = measuredFigures(study).map((f) => `- ${figureSentence(f)}`);
  const quote = study.quote
    ? [
        "## In their words",
        "",
        `> ${study.quote.trim().replace(/\r?\n/g, "\n> ")}`,
        ">",
        `> ${study.quoteAuthor ?? ""}${study.quoteRole ? `, ${study.quoteRole}` : ""}`,
        "",
      ]
    : [];
  return [
    `# ${study.title}`,
    "",
    ...facts,
    "",
    study.summary,
    "",
    ...(results.length ? ["## Results", "", ...results, ""] : []),
    "## The problem",
    "",
    study.problem.trim(),
    "",
    "## What we built",
    "",
    study.solution.trim(),
    "",
    ...(study.tools.length ? ["## Tools", "", study.tools.join(", "), ""] : []),
    ...quote,
  ].join("\n");
}

type FeedItem = Awaited<ReturnType<typeof listCaseStudiesForFeed>>[number];

/** /case-studies/rss.xml: an RSS 2.0 feed of the published case studies, newest first. */
export function caseStudyFeed(site: { brandName: string; siteUrl: string }, studies: readonly FeedItem[]) {
  const items = studies.map((s) => {
    const link = absoluteUrl(site.siteUrl, `/case-studies/${s.slug}`);
    return [
      "    <item>",
      `      <title>${escapeXml(s.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${s.date.toUTCString()}</pubDate>`,
      `      <category>${escapeXml(s.industry)}</category>`,
      `      <description>${escapeXml(s.summary)}</description>`,
      "    </item>",
    ].join("\n");
  });
  const lastBuild = studies[0] ? studies[0].date.toUTCString() : new Date(0).toUTCString();
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">`,
    "  <channel>",
    `    <title>${escapeXml(`${site.brandName} ${CASE_STUDIES_NAME}`)}</title>`,
    `    <link>${escapeXml(absoluteUrl(site.siteUrl, "/case-studies"))}</link>`,
    `    <atom:link href="${escapeXml(absoluteUrl(site.siteUrl, "/case-studies/rss.xml"))}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(caseStudyList.meta.description)}</description>`,
    "    <language>en</language>",
    `    <lastBuildDate>${lastBuild}</lastBuildDate>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

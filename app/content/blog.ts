/**
 * Copy of the Insights blog: the list page, a post page and the blog components. The error
 * screens' texts stay with their ErrorBoundary in app/routes/blog/*.tsx.
 */

import { formatCount } from "~/lib/count-format";
import { LOADING_ARTICLES } from "./loading";

const tagline = "Stories, case studies and insights on AI automation, venture capital and building scalable systems.";

/** '1 result', '5 results', '500+ results' (at least 500). */
const counted = ({ count, atLeast }: { count: number; atLeast: boolean }, one: string, many: string) =>
  `${formatCount(count)}${atLeast ? "+" : ""} ${count === 1 && !atLeast ? one : many}`;

/** The blog's name, as in its heading, structured data and breadcrumbs. */
export const BLOG_NAME = "Insights";

export const blogList = {
  meta: {
    title: "Insights: AI automation, venture capital and scalable systems",
    description: tagline,
    blogName: (brand: string) => `${brand} ${BLOG_NAME}`,
    /** A tag page's title (before " | brand") and description. */
    tagTitle: (tag: string) => `Articles tagged “${tag}”`,
    tagDescription: (tag: string, brand: string) => `Articles tagged “${tag}” on ${brand} ${BLOG_NAME}. ${tagline}`,
  },
  hero: { pill: "Blog", title: BLOG_NAME, subtitle: tagline },
  featuredHeading: "Featured Article",
  latestHeading: "Latest Articles",
  categoryHeading: (category: string) => `${category} Articles`,
  /** Also the site layout's pending screen while /blog loads. */
  loadingArticles: LOADING_ARTICLES,
  empty: "No articles found matching your criteria.",
  /** What the results are: '5 results for "automation"', '7 articles tagged "LLMs"', or both. */
  summary: ({ total, q, tag }: { total: { count: number; atLeast: boolean }; q: string; tag: string | null }) => {
    const tagged = tag ? ` tagged "${tag}"` : "";
    return q ? `${counted(total, "result", "results")} for "${q}"${tagged}` : `${counted(total, "article", "articles")}${tagged}`;
  },
  clearSearch: "Clear search",
  clearTag: "Clear tag",
  viewAll: "View all articles",
  emptyCategories: "Browse a category",
  emptyRecent: "Recent articles",
  unknownTag: (slug: string) => `There is no tag "${slug}".`,
  pagesInvalid: (max: number) => `The number of pages must be a whole number from 1 to ${max}.`,
  pagingLabel: "More articles",
  newer: "Newer articles",
  loadMore: "Load more",
};

export const blogFilters = {
  searchLabel: "Search articles",
  searchPlaceholder: "Search articles...",
  categoriesLabel: "Categories",
  loadingCategories: "Loading categories...",
};

export const postCards = {
  readMore: "Read More",
  featured: "Featured",
  readArticle: "Read Article",
};

export const blogPost = {
  back: "Back to Blog",
  tagsLabel: "Tags",
  relatedHeading: "Related Articles",
  breadcrumbHome: "Home",
  callout: {
    title: "Ready to Transform Your Business?",
    text: "Let's discuss how AI automation can drive similar results for your organization.",
    button: "Book Your Automation Audit",
  },
};

export const shareCopy = {
  button: "Share Article",
  shared: { title: "Shared successfully", description: "Thanks for sharing!" },
  copied: { title: "Link copied", description: "Article link copied to clipboard!" },
  failed: { title: "Share failed", description: "Could not share the article. Please try again." },
};

/**
 * Server-side entry to the markdown renderer: loaders and actions (blog post, admin Preview)
 * import it from here, so markdown-it never ships to the browser.
 */
export { markdownToText, postSummary, renderMarkdown } from "~/lib/markdown";

import type { HydrateOn } from "./island";

/**
 * Which documents are island pages (docs/decisions/0027): every public page; the back-office is
 * the React app. The React app never renders a public page: its links to the site are plain
 * (full page loads), so a document keeps the mode the server gave it.
 */
export function isIslandsPage(pathname: string) {
  return !/^\/admin(\/|$)/.test(pathname);
}

/**
 * Speculation rules for the island pages: same-origin public links are prefetched when the
 * pointer rests on them or they are pressed (moderate eagerness), so the full page load that
 * replaces client routing starts early; the page cache answers at once. Prefetch, not prerender:
 * a prerendered page would run its analytics beacon for a visit that may never happen.
 * Inline, so its hash is pinned in the CSP (app/server/http/content-security-policy.server.ts).
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: "/admin/*" } },
          { not: { href_matches: "/admin" } },
          { not: { href_matches: "/api/*" } },
          { not: { href_matches: "/*.(xml|txt|md)" } },
          { not: { selector_matches: "[target=_blank], [download], [rel~=nofollow]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});

/**
 * Islands that start at a touch (a menu, a dialog, the blog filters, the toaster) bring their CSS
 * rules with their code (decision 0078): a kept page's cut keeps only the rules its HTML and the
 * islands that start by themselves use (app/server/cache/page-css.server.ts), and the islands
 * script loads such an island's sheet as it starts it (app/islands/stylesheet.ts).
 */
export const RULES_WITH_CODE: HydrateOn = "interaction";

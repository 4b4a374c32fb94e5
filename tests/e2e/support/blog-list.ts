import type { Locator, Page } from "@playwright/test";

// Seeded demo content (app/content/posts/*.md); other suites only add their own posts.
export const FEATURED = "Automating deal flow triage without losing the partner's judgment";
export const ONBOARDING = "Case study: cutting new-hire onboarding from nine days to two";
export const PIPELINE = "How to audit your sales pipeline for automation opportunities";
export const NO_COVER = "Evaluating LLM agents before they touch production data";
export const DRAFTS = ["The hidden cost of swivel-chair work in enterprise operations", "Prompt libraries as internal infrastructure"];

/** The cards of /blog's list (the grid under "Latest Articles" or "{category} Articles"). */
export const articles = (page: Page) => page.getByRole("region", { name: /Articles$/ }).getByRole("article");
export const featuredSection = (page: Page) => page.getByRole("region", { name: "Featured Article" });
export const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search articles" });

/**
 * The icons `scope` shows by reference to the page's sprite (app/components/blog/blog-icons.tsx):
 * each one's symbol, whether the page holds it, and the size it is drawn at (0 when the reference
 * leads nowhere). `scope` should be on screen: a card's lower half is laid out only near the viewport.
 */
export async function spriteIcons(scope: Locator) {
  await scope.scrollIntoViewIfNeeded();
  return scope.locator("svg > use").evaluateAll((uses) =>
    uses.map((use) => {
      const id = (use.getAttribute("href") ?? "").replace(/^#/, "");
      const drawn = (use as SVGGraphicsElement).getBBox();
      return {
        id,
        inPage: document.getElementById(id)?.tagName === "symbol",
        drawn: Math.round(Math.min(drawn.width, drawn.height)),
        size: Math.round(use.parentElement!.getBoundingClientRect().width),
      };
    }),
  );
}

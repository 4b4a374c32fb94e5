import type { Page } from "@playwright/test";

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

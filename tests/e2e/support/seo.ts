import type { Page } from "@playwright/test";
import { hydrated } from "./admin";
import { slugOf } from "./post-form";

/* The post form's cover and SEO fields as the admin-seo specs fill them in. */

/** The address of an uploaded cover. */
export const UPLOADED = /^\/uploads\/blog-images\/[0-9a-f-]{36}\.png$/;

/** Opens the new-post form and fills its required fields. */
export async function newPostForm(page: Page, title: string) {
  await page.goto("/admin/blog/new");
  await hydrated(page);
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Slug").fill(slugOf(title));
  await page.getByLabel("Category").fill("Automation");
  await page.getByLabel("Content (Markdown)").fill("The body of a post about search results.");
}

/** The hidden field holding the cover's address. */
export const coverField = (page: Page) => page.locator('input[type="hidden"][name="imageUrl"]');

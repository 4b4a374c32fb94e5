import type { Page } from "@playwright/test";

/* The post form as the admin specs fill it in. */

/** The slug the specs give a post: its title, lower-cased, with dashes for spaces. */
export const slugOf = (title: string) => title.toLowerCase().replace(/\s+/g, "-");

/** The autosave status line. */
export const statusLine = (page: Page) => page.locator('[aria-live="polite"][data-autosave-status]');

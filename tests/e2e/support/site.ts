import type { Page } from "@playwright/test";

/** The public site's phone layout: below 768 px (Tailwind's `md`). */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1440) < 768;

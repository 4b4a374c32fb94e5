import { expect, type Page } from "@playwright/test";

/** The public site's phone layout: below 768 px (Tailwind's `md`). */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1440) < 768;

/** Scrolls the page half a screen at a time to its end, two frames each: every island that starts on sight sees the screen. */
export async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
  });
}

/**
 * Waits until the page's island `name` is live. An island that starts on sight (the landing's
 * sections below the fold) is hydrated once it comes near the screen, after `hydrated(page)`:
 * a drag, unlike a click or an arrow key, is not held and replayed, so it needs the island live.
 */
export async function islandLive(page: Page, name: string) {
  await expect(page.locator(`flow-island[data-island="${name}"]`).first()).toHaveAttribute("data-hydrated", "");
}

/** The audit dialog ('Book Your Automation Audit'), open on `page`, filled with `values`; answers the dialog. */
export async function fillAuditRequest(page: Page, values: { name: string; email: string; company: string; message: string }) {
  const dialog = page.getByRole("dialog", { name: "Book Your Automation Audit" });
  await dialog.getByLabel("Name").fill(values.name);
  await dialog.getByLabel("Work email").fill(values.email);
  await dialog.getByLabel("Company").fill(values.company);
  await dialog.getByLabel("What would you like to automate?").fill(values.message);
  return dialog;
}

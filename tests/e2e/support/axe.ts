import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The rules every screen is held to: WCAG 2.0–2.2 A and AA, and (unless turned off) axe's best practices. */
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Waits (up to 5 s) until the page has answered its last resize: two frames painted, and every table
 * box that now scrolls sideways made a focusable region (the table's ResizeObserver does that after
 * the resize, in a render of its own); and until no CSS transition is running and nothing on screen
 * waits to be revealed (a section scrolled to fades in: scanned mid-fade, its text's contrast is read
 * against a half-transparent box).
 * Past 5 s axe runs anyway and reports what is still wrong.
 */
async function settled(page: Page) {
  // Polled with page.evaluate, which waits for the predicate's promise (the two frames) before it
  // reads the answer.
  const quiet = () =>
    new Promise<boolean>((resolve) =>
      requestAnimationFrame(() =>
        requestAnimationFrame(() =>
          resolve(
            [...document.querySelectorAll<HTMLElement>("div.overflow-x-auto:has(> table)")].every(
              (box) => box.scrollWidth <= box.clientWidth || box.hasAttribute("tabindex"),
            ) &&
              !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === "running") &&
              // A section scrolled to and still hidden is about to fade in.
              ![...document.querySelectorAll('[data-reveal="hidden"]')].some((el) => {
                const box = el.getBoundingClientRect();
                return box.bottom > 0 && box.top < innerHeight;
              }),
          ),
        ),
      ),
    );
  const until = Date.now() + 5_000;
  while (Date.now() < until && !(await page.evaluate(quiet).catch(() => true))) await page.waitForTimeout(100);
}

/**
 * axe's findings on the page as it is now, one line each ("rule: the first five elements"); empty
 * when there are none. `include`: only the parts these selectors match (a screen whole already
 * scanned elsewhere, in another state); `exclude`: parts scanned elsewhere (a frame of a page with
 * its own scan).
 */
export async function axeViolations(page: Page, { bestPractice = true, include = [] as string[], exclude = [] as string[] } = {}) {
  await settled(page);
  // One axe.run in the page, reaching its frames through axe's own messages (legacy mode), and the
  // details of violations only: the default runs axe in each frame, then copies every rule's nodes
  // (passes included) into a new blank page to finish there. On /admin/site (3,600 elements and the
  // preview frame) that cost 16 CPU s a scan against 6 (decision 0045); frames are still scanned
  // (axe-helper.spec.ts).
  let builder = new AxeBuilder({ page })
    .withTags(bestPractice ? [...WCAG, "best-practice"] : WCAG)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true);
  for (const selector of include) builder = builder.include(selector);
  for (const selector of exclude) builder = builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join(" | ")}`,
  );
}

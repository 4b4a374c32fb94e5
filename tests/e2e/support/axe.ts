import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The rules every screen is held to: WCAG 2.0–2.2 A and AA, and (unless turned off) axe's best practices. */
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe's findings on the page as it is now, one line each ("rule: the first five elements"); empty when there are none. */
export async function axeViolations(page: Page, { bestPractice = true } = {}) {
  const result = await new AxeBuilder({ page }).withTags(bestPractice ? [...WCAG, "best-practice"] : WCAG).analyze();
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 5)
        .join(" | ")}`,
  );
}

// The landing page's moving lists: the problems list that scrolls and pauses, and the testimonials
// carousel (arrows, keys, autoplay, pause; no arrows on phones).
import { expect, test } from "@playwright/test";
import { isPhone } from "./support/site";

test.describe("landing page", () => {
  test("the problems list scrolls, highlights the centred quote, and pauses", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("heading", { name: "Overwhelmed? You are not alone" }).scrollIntoViewIfNeeded();
    const list = page.getByRole("list", { name: "What teams tell us" });
    await expect(list.getByRole("listitem")).toHaveCount(10);
    await expect(list.locator("[data-active='true']")).toHaveCount(1);
    const track = page.getByTestId("problems-track");
    const offset = () => track.evaluate((el) => Number((el as HTMLElement).dataset.offset ?? 0));
    const start = await offset();
    await expect.poll(offset).toBeGreaterThan(start + 20);
    await page.getByRole("button", { name: "Pause scrolling" }).click();
    const paused = await offset();
    await page.getByRole("button", { name: "Resume scrolling" }).waitFor();
    await expect.poll(async () => (await offset()) === paused, { timeout: 1500 }).toBe(true);
    await expect(page.getByRole("button", { name: "Resume scrolling" })).toBeVisible();
  });

  test("the testimonials carousel shows active testimonials one at a time with arrows, keys and a pause control", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Client testimonials" });
    await carousel.scrollIntoViewIfNeeded();
    await expect(page.getByRole("heading", { name: "They speak for us" })).toBeVisible();
    await expect(page.getByText("Testimonials", { exact: true })).toBeVisible();
    const current = carousel.locator("[aria-roledescription='slide']:not([aria-hidden])");
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAttribute("aria-label", /^1 of \d+$/);
    await expect(carousel.getByText("Brightkettle Analytics")).toHaveCount(0);
    // Initials avatar: "Eleanor Hayes" (first by display order) -> "EH". The loop's copy of the
    // first slide shows the same words without repeating them in the page.
    await expect(current.getByText("EH", { exact: true })).toBeVisible();
    for (const text of ["EH", "Eleanor Hayes", "Larkspur Peak Ventures"]) await expect(page.getByText(text, { exact: true })).toHaveCount(1);
    await expect(page.getByText(/Our associates used to lose two days a week/)).toHaveCount(1);

    await carousel.getByRole("button", { name: "Next testimonial" }).click();
    await expect(current).toHaveAttribute("aria-label", /^2 of /);
    await carousel.getByRole("button", { name: "Previous testimonial" }).click();
    await expect(current).toHaveAttribute("aria-label", /^1 of /);
    await carousel.getByRole("button", { name: "Previous testimonial" }).click();
    const total = Number(/of (\d+)/.exec((await current.getAttribute("aria-label")) ?? "")?.[1]);
    await expect(current).toHaveAttribute("aria-label", `${total} of ${total}`);

    // Keyboard: focus the carousel, arrows move.
    await carousel.focus();
    await page.keyboard.press("ArrowRight");
    await expect(current).toHaveAttribute("aria-label", /^1 of /);
    await page.keyboard.press("ArrowLeft");
    await expect(current).toHaveAttribute("aria-label", `${total} of ${total}`);
    await page.keyboard.press("ArrowRight");

    // Autoplay every 5 s (while on screen) once focus and pointer leave; hover pauses it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(2, 2);
    await page.clock.runFor(5100);
    await expect(current).toHaveAttribute("aria-label", /^2 of /);
    await carousel.hover();
    await page.clock.runFor(11000);
    await expect(current).toHaveAttribute("aria-label", /^2 of /);
    await page.mouse.move(2, 2);
    await page.clock.runFor(5100);
    await expect(current).toHaveAttribute("aria-label", /^3 of /);
    await carousel.getByRole("button", { name: "Pause testimonials" }).click();
    await page.mouse.move(2, 2);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(11000);
    await expect(current).toHaveAttribute("aria-label", /^3 of /);
    await expect(carousel.getByRole("button", { name: "Play testimonials" })).toBeVisible();
  });

  test("carousel arrows are hidden on small screens @phone", async ({ page }) => {
    test.skip(!isPhone(page), "phone only");
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Client testimonials" });
    await expect(carousel.getByRole("button", { name: "Next testimonial" })).toBeHidden();
    await expect(carousel.getByRole("button", { name: "Pause testimonials" })).toBeVisible();
  });
});

// The landing page's before/after comparison: the divider by keyboard, mouse and touch, and the
// Before figures that recompute After.
import { expect, test } from "@playwright/test";
import { hydrated } from "./support/admin";
import { isPhone, islandLive } from "./support/site";

test.describe("landing page", () => {
  test("the comparison divider starts at 80% and follows the keyboard and the mouse, clamped to 0-100", async ({ page }) => {
    await page.goto("/");
    const slider = page.getByRole("slider", { name: "Comparison divider" });
    await slider.scrollIntoViewIfNeeded();
    await expect(slider).toHaveAttribute("aria-valuenow", "80");
    await slider.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(slider).toHaveAttribute("aria-valuenow", "78");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveAttribute("aria-valuenow", "82");
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveAttribute("aria-valuenow", "100");
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowLeft");
    await expect(slider).toHaveAttribute("aria-valuenow", "0");
    await page.keyboard.press("End");

    const frame = (await page.getByTestId("comparison").boundingBox())!;
    const handle = (await slider.boundingBox())!;
    // Moving the mouse without pressing does nothing.
    await page.mouse.move(frame.x + frame.width * 0.3, handle.y + handle.height / 2);
    await expect(slider).toHaveAttribute("aria-valuenow", "100");
    await hydrated(page);
    await page.mouse.move(handle.x + handle.width / 2 - 10, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(frame.x + frame.width * 0.25, handle.y + handle.height / 2, { steps: 4 });
    await expect(slider).toHaveAttribute("aria-valuenow", "25");
    await expect(slider).toHaveAttribute("data-dragging", "true");
    await page.mouse.move(frame.x - 200, handle.y + handle.height / 2, { steps: 2 });
    await expect(slider).toHaveAttribute("aria-valuenow", "0");
    await page.mouse.up();
    await expect(slider).toHaveAttribute("data-dragging", "false");
    await page.mouse.move(frame.x + frame.width * 0.6, handle.y + handle.height / 2);
    await expect(slider).toHaveAttribute("aria-valuenow", "0");
  });

  test("the comparison divider follows a touch swipe @phone", async ({ page, browserName }) => {
    test.skip(browserName !== "chromium");
    test.skip(!isPhone(page), "touch runs in the phone project");
    await page.goto("/");
    // Drags and typing are not replayed like clicks and keys: they need the island live.
    await hydrated(page);
    const slider = page.getByRole("slider", { name: "Comparison divider" });
    await slider.scrollIntoViewIfNeeded();
    await islandLive(page, "comparison");
    const frame = (await page.getByTestId("comparison").boundingBox())!;
    const handle = (await slider.boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const y = handle.y + handle.height / 2;
    const point = (x: number) => [{ x, y, id: 1 }];
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(handle.x + handle.width / 2) });
    for (const f of [0.7, 0.55, 0.4]) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: point(frame.x + frame.width * f) });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect(slider).toHaveAttribute("aria-valuenow", "40");
  });

  test("editing a Before figure recomputes After; non-numeric input falls back to the minimum @phone", async ({ page }) => {
    await page.goto("/");
    // Drags and typing are not replayed like clicks and keys: they need the island live.
    await hydrated(page);
    const before = page.getByTestId("comparison");
    await before.scrollIntoViewIfNeeded();
    await expect(page.getByTestId("after-time")).toHaveText("2 hours");
    await expect(page.getByTestId("after-errorRate")).toHaveText("0.8%");
    await expect(page.getByTestId("after-cost")).toHaveText("$180");

    await before.getByRole("button", { name: /Data processing time/ }).click();
    const input = page.getByRole("textbox", { name: "Before Data processing time (hours)" });
    await expect(input).toBeFocused();
    await expect(input).toHaveValue("17");
    await input.fill("40");
    await expect(page.getByTestId("after-time")).toHaveText("4.8 hours");
    await input.fill("lots");
    await expect(page.getByTestId("after-time")).toHaveText("0.1 hours");
    await page.keyboard.press("Enter");
    await expect(input).toHaveCount(0);
    await expect(before.getByRole("button", { name: /Data processing time/ })).toHaveText(/lots hours/);

    await before.getByRole("button", { name: /Error rate/ }).click();
    await page.getByRole("textbox", { name: "Before Error rate (%)" }).fill("25");
    await expect(page.getByTestId("after-errorRate")).toHaveText("2.5%");
    await page.getByRole("textbox", { name: "Before Error rate (%)" }).blur();
    await expect(page.getByRole("textbox", { name: "Before Error rate (%)" })).toHaveCount(0);
    await expect(page.getByTestId("after-cost")).toHaveText("$180");

    // The third figure is tappable with the divider where it starts (on phones it sat under it).
    await expect(page.getByRole("slider", { name: "Comparison divider" })).toHaveAttribute("aria-valuenow", "80");
    await before.getByRole("button", { name: /Manual labor cost/ }).click();
    await page.getByRole("textbox", { name: /Before Manual labor cost/ }).fill("2500");
    await expect(page.getByTestId("after-cost")).toHaveText("$375");
  });

  test("at rest the comparison shows Before and After figures side by side, and answers each edit with a readout, announced politely @phone", async ({
    page,
  }) => {
    await page.goto("/");
    // Typing is not replayed like clicks and keys: it needs the island live.
    await hydrated(page);
    const section = page.getByRole("region", { name: "See The Transformation" });
    const readout = section.getByRole("list", { name: "Before → After" });
    await readout.scrollIntoViewIfNeeded();
    // The divider where it starts (80 %) hides no figure of the story: each metric reads before → after.
    await expect(page.getByRole("slider", { name: "Comparison divider" })).toHaveAttribute("aria-valuenow", "80");
    for (const [label, text] of [
      ["Data processing time", "17 hours to 2 hours a week"],
      ["Error rate", "8% to 0.8% of records"],
      ["Manual labor cost", "$1200 to $180 a week"],
    ] as const) {
      const item = readout.getByRole("listitem").filter({ hasText: label });
      await expect(item).toBeVisible();
      // Read as "to", drawn as an arrow icon (the page's font has no "→").
      await expect(item).toContainText(text);
      await expect(item.locator("svg.lucide-arrow-right")).toBeVisible();
    }
    const announcement = section.getByRole("status");
    await expect(announcement).toHaveText("");

    await section.getByRole("button", { name: /Edit Before Data processing time/ }).click();
    await page.getByRole("textbox", { name: "Before Data processing time (hours)" }).fill("12");
    const time = readout.getByRole("listitem").filter({ hasText: "Data processing time" });
    await expect(time).toContainText("12 hours to 1.4 hours a week");
    await expect(time).toBeInViewport();
    await expect(announcement).toHaveText("Data processing time: 12 hours to 1.4 hours a week");
    await expect(announcement).toHaveAttribute("aria-live", "polite");
  });
});

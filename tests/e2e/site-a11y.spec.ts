import { expect, test } from "@playwright/test";
import { axeViolations } from "./support/axe";

test.describe("accessibility (axe, WCAG 2.2 AA)", () => {
  for (const path of ["/", "/team", "/privacy", "/terms", "/audit", "/audit?sent=1", "/no-such-page"]) {
    test(`${path} has no violations @phone`, async ({ browser }, info) => {
      const context = await browser.newContext({ viewport: info.project.use.viewport ?? { width: 1440, height: 900 }, reducedMotion: "reduce" });
      const page = await context.newPage();
      await page.goto(path, { waitUntil: "networkidle" });
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  }

  test("the open dialogs have no violations @phone", async ({ browser }, info) => {
    const context = await browser.newContext({ viewport: info.project.use.viewport ?? { width: 1440, height: 900 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.route(/^https:\/\/cal\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<html lang='en'><title>Scheduler</title><body><h1>Scheduler</h1></body></html>" }),
    );
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Book Your Automation Audit" }).click();
    await expect(page.getByRole("dialog", { name: "Book Your Automation Audit" })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Send request" }).click();
    await expect(page.getByText("Please enter your name.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");

    const phone = (page.viewportSize()?.width ?? 1440) < 768;
    if (phone) {
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("navigation", { name: "Mobile" }).getByRole("button", { name: "Work with Us" }).click();
    } else await page.locator("header").getByRole("button", { name: "Work with Us" }).click();
    await expect(page.getByRole("dialog", { name: "Book a Discovery Call" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

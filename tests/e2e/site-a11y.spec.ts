import { expect, test } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { hydrated } from "./support/admin";

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

  test("the comparison's readout after an edit, the audit dialog's last step, search results and a post without a cover have no violations @phone", async ({
    browser,
  }, info) => {
    const context = await browser.newContext({ viewport: info.project.use.viewport ?? { width: 1440, height: 900 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/", { waitUntil: "networkidle" });
    await hydrated(page);
    const comparison = page.getByTestId("comparison");
    await comparison.getByRole("button", { name: /Edit Before Error rate/ }).click();
    await page.getByRole("textbox", { name: "Before Error rate (%)" }).fill("20");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("region", { name: "See The Transformation" }).getByRole("status")).toHaveText("Error rate: 20% to 2.0% of records");
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Book Your Automation Audit" }).click();
    const dialog = page.getByRole("dialog", { name: "Book Your Automation Audit" });
    await dialog.getByLabel("Name").fill("Axe Visitor");
    await dialog.getByLabel("Work email").fill("axe.visitor@example.com");
    await dialog.getByLabel("Company").fill("Axe Ltd");
    await dialog.getByLabel("What would you like to automate?").fill("Checking the last step for axe");
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect(dialog.getByRole("heading", { name: "What happens next" })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();

    const blog = await browser.newContext({ viewport: info.project.use.viewport ?? { width: 1440, height: 900 }, reducedMotion: "reduce" });
    const list = await blog.newPage();
    await list.goto("/blog?q=agents", { waitUntil: "networkidle" });
    expect(await axeViolations(list)).toEqual([]);
    await list.goto("/blog/evaluating-llm-agents-before-production", { waitUntil: "networkidle" });
    expect(await axeViolations(list)).toEqual([]);
    await blog.close();
  });
});

// What opens on the landing page: the services and offerings tabs, the offerings' accordion on
// phones and the FAQ's disclosures, by mouse, touch and keyboard.
import { expect, test } from "@playwright/test";
import { isPhone } from "./support/site";

test.describe("landing page", () => {
  test("services tabs work by mouse and keyboard @phone", async ({ page }) => {
    await page.goto("/#services");
    const tablist = page.getByRole("tablist", { name: "Services" });
    const tabs = tablist.getByRole("tab");
    await expect(tabs).toHaveText(["Venture Capital", "Sales", "HR", "Enterprise"]);
    await expect(tablist.getByRole("tab", { name: "Venture Capital" })).toHaveAttribute("aria-selected", "true");
    const panel = page.locator("#services").getByRole("tabpanel");
    await expect(panel.getByRole("heading", { name: "Deal flow on autopilot" })).toBeVisible();
    await expect(panel.getByText("Tools we connect")).toBeVisible();

    await tablist.getByRole("tab", { name: "Venture Capital" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(tablist.getByRole("tab", { name: "Sales" })).toBeFocused();
    await expect(tablist.getByRole("tab", { name: "Sales" })).toHaveAttribute("aria-selected", "true");
    await expect(panel.getByRole("heading", { name: "More pipeline, less admin" })).toBeVisible();
    await page.keyboard.press("End");
    await expect(tablist.getByRole("tab", { name: "Enterprise" })).toBeFocused();
    for (const layer of ["Data + APIs", "Automation fabric", "Delivery"]) await expect(panel.getByText(layer, { exact: true })).toBeVisible();
    await expect(panel.getByText("Tools we connect")).toHaveCount(0);
    await page.keyboard.press("ArrowRight");
    await expect(tablist.getByRole("tab", { name: "Venture Capital" })).toHaveAttribute("aria-selected", "true");
    await tablist.getByRole("tab", { name: "HR" }).click();
    await expect(panel.getByRole("heading", { name: "Hiring and onboarding that run themselves" })).toBeVisible();
    await expect(panel.getByTestId("services-panel")).toHaveCSS("opacity", "1");
    // Every tab's content is in the server HTML; only the chosen one is shown (and exposed).
    await expect(page.locator("#services [role=tabpanel]")).toHaveCount(4);
    await expect(page.locator("#services").getByRole("tabpanel")).toHaveCount(1);
  });

  test("offerings are five vertical tabs with four features each", async ({ page }) => {
    await page.goto("/");
    const tablist = page.getByRole("tablist", { name: "Offerings" });
    await expect(tablist).toHaveAttribute("aria-orientation", "vertical");
    await expect(tablist.getByRole("tab")).toHaveText(["Venture Assist", "HR Automation Partner", "GTM Engine", "Commercialization Agents", "Build Advisory"]);
    const panel = page
      .getByRole("tabpanel")
      .filter({ has: page.getByRole("heading", { level: 4 }) })
      .last();
    await expect(tablist.getByRole("tab", { name: "Venture Assist" })).toHaveAttribute("aria-selected", "true");
    await expect(panel.getByRole("heading", { level: 4 })).toHaveCount(4);
    await tablist.getByRole("tab", { name: "Venture Assist" }).focus();
    await page.keyboard.press("ArrowDown");
    await expect(tablist.getByRole("tab", { name: "HR Automation Partner" })).toBeFocused();
    await expect(page.getByRole("heading", { level: 3, name: "HR Automation Partner" })).toBeVisible();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(tablist.getByRole("tab", { name: "Build Advisory" })).toHaveAttribute("aria-selected", "true");
    await expect(panel.getByRole("heading", { level: 4 })).toHaveCount(4);
  });

  test("offerings are an accordion on phones: the tapped offering opens under its header, one at a time, by touch and keyboard @phone", async ({ page }) => {
    test.skip(!isPhone(page), "an accordion below 768 px only");
    await page.goto("/");
    const section = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Packaged engagements, tailored delivery" }) });
    // Reached, as a visitor scrolling there: the section's island starts on sight.
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole("tablist")).toBeHidden();
    const headers = section.getByRole("button");
    await expect(headers).toHaveText(["Venture Assist", "HR Automation Partner", "GTM Engine", "Commercialization Agents", "Build Advisory"]);
    const first = section.getByRole("button", { name: "Venture Assist" });
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(section.getByRole("region", { name: "Venture Assist" }).getByRole("heading", { level: 4 })).toHaveCount(4);
    await expect(section.getByRole("region")).toHaveCount(1);

    const gtm = section.getByRole("button", { name: "GTM Engine" });
    await gtm.tap();
    await expect(gtm).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    const region = section.getByRole("region", { name: "GTM Engine" });
    await expect(region.getByRole("heading", { level: 4 })).toHaveText(["Account research", "Outreach drafts", "CRM autopilot", "Pipeline insights"]);
    // The content opens right under the header that was tapped, not above the list.
    const header = (await gtm.boundingBox())!;
    const content = (await region.boundingBox())!;
    expect(content.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(content.y - (header.y + header.height)).toBeLessThan(24);

    await gtm.focus();
    await page.keyboard.press("Enter");
    await expect(gtm).toHaveAttribute("aria-expanded", "false");
    await expect(section.getByRole("region")).toHaveCount(0);
    await page.keyboard.press("Tab");
    await expect(section.getByRole("button", { name: "Commercialization Agents" })).toBeFocused();
    await page.keyboard.press("Space");
    await expect(section.getByRole("region", { name: "Commercialization Agents" }).getByRole("heading", { level: 4 })).toHaveCount(4);
  });

  test("the FAQ opens one answer at a time and closes it again, by mouse and keyboard @phone", async ({ page }) => {
    await page.goto("/#faq");
    const faq = page.locator("#faq");
    // Native disclosures (<details>/<summary>): they work before and without JavaScript too.
    const questions = faq.locator("summary");
    await expect(questions).toHaveCount(7);
    const item = (question: string) => faq.locator("details", { has: page.getByRole("heading", { name: question }) });
    const first = faq.locator("summary", { hasText: "What does your studio do?" });
    const pricing = faq.locator("summary", { hasText: "How much does it cost?" });
    await first.click();
    await expect(item("What does your studio do?")).toHaveAttribute("open", "");
    await expect(faq.getByText(/We design, build and run automation systems/)).toBeVisible();
    await pricing.click();
    await expect(item("What does your studio do?")).not.toHaveAttribute("open");
    await expect(faq.getByText(/We design, build and run automation systems/)).toBeHidden();
    await expect(faq.getByText(/fixed scope fee/)).toBeVisible();
    await expect(faq.getByText(/subscription plus a usage-based cost/)).toBeVisible();
    await pricing.click();
    await expect(item("How much does it cost?")).not.toHaveAttribute("open");
    await expect(faq.getByText(/fixed scope fee/)).toBeHidden();

    const security = faq.locator("summary", { hasText: "How do you keep our data secure?" });
    await security.focus();
    await page.keyboard.press("Enter");
    await expect(item("How do you keep our data secure?")).toHaveAttribute("open", "");
    for (const claim of [/compliance standards/, /encrypt data/, /role-based access/, /audit logs/, /own cloud/])
      await expect(faq.getByText(claim)).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(faq.locator("summary", { hasText: "Who owns the data and IP?" })).toBeFocused();
    await page.keyboard.press("Space");
    await expect(item("Who owns the data and IP?")).toHaveAttribute("open", "");
    await expect(item("How do you keep our data secure?")).not.toHaveAttribute("open");
    await expect(faq.getByText(/frameworks and templates/)).toBeVisible();
    // The questions stay headings (level 3) inside their summaries.
    await expect(faq.getByRole("heading", { level: 3 })).toHaveCount(7);
  });
});

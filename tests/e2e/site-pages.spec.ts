import { expect, test } from "@playwright/test";
import { hydrated } from "./support/admin";

test.describe("team, privacy and terms", () => {
  test("/team lists active members by display order with photo or initial and LinkedIn in a new tab @phone", async ({ page }) => {
    await page.goto("/team");
    await expect(page.getByRole("heading", { level: 1, name: "Our Team" })).toBeVisible();
    await expect(page.getByText("Meet the people behind Flowstate")).toBeVisible();
    const names = await page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
    const seeded = ["Maya Lindqvist", "Daniel Okafor", "Priya Raman"];
    expect(names.filter((n) => seeded.includes(n))).toEqual(seeded);
    expect(names).not.toContain("Lucas Moreau");
    await expect(page.getByText("Founder & CEO")).toBeVisible();
    const linkedin = page.getByRole("link", { name: /Maya Lindqvist on LinkedIn/ });
    await expect(linkedin).toHaveAttribute("target", "_blank");
    await expect(linkedin).toHaveAccessibleDescription("(opens in a new tab)");
    await expect(linkedin).toHaveAttribute("href", /linkedin\.com/);
    await expect(page.getByRole("link", { name: /Priya Raman on LinkedIn/ })).toHaveCount(0);
  });

  test("a link to /team says 'Loading team members...' while the page loads", async ({ page }) => {
    await page.goto("/privacy");
    await hydrated(page);
    // A held page load closes the page for this browser driver, so the test's own handler (after
    // the page's) cancels this one: the text the page's handler put up stays to be seen.
    await page.evaluate(() => window.addEventListener("click", (event) => event.preventDefault(), { once: true }));
    const team = page.locator("footer").getByRole("link", { name: "Team" });
    await team.click();
    await expect(page.getByRole("status").filter({ hasText: "Loading team members..." })).toBeVisible();
    await team.click();
    await expect(page.getByRole("heading", { level: 1, name: "Our Team" })).toBeVisible();
    await expect(page.getByText("Loading team members...")).toHaveCount(0);
  });

  test("/privacy has its sections, date and privacy address @phone", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByText("Last updated November 2026")).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      "Information We Collect",
      "How We Use Your Information",
      "Information Sharing",
      "Data Security",
      "Your Rights",
      "Contact Us",
    ]);
    await expect(page.getByRole("link", { name: "privacy@flowstate.example" })).toHaveAttribute("href", "mailto:privacy@flowstate.example");
  });

  test("/terms has its sections, date and legal address @phone", async ({ page }) => {
    await page.goto("/terms");
    await expect(page.getByRole("heading", { level: 1, name: "Terms & Conditions" })).toBeVisible();
    await expect(page.getByText("Last updated January 2025")).toBeVisible();
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      "Acceptance of Terms",
      "Description of Services",
      "User Responsibilities",
      "Intellectual Property",
      "Limitation of Liability",
      "Termination",
      "Governing Law",
      "Contact Information",
    ]);
    await expect(page.getByRole("link", { name: "legal@flowstate.example" })).toHaveAttribute("href", "mailto:legal@flowstate.example");
  });
});

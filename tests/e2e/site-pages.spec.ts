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

  // Client navigations start on the blog list, the public page that runs the React Router app;
  // the other public pages are islands and reach /team by a full page load (decision 0027).
  test("a client navigation to /team shows 'Loading team members...' until the data arrives", async ({ page }) => {
    await page.goto("/blog");
    await hydrated(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/team\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.locator("footer").getByRole("link", { name: "Team" }).click();
    await expect(page.getByRole("status").getByText("Loading team members...")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1, name: "Our Team" })).toBeVisible();
    await expect(page.getByText("Loading team members...")).toHaveCount(0);
  });

  test("a failed team load shows the destructive toast 'Error loading team'", async ({ page }) => {
    await page.goto("/blog");
    await hydrated(page);
    // Only the team route's own data request fails (the shared root data still loads).
    await page.route(/\/team\.data\?_routes=routes%2Fsite%2Fteam/, (route) => route.abort("failed"));
    await page.locator("footer").getByRole("link", { name: "Team" }).click();
    const alert = page.getByRole("alert");
    await expect(alert.getByText("Error loading team")).toBeVisible();
    await expect(alert.locator("p").nth(1)).not.toBeEmpty();
  });

  test("/privacy has its sections, date and privacy address @phone", async ({ page }) => {
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByText("Last updated January 2025")).toBeVisible();
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

import { expect, test } from "@playwright/test";

const NO_COVER_TITLE = "Evaluating LLM agents before they touch production data";

test.describe("generated covers and avatars", () => {
  test("a post without a cover gets a generated cover with its category and title on its card and its page @phone", async ({ page }) => {
    await page.goto("/blog");
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: NO_COVER_TITLE }) });
    const cover = card.locator('[data-cover="generated"]');
    await expect(cover).toBeVisible();
    await expect(cover).toContainText("AI Agents");
    await expect(cover).toContainText(NO_COVER_TITLE);
    await expect(cover).toHaveAttribute("aria-hidden", "true");
    // No picture and no placeholder icon: the cover is drawn in the page, in the 16:9 box of a picture.
    await expect(card.locator("img")).toHaveCount(0);
    const box = (await cover.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    // Posts with a cover keep their picture.
    await expect(page.getByRole("article").filter({ hasText: "Case study: cutting new-hire onboarding" }).locator("img")).toHaveCount(1);

    await card.getByRole("link", { name: NO_COVER_TITLE, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: NO_COVER_TITLE })).toBeVisible();
    const postCover = page.getByRole("main").locator('[data-cover="generated"]');
    await expect(postCover).toBeVisible();
    await expect(postCover).toContainText(NO_COVER_TITLE);
    await expect(page.getByRole("main").locator("article img")).toHaveCount(0);
  });

  test("team members without a photo show their first letter in a generated avatar @phone", async ({ page }) => {
    await page.goto("/team");
    // The seeded members have no photo (other journeys may add members with one meanwhile).
    const looks = new Set<string>();
    for (const name of ["Maya Lindqvist", "Daniel Okafor", "Priya Raman"]) {
      const card = page
        .getByRole("main")
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { level: 2, name }) });
      const avatar = card.locator("[data-avatar]");
      await expect(avatar).toBeVisible();
      await expect(avatar).toHaveAttribute("data-avatar", name.charAt(0));
      await expect(avatar.locator("svg text")).toHaveText(name.charAt(0));
      await expect(card.locator("img")).toHaveCount(0);
      looks.add(await avatar.evaluate((el) => getComputedStyle(el).backgroundImage));
    }
    // Different people, different looks.
    expect(looks.size).toBe(3);
  });

  test("pain-point quotes show generated avatars with the first letter of each name, not silhouettes", async ({ page }) => {
    await page.goto("/");
    const rows = page.getByRole("list", { name: "What teams tell us" }).getByRole("listitem");
    await expect(rows).toHaveCount(10);
    await expect(rows.locator("img")).toHaveCount(0);
    for (const row of await rows.all()) {
      const name = (await row.locator("p").nth(1).textContent())!;
      await expect(row.locator("[data-avatar]")).toHaveAttribute("data-avatar", name.charAt(0));
    }
  });
});

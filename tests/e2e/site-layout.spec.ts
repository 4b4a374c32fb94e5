import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./support/admin";
import { isPhone } from "./support/site";

/** The scheduling page is another origin: answer it locally so tests never leave the machine. */
async function stubScheduling(page: Page) {
  await page.route(/^https:\/\/cal\.com\//, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<html><body>Scheduler</body></html>" }));
}

test.describe("site header and footer", () => {
  test("header links go to services, blog and community; the phone menu closes on a choice @phone", async ({ page }) => {
    await page.goto("/privacy");
    const header = page.locator("header");
    await expect(header.getByRole("link", { name: /Flowstate home/ })).toHaveAttribute("href", "/");
    if (isPhone(page)) {
      const toggle = header.getByRole("button", { name: "Open menu" });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(header.getByRole("navigation", { name: "Mobile" })).toBeHidden();
      await toggle.click();
      const menu = header.getByRole("navigation", { name: "Mobile" });
      await expect(menu).toBeVisible();
      await expect(header.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
      await expect(menu.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
      await expect(menu.getByRole("link", { name: /Community/ })).toHaveAttribute("target", "_blank");
      await expect(menu.getByRole("button", { name: "Work with Us" })).toBeVisible();
      await menu.getByRole("link", { name: "Services" }).click();
      await expect(page).toHaveURL(/\/#services$/);
      await expect(menu).toBeHidden();
      await expect(page.locator("#services")).toBeInViewport();
    } else {
      const nav = header.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name: "Services" })).toHaveAttribute("href", "/#services");
      await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
      const community = nav.getByRole("link", { name: /Community/ });
      await expect(community).toHaveAttribute("target", "_blank");
      await expect(community).toHaveAttribute("href", /^https?:\/\//);
      await expect(header.getByRole("button", { name: "Open menu" })).toBeHidden();
      await nav.getByRole("link", { name: "Services" }).click();
      await expect(page).toHaveURL(/\/#services$/);
      await expect(page.locator("#services")).toBeInViewport();
    }
  });

  test("the header gets a background as soon as content scrolls under it, and a border too after 100 px @phone", async ({ page }) => {
    await page.goto("/terms");
    const header = page.locator("header");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await expect(header).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    // A few pixels of scroll put text under the header: it must not show through.
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute("data-covered", "true");
    await expect(header).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    await expect(header).not.toHaveCSS("backdrop-filter", "none");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 90));
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 150));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).not.toHaveCSS("border-bottom-color", "rgba(0, 0, 0, 0)");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await expect(header).toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
  });

  test("without JavaScript, which cannot follow the scroll, the header always has its background @phone", async ({ browser }, info) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: info.project.use.viewport ?? { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto("/terms");
    await expect(page.locator("header")).not.toHaveCSS("background-color", "rgba(0, 0, 0, 0)");
    await expect(page.locator("header")).not.toHaveCSS("backdrop-filter", "none");
    await context.close();
  });

  test("the footer has every link and the current year @phone", async ({ page }) => {
    await page.goto("/team");
    const footer = page.locator("footer");
    await expect(footer.getByRole("link", { name: "Services" })).toHaveAttribute("href", "/#services");
    await expect(footer.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    // New-tab links are named by their text alone and described as opening a new tab.
    for (const name of ["Community", "LinkedIn"]) {
      const link = footer.getByRole("link", { name, exact: true });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAccessibleDescription("(opens in a new tab)");
    }
    await expect(footer.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/privacy");
    await expect(footer.getByRole("link", { name: "Terms & conditions" })).toHaveAttribute("href", "/terms");
    await expect(footer.getByText(`© ${new Date().getFullYear()} Flowstate`)).toBeVisible();
    await footer.getByRole("link", { name: "Privacy policy" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("Work with Us dialog", () => {
  test("embeds the scheduling page only once opened, locks scroll, traps and restores focus @phone", async ({ page }) => {
    await stubScheduling(page);
    await page.goto("/");
    await expect(page.locator("iframe")).toHaveCount(0);
    // The dialog opened on a click held before hydration is tested in site-loading; here focus
    // handling is under test, so the page is hydrated first (a hydration pass can move focus).
    await hydrated(page);
    let opener = page.locator("header").getByRole("button", { name: "Work with Us" });
    if (isPhone(page)) {
      await page.getByRole("button", { name: "Open menu" }).click();
      opener = page.getByRole("navigation", { name: "Mobile" }).getByRole("button", { name: "Work with Us" });
    }
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Book a Discovery Call" });
    await expect(dialog).toBeVisible();
    const frame = dialog.locator("iframe");
    await expect(frame).toHaveAttribute("src", /^https:\/\/cal\.com\//);
    // The visit's signed booking reference rides in the booking's metadata (docs/decisions/0052).
    await expect(frame).toHaveAttribute("src", /[?&]metadata%5Bref%5D=v1\./);
    await expect(frame).toHaveAttribute("title", /Scheduling page/);
    expect(Math.round((await frame.boundingBox())!.height)).toBe(600);
    await expect(dialog.getByText(/cal\.com/)).toHaveCount(0);
    const fallback = dialog.getByRole("link", { name: /Open the scheduling page in a new tab/ });
    await expect(fallback).toHaveAttribute("target", "_blank");
    await expect(fallback).toHaveAttribute("href", /^https:\/\/cal\.com\//);

    const viewport = page.viewportSize()!;
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(Math.min(viewport.width * 0.9, 1200) + 1);
    expect(box.width).toBeGreaterThanOrEqual(Math.min(viewport.width * 0.9, 1200) - 1);
    expect(box.height).toBeLessThanOrEqual(viewport.height * 0.9 + 1);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");

    // Tab once the scheduling page has loaded: a frame whose document is swapped while it holds
    // focus can drop that focus to the page (the likely cause of one failed CI run here).
    await expect(frame.contentFrame().getByText("Scheduler")).toBeVisible();
    // The frame is another origin, so another process: Chromium moves focus into and out of it
    // asynchronously, and for a moment after a Tab the page's active element can be the body.
    // What is checked is where focus settles, before the next key.
    const focusInside = () => dialog.evaluate((el) => el.contains(document.activeElement));
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      await expect.poll(focusInside).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    await expect.poll(focusInside).toBe(true);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
    if (isPhone(page)) await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    else await expect(opener).toBeFocused();
  });

  test("closes by its close button and by a click on the backdrop", async ({ page }) => {
    await stubScheduling(page);
    await page.goto("/terms");
    const opener = page.locator("header").getByRole("button", { name: "Work with Us" });
    const dialog = page.getByRole("dialog", { name: "Book a Discovery Call" });
    await opener.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close dialog" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });
});

test.describe("SEO and self-hosting", () => {
  for (const [path, title, image] of [
    ["/", "Flowstate | Smarter Systems. Better Outcomes.", "home"],
    ["/team", "Our Team | Flowstate", "team"],
    ["/privacy", "Privacy Policy | Flowstate", "privacy"],
    ["/terms", "Terms & Conditions | Flowstate", "terms"],
  ] as const) {
    test(`${path} has its title, description, canonical URL, Open Graph, Twitter and JSON-LD`, async ({ page, baseURL }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
      // Each page shares its own generated image, named by a fingerprint of its text.
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", new RegExp(`^${baseURL}/og/page/${image}\\.png\\?v=\\w+$`));
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
      const types = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((els) => els.map((e) => (JSON.parse(e.textContent ?? "{}") as { "@type"?: string })["@type"]));
      expect(types).toEqual(expect.arrayContaining(["Organization", "WebSite"]));
      if (path === "/") {
        const faq = await page
          .locator('script[type="application/ld+json"]')
          .evaluateAll((els) =>
            els.map((e) => JSON.parse(e.textContent ?? "{}") as { "@type"?: string; mainEntity?: unknown[] }).find((j) => j["@type"] === "FAQPage"),
          );
        expect(faq?.mainEntity).toHaveLength(7);
      } else expect(types).not.toContain("FAQPage");
    });
  }

  test("the Open Graph image is a 1200x630 PNG", async ({ request }) => {
    const response = await request.get("/og-image.png");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    const bytes = await response.body();
    expect(bytes.readUInt32BE(16)).toBe(1200);
    expect(bytes.readUInt32BE(20)).toBe(630);
  });

  test("public pages make no request to another origin while they load and scroll @phone", async ({ page, baseURL }) => {
    const foreign: string[] = [];
    page.on("request", (r) => {
      const url = r.url();
      if (!url.startsWith(baseURL!) && !url.startsWith("data:") && !url.startsWith("blob:")) foreign.push(url);
    });
    for (const path of ["/", "/team", "/privacy", "/terms"]) {
      await page.goto(path, { waitUntil: "networkidle" });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState("networkidle");
    }
    expect(foreign).toEqual([]);
  });
});

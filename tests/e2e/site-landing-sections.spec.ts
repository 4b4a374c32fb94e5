// The landing page's sections and how they appear: their order, texts and counts in the server
// HTML, counters that count up, the dot grid, scroll reveals, and no motion for reduced motion.
// (Tabs and FAQ: site-landing-disclosures; the comparison: site-landing-comparison; the moving
// lists: site-landing-carousels.spec.ts.)
import { expect, test } from "@playwright/test";
import { startDotGrid } from "./support/site";

test.describe("landing page", () => {
  test("sections come in order with their texts and counts @phone", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    // The real counter values are in the server HTML.
    for (const value of ["35+", "180%", "400+", "6,000+"]) expect(html).toContain(value);

    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Smarter Systems. Better Outcomes." })).toBeVisible();
    for (const pill of ["AI Agents", "No-Code", "Low Code"])
      await expect(page.getByRole("listitem").filter({ hasText: new RegExp(`^${pill}$`) })).toBeVisible();
    await expect(page.getByRole("button", { name: "Book Your Automation Audit" })).toBeVisible();

    const headings = await page.locator("main h2").allTextContents();
    const order = [
      "Trusted by teams that move fast",
      "An automation studio that ships",
      "Automation for every team",
      "Packaged engagements, tailored delivery",
      "From audit to scale in four steps",
      "See The Transformation",
      "Overwhelmed? You are not alone",
      "They speak for us",
      "Where automation innovators connect & thrive",
      "Frequently asked questions",
      "Ready to remove manual work?",
    ];
    expect(headings.filter((h) => order.includes(h))).toEqual(order);

    const trusted = page.locator("section", { has: page.getByRole("heading", { name: "Trusted by teams that move fast" }) }).getByRole("link");
    await expect(trusted).toHaveCount(8);
    for (const link of await trusted.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAccessibleDescription("(opens in a new tab)");
    }
    await expect(trusted.getByRole("img", { name: "Northwind Capital", exact: true })).toBeVisible();
    const who = page.locator("section", { has: page.getByRole("heading", { name: "An automation studio that ships" }) });
    await expect(who.getByRole("link")).toHaveCount(4);
    // The integrations diagram from 1024 px, a labelled grid of the same tools below.
    await expect(who.getByRole(page.viewportSize()!.width < 1024 ? "list" : "img", { name: /automation hub/ })).toBeVisible();
    for (const label of ["Happy Clients", "Average automation ROI", "Automations Built", "Hours saved"]) await expect(who.getByText(label)).toBeVisible();

    const process = page.locator("section", { has: page.getByRole("heading", { name: "From audit to scale in four steps" }) });
    await expect(process.getByRole("heading", { level: 3 })).toHaveText(["Audit", "Build", "Deliver", "Scale"]);
    for (const claim of [
      "Free strategy call",
      "Custom proposal",
      "70% faster builds",
      "Two refinement rounds",
      "Weekly progress updates",
      "Biweekly demos",
      "Playbook",
      "ROI tracking",
    ])
      await expect(process.getByText(claim, { exact: true })).toBeVisible();

    await expect(page.getByText("Approximate data according to average of clients we've served")).toBeVisible();
    const community = page.locator("section", { has: page.getByRole("heading", { name: "Where automation innovators connect & thrive" }) });
    await expect(community.getByRole("heading", { level: 3 })).toHaveCount(4);
    for (const title of ["Automation Library", "Resource Packs", "Expert Courses"]) await expect(community.getByRole("heading", { name: title })).toBeVisible();
    await expect(
      community
        .getByRole("listitem")
        .filter({ has: page.locator("svg.lucide-circle-check-big, svg") })
        .filter({ hasNotText: /Library|Packs|Courses|Sessions/ }),
    ).toHaveCount(3);
    const journey = community.getByRole("link", { name: "Start Your Automation Journey", exact: true });
    await expect(journey).toHaveAttribute("target", "_blank");
    await expect(page.locator("#faq")).toBeAttached();
    await expect(page.locator("#contact").getByRole("button", { name: "Book An Automation Audit" })).toBeVisible();
  });

  test("counters count up once they scroll into view", async ({ page }) => {
    await page.goto("/");
    const last = page.locator("dd").last();
    await expect(last).toHaveText("0+");
    await last.scrollIntoViewIfNeeded();
    await expect(last).toHaveText("6,000+", { timeout: 5000 });
    await expect(page.locator("dd").first()).toHaveText("35+");
    // Each value is on the page once: what a reader finds is what everyone sees.
    for (const value of ["35+", "180%", "400+", "6,000+"]) await expect(page.getByText(value, { exact: true })).toHaveCount(1);
  });

  test("the dot grid starts after load, and nothing animates for reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto("/");
    const canvas = page.getByTestId("dot-grid");
    // Only CSS dots until the pointer moves: no canvas code on the page load path.
    await expect(canvas).toHaveAttribute("data-live", "false");
    await startDotGrid(page, [400, 700], 300);
    await expect.poll(() => canvas.evaluate((c) => (c as HTMLCanvasElement).width)).toBeGreaterThan(1000);
    await expect(page.locator("[data-reveal='hidden']").first()).toBeAttached();
    await context.close();

    const reduced = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: "reduce" });
    const still = await reduced.newPage();
    await still.goto("/", { waitUntil: "networkidle" });
    await still.mouse.move(400, 300);
    await still.mouse.move(700, 400);
    await expect(still.getByRole("heading", { name: "Frequently asked questions" })).toBeAttached();
    expect(await still.locator("[data-reveal='hidden']").count()).toBe(0);
    await expect(still.getByTestId("dot-grid")).toHaveAttribute("data-live", "false");
    expect(await still.getByTestId("dot-grid").evaluate((c) => (c as HTMLCanvasElement).width)).toBe(300);
    expect(await still.getByTestId("problems-track").evaluate((el) => (el as HTMLElement).style.transform)).toBe("");
    await expect(still.getByRole("button", { name: "Pause scrolling" })).toHaveCount(0);
    await expect(still.locator("dd").last()).toHaveText("6,000+");
    await reduced.close();
  });

  test("sections below the first screen are drawn only as they come near, and in-page links still land on theirs", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto("/");
    /** Whether the heading of the section `title` is drawn (its section not skipped by `content-visibility: auto`). */
    const drawn = (title: string) =>
      page.getByRole("heading", { name: title, level: 2 }).evaluate((heading) => heading.checkVisibility({ contentVisibilityAuto: true }));
    await expect.poll(() => drawn("Frequently asked questions")).toBe(false);
    expect(await page.getByRole("heading", { level: 1 }).evaluate((h) => h.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
    // Its words are in the page all the same (search, assistive technology).
    await expect(page.getByRole("heading", { name: "Frequently asked questions" })).toBeAttached();

    await page.getByRole("banner").getByRole("link", { name: "Services", exact: true }).click();
    await expect(page).toHaveURL(/#services$/);
    const services = page.locator("#services");
    await expect(services.getByRole("heading", { level: 2 })).toBeInViewport();
    await expect.poll(() => services.evaluate((s) => Math.round(s.getBoundingClientRect().top))).toBeLessThan(120);

    await page.goto("/#contact");
    const contact = page.locator("#contact");
    await expect(contact.getByRole("heading", { level: 2 })).toBeInViewport();
    await expect.poll(() => contact.evaluate((s) => Math.round(Math.abs(s.getBoundingClientRect().top)))).toBeLessThan(120);
    await page.getByRole("heading", { name: "Frequently asked questions" }).scrollIntoViewIfNeeded();
    await expect.poll(() => drawn("Frequently asked questions")).toBe(true);
    await context.close();
  });

  test("an address with a malformed fragment starts the page, and a jump to a section still lands on it", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    // '%E0%A4%A' is an escape cut short: decodeURIComponent throws on it.
    await page.goto("/#%E0%A4%A");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // A jump from there (as the back button or a script's link would make) draws the sections above first.
    await page.evaluate(() => (location.hash = "contact"));
    const contact = page.locator("#contact");
    await expect(contact.getByRole("heading", { level: 2 })).toBeInViewport();
    await expect.poll(() => contact.evaluate((s) => Math.round(Math.abs(s.getBoundingClientRect().top)))).toBeLessThan(120);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("scroll reveals keep server HTML visible and show sections as they enter", async ({ page }) => {
    await page.goto("/");
    const faqHeading = page.locator("[data-reveal]").filter({ has: page.getByRole("heading", { name: "Frequently asked questions" }) });
    await expect(faqHeading).toHaveAttribute("data-reveal", "hidden");
    await faqHeading.scrollIntoViewIfNeeded();
    await expect(faqHeading).toHaveAttribute("data-reveal", "shown");
    await expect(faqHeading).toHaveCSS("opacity", "1");
  });

  // The motion below the first screen waits for its element to come into sight (decision 0080).
  test("the contact card's glow is made when it comes into sight, turns there and stops when it leaves", async ({ page }) => {
    await page.goto("/");
    const glow = page.locator("[data-glow]");
    const line = page.locator("[data-diagram] [data-line]").first();
    // The diagram starts after the glow: once its lines wait undrawn, the glow's turn has come.
    await expect(line).toHaveCSS("stroke-dashoffset", "1px");
    const animations = () => glow.evaluate((el) => el.getAnimations().map((a) => a.playState));
    expect(await animations()).toEqual([]);
    await glow.scrollIntoViewIfNeeded();
    await expect.poll(animations).toEqual(["running"]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(animations).toEqual(["paused"]);
  });

  test("the integrations diagram waits undrawn below the screen and draws its lines and icons once in sight", async ({ page }) => {
    await page.goto("/");
    const diagram = page.locator("[data-diagram]");
    const lines = diagram.locator("[data-line]");
    await expect(lines.first()).toHaveCSS("stroke-dashoffset", "1px");
    expect(await diagram.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
    await diagram.scrollIntoViewIfNeeded();
    await expect.poll(() => lines.evaluateAll((all) => all.map((l) => (l as SVGPathElement).style.strokeDashoffset))).toEqual(Array(6).fill("0"));
    await expect.poll(() => diagram.locator("[data-icon]").evaluateAll((all) => all.every((i) => (i as HTMLElement).style.transform === ""))).toBe(true);
    expect(await diagram.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBeGreaterThan(6);
  });
});

import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./support/admin";

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1440) < 768;

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

  test("the dot grid starts after load, and nothing animates for reduced motion", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto("/");
    const canvas = page.getByTestId("dot-grid");
    // Only CSS dots until the pointer moves: no canvas code on the page load path.
    await expect(canvas).toHaveAttribute("data-live", "false");
    let x = 400;
    await expect
      .poll(async () => {
        x = x === 400 ? 700 : 400;
        await page.mouse.move(x, 300);
        return canvas.getAttribute("data-live");
      })
      .toBe("true");
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

  test("scroll reveals keep server HTML visible and show sections as they enter", async ({ page }) => {
    await page.goto("/");
    const faqHeading = page.locator("[data-reveal]").filter({ has: page.getByRole("heading", { name: "Frequently asked questions" }) });
    await expect(faqHeading).toHaveAttribute("data-reveal", "hidden");
    await faqHeading.scrollIntoViewIfNeeded();
    await expect(faqHeading).toHaveAttribute("data-reveal", "shown");
    await expect(faqHeading).toHaveCSS("opacity", "1");
  });
});

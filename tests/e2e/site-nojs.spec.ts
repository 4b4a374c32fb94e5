import { expect, test, type Browser, type TestInfo } from "@playwright/test";
import { adminState, unique } from "./support/admin";
import { vnuErrors } from "./support/vnu";

/** The scheduling address the e2e server runs with (SCHEDULING_URL's default). */
const SCHEDULING_URL = "https://cal.com/flowstate/discovery";

/** A browser context of the running project's size with JavaScript turned off. */
async function withoutJs(browser: Browser, info: TestInfo) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: info.project.use.viewport ?? { width: 1440, height: 900 } });
  return { context, page: await context.newPage() };
}

test.describe("the public site without JavaScript", () => {
  test("the landing page is whole: FAQ answers open, every tab's content shows, the dialog buttons are links @phone", async ({ browser }, info) => {
    const { context, page } = await withoutJs(browser, info);
    await page.goto("/");

    // FAQ: native disclosure, one answer at a time.
    const faq = page.locator("#faq");
    const answer = faq.getByText(/We design, build and run automation systems/);
    await expect(answer).toBeHidden();
    await faq.getByText("What does your studio do?", { exact: true }).click();
    await expect(answer).toBeVisible();
    await faq.getByText("How much does it cost?", { exact: true }).click();
    await expect(faq.getByText(/fixed scope fee/)).toBeVisible();
    await expect(answer).toBeHidden();

    // Every service tab's and offering tab's content is readable; the tab lists, which could do nothing, are not shown.
    const services = page.locator("#services");
    await expect(services.getByRole("tablist")).toBeHidden();
    for (const title of ["Deal flow on autopilot", "More pipeline, less admin", "Hiring and onboarding that run themselves", "Operations at enterprise scale"])
      await expect(services.getByRole("heading", { level: 3, name: title })).toBeVisible();
    for (const layer of ["Data + APIs", "Automation fabric", "Delivery"]) await expect(services.getByText(layer, { exact: true })).toBeVisible();
    const offerings = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Packaged engagements, tailored delivery" }) });
    await expect(offerings.getByRole("tablist")).toBeHidden();
    for (const feature of ["Deal intake", "Candidate screening", "Account research", "Market scans", "Roadmapping"])
      await expect(offerings.getByRole("heading", { level: 4, name: feature })).toBeVisible();
    await expect(offerings.getByRole("heading", { level: 4 })).toHaveCount(20);
    // The panels take the whole width the hidden tab list leaves them, on any screen.
    const section = (await offerings.boundingBox())!;
    const panel = (await offerings.getByText("Deal intake", { exact: true }).locator("xpath=ancestor::*[@data-state][1]").boundingBox())!;
    expect(panel.width).toBeGreaterThan(section.width * 0.6);

    // The dialog buttons are links: the audit form page and the scheduling page.
    await expect(page.getByRole("button", { name: "Book Your Automation Audit" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Book Your Automation Audit" })).toHaveAttribute("href", "/audit?source=hero");
    await expect(page.locator("#contact").getByRole("link", { name: "Book An Automation Audit" })).toHaveAttribute("href", "/audit?source=contact");
    const workWithUs = page.locator("header").getByRole("link", { name: "Work with Us" });
    await expect(workWithUs).toBeVisible();
    await expect(workWithUs).toHaveAttribute("href", SCHEDULING_URL);
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();

    await page.getByRole("link", { name: "Book Your Automation Audit" }).click();
    await expect(page).toHaveURL(/\/audit\?source=hero$/);
    await expect(page.getByRole("heading", { level: 1, name: "Book Your Automation Audit" })).toBeVisible();
    await context.close();
  });

  test("the audit form page refuses bad input with messages, stores a good request and confirms it @phone", async ({ browser }, info) => {
    const { context, page } = await withoutJs(browser, info);
    const name = unique("Nora Nojs");
    await page.goto("/blog");
    await page.goto((await page.locator('main a[href^="/blog/"]').first().getAttribute("href"))!);
    // The post's call-out leads to the form too.
    await page.getByRole("link", { name: "Book Your Automation Audit" }).click();
    await expect(page).toHaveURL(/\/audit\?source=blog-post$/);

    const form = page.getByRole("form", { name: "Book Your Automation Audit" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Work email").fill("not-an-email");
    await form.getByRole("button", { name: "Send request" }).click();
    const summary = page.getByRole("alert");
    await expect(summary.getByText("Could not send your request")).toBeVisible();
    await expect(summary.getByRole("link", { name: "Please enter a valid email address, like jane@company.com." })).toHaveAttribute("href", "#audit-email");
    await expect(form.getByLabel("Work email")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Please enter your company.")).toBeVisible();
    await expect(form.getByText(/at least 10 characters/)).toBeVisible();
    // What was typed is still there after the page came back from the server.
    await expect(form.getByLabel("Name")).toHaveValue(name);
    await expect(form.getByLabel("Work email")).toHaveValue("not-an-email");

    await form.getByLabel("Work email").fill("nora@nojs.test");
    await form.getByLabel("Company").fill("Plain HTML Ltd");
    await form.getByLabel("What would you like to automate?").fill("Quarterly board packs, without any scripts");
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(page).toHaveURL(/\/audit\?sent=1$/);
    await expect(page.getByRole("heading", { level: 1, name: "Request received" })).toBeVisible();
    await expect(page.getByText("Thanks! We'll be in touch within one business day.")).toBeVisible();
    await context.close();

    const admin = await browser.newContext({ storageState: await adminState(browser) });
    const leads = await admin.newPage();
    await leads.goto("/admin/leads?q=Plain%20HTML%20Ltd");
    await leads.getByRole("grid", { name: "Leads" }).getByRole("link", { name, exact: true }).click();
    const lead = leads.getByRole("article", { name: `${name}, Plain HTML Ltd` });
    await expect(lead).toContainText("Quarterly board packs, without any scripts");
    await expect(lead).toContainText("from blog-post");
    await admin.close();
  });

  test("a filled honeypot on the audit page is confirmed like a real request and stores nothing", async ({ browser, request }, info) => {
    const name = unique("Bot");
    const { context, page } = await withoutJs(browser, info);
    await page.goto("/audit");
    const form = page.getByRole("form", { name: "Book Your Automation Audit" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Work email").fill("bot@spam.test");
    await form.getByLabel("Company").fill("Spam Inc");
    await form.getByLabel("What would you like to automate?").fill("Buying links in bulk, daily");
    await form.locator('input[name="website"]').fill("http://spam.example", { force: true });
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Request received" })).toBeVisible();
    await context.close();

    const admin = await browser.newContext({ storageState: await adminState(browser) });
    const leads = await admin.newPage();
    await leads.goto("/admin/leads");
    await expect(leads.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
    await expect(leads.getByRole("grid", { name: "Leads" }).getByRole("link", { name, exact: true })).toHaveCount(0);
    await admin.close();
    // The page is public: in the sitemap, like the other public pages.
    expect(await (await request.get("/sitemap.xml")).text()).toMatch(/<loc>[^<]+\/audit<\/loc>/);
  });
});

test.describe("the audit form page with JavaScript", () => {
  test("submits without a page load and shows the confirmation; the landing buttons still open the dialog", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Book Your Automation Audit" }).click();
    await expect(page.getByRole("dialog", { name: "Book Your Automation Audit" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Book Your Automation Audit" })).toHaveCount(0);

    await page.goto("/audit?source=contact");
    const form = page.getByRole("form", { name: "Book Your Automation Audit" });
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByRole("alert").getByText("Could not send your request")).toBeVisible();
    // The answer arrived without a page load: the first field to fix has the focus.
    await expect(form.getByLabel("Name")).toBeFocused();
    await form.getByLabel("Name").fill(unique("Jess Js"));
    await form.getByLabel("Work email").fill("jess@js.test");
    await form.getByLabel("Company").fill("Script Co");
    await form.getByLabel("What would you like to automate?").fill("Weekly pipeline review notes");
    await form.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Request received" })).toBeVisible();
    await expect(page).toHaveURL(/\/audit\?sent=1$/);
  });
});

test.describe("onward links and dates", () => {
  test("the 404 page offers Blog, Services and Contact as the site's buttons @phone", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    const onward = page.getByRole("navigation", { name: "Or continue to" }).getByRole("link");
    await expect(onward).toHaveText(["Blog", "Services", "Contact"]);
    await expect(onward.nth(0)).toHaveAttribute("href", "/blog");
    await expect(onward.nth(1)).toHaveAttribute("href", "/#services");
    await expect(onward.nth(2)).toHaveAttribute("href", "/#contact");
    // The site's button look (components/ui/button.tsx), not a bare text link.
    for (const link of await onward.all()) {
      await expect(link).toHaveCSS("display", "inline-flex");
      await expect(link).toHaveCSS("border-top-width", "1px");
    }
    await onward.nth(1).click();
    await expect(page).toHaveURL(/\/#services$/);
    await expect(page.getByRole("tablist", { name: "Services" })).toBeVisible();
  });

  for (const [path, shown, datetime] of [
    ["/privacy", "November 2026", "2026-11"],
    ["/terms", "January 2025", "2025-01"],
  ] as const) {
    test(`${path} shows the date kept with its text, as a machine-readable date @phone`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByText(`Last updated ${shown}`)).toBeVisible();
      await expect(page.getByRole("main").locator("time")).toHaveAttribute("datetime", datetime);
    });
  }
});

test.describe("the served HTML", () => {
  test("the legal pages, the 404 page and the audit page in each of its states are valid HTML (vnu)", async ({ request, baseURL }) => {
    test.setTimeout(120_000);
    // A refused request is the answer to a POST (what a visitor without JavaScript sees), which vnu cannot send.
    const refused = await request.post("/audit", { headers: { Origin: baseURL! }, form: { name: "Val Idator", email: "not-an-email" } });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Could not send your request");
    const pages = ["/privacy", "/terms", "/no-such-page", "/audit", "/audit?source=hero", "/audit?sent=1"].map((u) => `${baseURL}${u}`);
    expect(await vnuErrors([...pages, { name: "POST /audit (refused)", html: await refused.text() }])).toEqual([]);
  });
});

import { randomUUID } from "node:crypto";
import { expect, test, type Page, type Request } from "@playwright/test";
import { hydrated } from "./support/admin";

/**
 * The analytics beacon in the browser: what it sends and when. What the server stores of it
 * (and not for Sec-GPC, DNT or bots) is proved against PGlite in
 * tests/integration/analytics-collect.test.ts, and the lead's attribution in analytics-attribution.test.ts.
 */
type Sent = {
  type: string;
  path: string;
  landing?: string;
  label?: string;
  referrer?: string;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
};

const isBeacon = (request: Request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/event";
const payload = (request: Request) => JSON.parse(request.postData() ?? "null") as Sent;

/** Every beacon event the page sends, in order. */
function recordBeacon(page: Page) {
  const sent: Sent[] = [];
  page.on("request", (request) => {
    if (isBeacon(request)) sent.push(payload(request));
  });
  return sent;
}

/** Waits for the beacon to send an event matching `match`; returns it and the server's answer. */
async function nextEvent(page: Page, match: (event: Sent) => boolean, action: () => Promise<unknown>) {
  const request = page.waitForRequest((r) => isBeacon(r) && match(payload(r)));
  await action();
  const sent = await request;
  return { event: payload(sent), status: (await sent.response())?.status() };
}

async function stubScheduling(page: Page) {
  await page.route(/^https:\/\/cal\.com\//, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<html><body>Scheduler</body></html>" }));
}

test.describe("analytics beacon", () => {
  test("a visit from a UTM link sends a page view with its attribution, then one per page opened", async ({ page }) => {
    const { event, status } = await nextEvent(
      page,
      (e) => e.type === "pageview",
      () => page.goto("/?utm_source=newsletter&utm_medium=email&utm_campaign=launch"),
    );
    expect(event).toEqual({ type: "pageview", path: "/", landing: "/", referrer: "", utm_source: "newsletter", utm_medium: "email", utm_campaign: "launch" });
    expect(status).toBe(204);
    // The script is a fingerprinted file (allowed by the CSP's 'self'), started on this island page
    // by the islands' starter after the load and the first paint.
    await expect(page.locator('script[src^="/assets/beacon-"]')).toHaveCount(1);

    // The landing page is an island page: the blog is a full page load; this site is no source, and
    // the visit's landing page is its first view (the server keeps it per visitor and day).
    const blog = await nextEvent(
      page,
      (e) => e.type === "pageview" && e.path === "/blog",
      () => page.locator("header").getByRole("link", { name: "Blog", exact: true }).first().click(),
    );
    expect(blog.event).toMatchObject({ path: "/blog", landing: "/blog", referrer: "", utm_source: "" });

    // Opening a post is a page load too.
    const postLink = page.getByRole("main").locator('a[href^="/blog/"]').first();
    const href = await postLink.getAttribute("href");
    const post = await nextEvent(
      page,
      (e) => e.type === "pageview" && e.path === href,
      () => postLink.click(),
    );
    expect(post.event).toMatchObject({ path: href, landing: href, referrer: "", utm_source: "" });
  });

  test("a call to action clicked before the beacon has loaded is counted, once, when it starts", async ({ page }) => {
    const sent = recordBeacon(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/beacon-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto("/");
    await page.getByRole("link", { name: "Explore services" }).click();
    // An island's event dispatched meanwhile (a replayed press opening a dialog) is kept too.
    await page.evaluate(() => window.dispatchEvent(new CustomEvent("sa:event", { detail: { type: "work_open" } })));
    expect(await page.evaluate(() => "__saBeacon" in window)).toBe(false);
    const first = nextEvent(
      page,
      (e) => e.type === "cta",
      () => Promise.resolve(release()),
    );
    expect((await first).event).toEqual({ type: "cta", path: "/", landing: "/", label: "hero-services" });
    await expect.poll(() => sent.filter((e) => e.type === "work_open").length).toBe(1);
    await hydrated(page);
    // A later click is counted by the running beacon, and the early one is not sent again.
    await nextEvent(
      page,
      (e) => e.type === "audit_open",
      () => page.getByRole("button", { name: "Book Your Automation Audit" }).first().click(),
    );
    expect(sent.filter((e) => e.type === "cta").map((e) => e.label)).toEqual(["hero-services", "audit-hero"]);
  });

  test("a call-to-action click and the audit dialog send their events, and a sent request 'audit_sent'", async ({ page }) => {
    const sent = recordBeacon(page);
    await page.goto("/");
    await hydrated(page);
    await nextEvent(
      page,
      (e) => e.type === "audit_open",
      () => page.getByRole("button", { name: "Book Your Automation Audit" }).first().click(),
    );
    expect(sent.filter((e) => e.type === "cta")).toEqual([{ type: "cta", path: "/", landing: "/", label: "audit-hero" }]);

    const dialog = page.getByRole("dialog", { name: "Book Your Automation Audit" });
    await dialog.getByLabel("Name").fill("Beacon Tester");
    await dialog.getByLabel("Work email").fill(`beacon-${randomUUID().slice(0, 8)}@example.com`);
    await dialog.getByLabel("Company").fill("Beacon Ltd");
    await dialog.getByLabel("What would you like to automate?").fill("Our weekly reports, by hand today");
    const { event } = await nextEvent(
      page,
      (e) => e.type === "audit_sent",
      () => dialog.getByRole("button", { name: "Send request" }).click(),
    );
    expect(event).toEqual({ type: "audit_sent", path: "/", landing: "/" });
    // The dialog says what happens next; 'Done' closes it.
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();
    expect(sent.filter((e) => e.type === "audit_open")).toHaveLength(1);
  });

  test("'Work with Us' sends its click and 'work_open'; a booking message from the frame's origin counts once, others never", async ({ page }) => {
    await stubScheduling(page);
    const sent = recordBeacon(page);
    await page.goto("/privacy");
    await hydrated(page);
    await nextEvent(
      page,
      (e) => e.type === "work_open",
      () => page.locator("header").getByRole("button", { name: "Work with Us" }).first().click(),
    );
    expect(sent.filter((e) => e.type === "cta").map((e) => e.label)).toEqual(["work-with-us"]);

    const frameOrigin = await page.locator('script[src^="/assets/beacon-"]').getAttribute("data-frame");
    expect(frameOrigin).toBe("https://cal.com");
    // Cal.com posts both its deprecated and its V2 event for one booking; a page cannot post with
    // another origin, so the messages are dispatched as the browser would deliver them.
    const post = (origin: string, type: string) =>
      page.evaluate(
        ([origin, type]) =>
          window.dispatchEvent(
            new MessageEvent("message", { origin, data: { originator: "CAL", type, namespace: "", fullType: `CAL::${type}`, data: { uid: "b1" } } }),
          ),
        [origin, type] as const,
      );
    const booking = await nextEvent(
      page,
      (e) => e.type === "booking",
      async () => {
        await post("https://evil.example", "bookingSuccessful");
        await post(frameOrigin!, "bookingSuccessful");
        await post(frameOrigin!, "bookingSuccessfulV2");
      },
    );
    expect(booking.event).toEqual({ type: "booking", path: "/privacy", landing: "/privacy" });
    // A later event marks the end: everything sent before it has been seen.
    await nextEvent(
      page,
      (e) => e.type === "audit_open",
      () => page.evaluate(() => window.dispatchEvent(new CustomEvent("sa:event", { detail: { type: "audit_open" } }))),
    );
    expect(sent.filter((e) => e.type === "booking")).toHaveLength(1);
  });

  test("a booking message from another origin is ignored", async ({ page }) => {
    const sent = recordBeacon(page);
    await page.goto("/team");
    await hydrated(page);
    await page.evaluate(() => {
      for (const origin of ["https://evil.example", "http://127.0.0.1", "null"])
        window.dispatchEvent(new MessageEvent("message", { origin, data: { originator: "CAL", type: "bookingSuccessfulV2", data: {} } }));
      window.dispatchEvent(new CustomEvent("sa:event", { detail: { type: "work_open" } }));
    });
    await expect.poll(() => sent.some((e) => e.type === "work_open")).toBe(true);
    expect(sent.filter((e) => e.type === "booking")).toEqual([]);
  });

  test("Global Privacy Control in the browser: the beacon sends nothing", async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
    const sent = recordBeacon(page);
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Book Your Automation Audit" }).first().click();
    await expect(page.getByRole("dialog", { name: "Book Your Automation Audit" })).toBeVisible();
    await page.evaluate(() => new Promise((resolve) => (document.readyState === "complete" ? resolve(null) : addEventListener("load", resolve))));
    expect(sent).toEqual([]);
  });

  test.describe("with Sec-GPC: 1", () => {
    test.use({ extraHTTPHeaders: { "Sec-GPC": "1" } });
    test("the beacon's requests carry it and the server answers 204 (it stores nothing: tests/integration/analytics-collect.test.ts)", async ({ page }) => {
      const sent = page.waitForRequest((r) => isBeacon(r) && payload(r).type === "pageview");
      await page.goto("/terms?utm_source=gpc");
      const request = await sent;
      expect((await request.allHeaders())["sec-gpc"]).toBe("1");
      expect((await request.response())?.status()).toBe(204);
    });
  });

  test.describe("as a crawler", () => {
    test.use({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    test("the server answers 204 and records nothing (tests/integration/analytics-collect.test.ts)", async ({ page }) => {
      const sent = page.waitForRequest((r) => isBeacon(r) && payload(r).type === "pageview");
      await page.goto("/privacy");
      const request = await sent;
      expect((await request.allHeaders())["user-agent"]).toContain("Googlebot");
      expect((await request.response())?.status()).toBe(204);
    });
  });

  test("/privacy says what the visit statistics record @phone", async ({ page }) => {
    await page.goto("/privacy");
    const section = page.getByRole("region", { name: "Visit Statistics" });
    await expect(section.getByRole("heading", { level: 3, name: "Visit Statistics" })).toBeVisible();
    await expect(section).toContainText("It sets no cookie, stores nothing in your browser and keeps neither your IP address nor your browser type.");
    await expect(section.getByRole("listitem")).toHaveCount(4);
    await expect(section).toContainText("utm_source, utm_medium and utm_campaign");
    await expect(section).toContainText("Do Not Track or Global Privacy Control");
    await expect(section).toContainText("deleted after 30 days");
  });

  test("no public page sets a cookie, nor does sending an audit request", async ({ page, context }) => {
    await stubScheduling(page);
    for (const path of ["/", "/blog", "/team", "/privacy", "/terms", "/audit", "/no-such-page"]) {
      await page.goto(path);
    }
    await page.goto("/blog");
    await page.locator("main article a[href^='/blog/']").first().click();
    await page.waitForURL(/\/blog\/[^/]+$/);
    await page.goto("/audit");
    await page.getByLabel("Name").fill("Cookie Tester");
    await page.getByLabel("Work email").fill(`cookie-${randomUUID().slice(0, 8)}@example.com`);
    await page.getByLabel("Company").fill("Crumbs Ltd");
    await page.getByLabel("What would you like to automate?").fill("Checking that nothing is stored in the browser");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page).toHaveURL(/\/audit\?sent=1$/);
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });
});

import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { adminState, hydrated } from "./support/admin";
import { everyIslandLive } from "./support/site";

/* The public case-study pages (the seeded demo ones) and their admin screens: axe at 390 and 1440 px, JSON-LD, no script of their own, and screenshots to look at. */

const DEMO = "venture-fund-deal-intake";
type JsonLd = Record<string, unknown> & { "@type": string };

test("the list and a case study have no axe violations, and screenshots are kept @phone", async ({ browser }, info) => {
  const viewport = info.project.use.viewport ?? { width: 1440, height: 900 };
  const context = await browser.newContext({ viewport, reducedMotion: "reduce" });
  const page = await context.newPage();
  const shots = process.env.CASE_STUDY_SHOTS;
  for (const [name, address] of [
    ["list", "/case-studies"],
    ["detail", `/case-studies/${DEMO}`],
  ] as const) {
    await page.goto(address, { waitUntil: "networkidle" });
    expect(await axeViolations(page)).toEqual([]);
    if (shots) {
      fs.mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, `${name}-${viewport.width}.png`), fullPage: true });
    }
  }
  await context.close();
});

test("a case study's JSON-LD is an Article about the studio's Service, with breadcrumbs; the page is canonical", async ({ page, baseURL }) => {
  await page.goto(`/case-studies/${DEMO}`);
  const head = page.locator("head");
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/case-studies/${DEMO}`);
  await expect(head.locator('link[rel="alternate"][type="text/markdown"]')).toHaveAttribute("href", `/case-studies/${DEMO}.md`);
  const jsonLd = (await head.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t) as JsonLd);
  const article = jsonLd.find((j) => j["@type"] === "Article");
  expect(article).toMatchObject({
    headline: "Deal intake from 22 hours a week to 3",
    about: { "@type": "Service", provider: { "@type": "Organization" } },
    mainEntityOfPage: { "@id": `${baseURL}/case-studies/${DEMO}` },
  });
  expect(article?.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  const crumbs = jsonLd.find((j) => j["@type"] === "BreadcrumbList") as { itemListElement: { name: string }[] } | undefined;
  expect(crumbs?.itemListElement.map((i) => i.name)).toEqual(["Home", "Case Studies", "Deal intake from 22 hours a week to 3"]);
});

test("the public pages read without JavaScript and bring no script of their own", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/case-studies");
  await expect(page.getByRole("heading", { level: 1, name: "Case Studies" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Deal intake from 22 hours a week to 3" })).toBeVisible();
  await page.getByRole("link", { name: "Deal intake from 22 hours a week to 3" }).click();
  await expect(page).toHaveURL(new RegExp(`/case-studies/${DEMO}$`));
  await expect(page.getByRole("region", { name: "Results" }).getByText("22 h to 3 h a week")).toBeAttached();
  // The call to action works as a plain link to /audit.
  await expect(page.getByRole("link", { name: "Book Your Automation Audit" })).toHaveAttribute("href", /^\/audit/);
  await context.close();

  // The scripts the detail page can load are those a blog post already loads (the islands it
  // shares): every island of each page woken, as by a visitor using all of them, and live. (Left
  // to themselves the islands of both wait for a touch, and one woken by chance, a pointer over it
  // while the page scrolled, made the two sets differ.)
  const withJs = await browser.newContext();
  const scripts = async (address: string) => {
    const tab = await withJs.newPage();
    const loaded = new Set<string>();
    tab.on("request", (r) => {
      if (r.resourceType() === "script") loaded.add(new URL(r.url()).pathname);
    });
    await tab.goto(address);
    await hydrated(tab);
    await everyIslandLive(tab);
    await tab.close();
    return loaded;
  };
  const post = await scripts("/blog/automating-deal-flow-triage");
  const study = await scripts(`/case-studies/${DEMO}`);
  expect([...study].filter((s) => !post.has(s))).toEqual([]);
  await withJs.close();
});

test("the admin list and form have no axe violations @phone", async ({ browser }, info) => {
  const statePath = await adminState(browser);
  const context = await browser.newContext({ storageState: statePath, viewport: info.project.use.viewport ?? undefined, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/admin/case-studies");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Case Studies" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("link", { name: "Deal intake from 22 hours a week to 3" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Case Study" })).toBeVisible();
  await hydrated(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.goto("/admin/case-studies/new");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "New Case Study" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});

import { expect, test, type Page } from "@playwright/test";
import { hydrated, toastText, unique } from "./support/admin";
import { axeViolations } from "./support/axe";
import { adminSuite } from "./support/admin-suite";

/* A draft case study previewed by its secret link (and not without it), a scheduled one kept off the public site, the admin list's search, and the history's restore. */

test.describe.configure({ mode: "serial" });

const { adminPage, records } = adminSuite();

/** Creates a case study through the form's action, as the browser would post it; answers its title, slug and edit address. */
async function createCaseStudy(page: Page, baseURL: string, extra: Record<string, string>) {
  const title = unique("Quotes from 12 hours to 2");
  const slug = title.toLowerCase().replace(/\s+/g, "-");
  const response = await page.request.post("/admin/case-studies/new", {
    headers: { Origin: baseURL },
    form: {
      intent: "save",
      title,
      slug,
      client: "A 30-person engineering firm",
      industry: "Engineering",
      summary: "Quotes drafted from the enquiry and the price list, checked by an estimator.",
      problem: "Estimators rebuilt every quote by hand.",
      solution: "A Make workflow that drafts each quote.",
      tools: "Make, Airtable",
      hoursBefore: "12",
      hoursAfter: "2",
      timeZone: "UTC",
      ...extra,
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  await page.goto(`/admin/case-studies?q=${encodeURIComponent(title)}`);
  const href = (await page.getByRole("link", { name: title }).getAttribute("href"))!;
  records.push(["/admin/case-studies", href.split("/").pop()!]);
  return { title, slug, href };
}

test("a draft opens by its preview link only, marked as a preview and never indexed; revoking the link closes it", async ({ browser, baseURL }) => {
  const { context, page } = await adminPage(browser);
  const { title, slug, href } = await createCaseStudy(page, baseURL!, {});
  await page.goto(href);
  await hydrated(page);
  await page.getByRole("button", { name: "Copy preview link" }).click();
  const field = page.getByRole("textbox", { name: "Preview link" });
  await expect(field).toHaveValue(new RegExp(`/case-studies/${slug}\\?preview=[A-Za-z0-9_-]{43}$`));
  const link = await field.inputValue();

  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  expect((await reader.goto(`/case-studies/${slug}`))?.status()).toBe(404);
  const response = await reader.goto(link);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-robots-tag"]).toBe("noindex");
  expect(response?.headers()["cache-control"]).toContain("no-store");
  await expect(reader.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(reader.getByRole("complementary", { name: "Preview" })).toContainText("Draft: readers cannot see this case study yet.");
  await expect(reader.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

  await page.getByRole("button", { name: "Revoke preview link" }).click();
  await expect(field).toBeHidden();
  expect((await reader.goto(link))?.status()).toBe(404);
  await visitor.close();
  await context.close();
});

test("a scheduled case study is listed as scheduled and stays off the public site until its time; the list's search finds it", async ({
  browser,
  baseURL,
  request,
}) => {
  const { context, page } = await adminPage(browser);
  const later = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 19);
  const { title, slug } = await createCaseStudy(page, baseURL!, { published: "on", publishedAt: later });
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("Scheduled")).toBeVisible();
  expect((await request.get(`/case-studies/${slug}`)).status()).toBe(404);
  expect(await (await request.get("/case-studies")).text()).not.toContain(title);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain(slug);

  // The search looks in the title, client, industry and slug, and says when nothing matches.
  await page.goto("/admin/case-studies?q=engineering+firm");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  await expect(page.getByRole("link", { name: "Deal intake from 22 hours a week to 3" })).toHaveCount(0);
  await page.goto("/admin/case-studies?q=no-such-case-study-anywhere");
  await expect(page.getByText("No case studies match “no-such-case-study-anywhere”")).toBeVisible();
  await context.close();
});

test("the history lists each save and restores an earlier version, on the public page too @phone", async ({ browser, baseURL, request }) => {
  const { context, page } = await adminPage(browser);
  const { slug, href } = await createCaseStudy(page, baseURL!, { published: "on" });
  await page.goto(href);
  await hydrated(page);
  await page.getByRole("textbox", { name: "Summary" }).fill("A rewritten summary nobody liked.");
  await page.getByRole("button", { name: "Update Case Study" }).click();
  await expect(toastText(page, "Case study updated")).toBeVisible();
  expect(await (await request.get(`/case-studies/${slug}`)).text()).toContain("A rewritten summary nobody liked.");

  await page.goto(`${href}/history`);
  await hydrated(page);
  const versions = page.getByRole("list", { name: "Saved versions" }).getByRole("listitem");
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText("Changed: Summary");
  await expect(versions.last()).toContainText("Changed: Created");
  expect(await axeViolations(page)).toEqual([]);
  await versions
    .last()
    .getByRole("button", { name: /^Restore this version/ })
    .click();
  await expect(toastText(page, "Version restored")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("textbox", { name: "Summary" })).toHaveValue("Quotes drafted from the enquiry and the price list, checked by an estimator.");
  expect(await (await request.get(`/case-studies/${slug}`)).text()).toContain("Quotes drafted from the enquiry and the price list");
  await context.close();
});

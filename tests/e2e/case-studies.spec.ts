import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { confirmDialog, hydrated, toastText, unique, whenStill } from "./support/admin";
import { adminSuite } from "./support/admin-suite";

/* Case studies from the back-office to the public site and back: created as a draft (nowhere public), published (everywhere), edited, trashed (gone), restored. */

test.describe.configure({ mode: "serial" });

const { adminPage, records } = adminSuite();

const summary = (page: Page) => page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });

/** Where a visitor (no cookie) could meet the case study: its page, the list, sitemap, feed, llms.txt and its markdown copy. */
async function publicPlaces(request: APIRequestContext, slug: string, title: string) {
  return {
    page: (await request.get(`/case-studies/${slug}`)).status(),
    list: (await (await request.get("/case-studies")).text()).includes(title),
    sitemap: (await (await request.get("/sitemap.xml")).text()).includes(`/case-studies/${slug}`),
    feed: (await (await request.get("/case-studies/rss.xml")).text()).includes(`/case-studies/${slug}`),
    llms: (await (await request.get("/llms.txt")).text()).includes(`/case-studies/${slug}`),
    markdown: (await request.get(`/case-studies/${slug}.md`)).status(),
  };
}
const NOWHERE = { page: 404, list: false, sitemap: false, feed: false, llms: false, markdown: 404 };
const EVERYWHERE = { page: 200, list: true, sitemap: true, feed: true, llms: true, markdown: 200 };

/** Fills the new case study's required fields (published or not) as an editor types them. */
async function fillNew(page: Page, title: string, slug: string) {
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await page.getByRole("textbox", { name: "Slug" }).fill(slug);
  await page.getByRole("textbox", { name: "Summary" }).fill("Every supplier invoice read, matched and booked before anyone opens it.");
  await page.getByRole("textbox", { name: "The problem" }).fill("Two clerks typed 600 invoices a month into the ledger.");
  await page.getByRole("textbox", { name: "What we built" }).fill("An n8n workflow that reads, matches and books every invoice.");
  await page.getByRole("textbox", { name: "Data processing time before (hours a week)" }).fill("40");
  await page.getByRole("textbox", { name: "Data processing time after (hours a week)" }).fill("5");
  await page.getByRole("textbox", { name: "Client" }).fill("A 60-person wholesaler");
  await page.getByRole("textbox", { name: "Industry" }).fill("Wholesale");
  await page.getByRole("textbox", { name: "Tools" }).fill("n8n, Xero, OpenAI");
}

test("created as a draft, published, edited, trashed and restored: public exactly while published", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { context, page } = await adminPage(browser);
  const title = unique("Invoices from 40 hours to 5");
  const slug = title.toLowerCase().replace(/\s+/g, "-");

  await page.goto("/admin/case-studies");
  await hydrated(page);
  await page.getByRole("button", { name: "New Case Study" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New Case Study" })).toBeVisible();
  await fillNew(page, title, slug);
  await (await whenStill(page.getByRole("region", { name: "Case study actions" }).getByRole("button", { name: "Create Case Study" }))).click();
  await expect(page).toHaveURL(/\/admin\/case-studies$/);
  await expect(toastText(page, "Case study created")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("Draft")).toBeVisible();
  const href = await row.getByRole("link", { name: title }).getAttribute("href");
  records.push(["/admin/case-studies", /\/edit\/([0-9a-f-]{36})$/.exec(href ?? "")![1]!]);
  expect(await publicPlaces(request, slug, title)).toEqual(NOWHERE);

  // Published: on the list, its page, the sitemap, the feed, llms.txt and the markdown copy.
  await row.getByRole("link", { name: title }).click();
  await page.getByRole("switch", { name: "Published" }).click();
  await page.getByRole("button", { name: "Update Case Study" }).click();
  await expect(toastText(page, "Case study updated")).toBeVisible();
  expect(await publicPlaces(request, slug, title)).toEqual(EVERYWHERE);
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/case-studies/${slug}`);
  await expect(publicPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const results = publicPage.getByRole("region", { name: "Results" });
  await expect(results.getByText("Data processing time: 40 h to 5 h a week")).toBeAttached();
  await expect(results.getByText("88% less")).toBeVisible();
  await expect(publicPage.getByRole("region", { name: "Tools" }).getByRole("listitem")).toHaveText(["n8n", "Xero", "OpenAI"]);
  await expect(publicPage.getByRole("button", { name: "Book Your Automation Audit" })).toBeVisible();

  // An edit shows at once (the caches are emptied by the write).
  await page.goto(href!);
  await page.getByRole("textbox", { name: "Summary" }).fill("Invoices booked by themselves, checked by a person.");
  await page.getByRole("button", { name: "Update Case Study" }).click();
  await expect(toastText(page, "Case study updated")).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByText("Invoices booked by themselves, checked by a person.")).toBeVisible();

  // Deleted: to the trash, gone from every public place; restored from the trash screen: back.
  await page.goto("/admin/case-studies");
  await hydrated(page);
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this case study?", title);
  await expect(toastText(page, "Case study deleted")).toBeVisible();
  expect(await publicPlaces(request, slug, title)).toEqual(NOWHERE);
  await page.goto("/admin/trash");
  await hydrated(page);
  const group = page.getByRole("region", { name: "Case studies" });
  await group.getByRole("button", { name: `Restore ${title}` }).click();
  await expect(toastText(page, "Case study restored")).toBeVisible();
  expect(await publicPlaces(request, slug, title)).toEqual(EVERYWHERE);
  await visitor.close();
  await context.close();
});

test("a refused save says what is wrong and keeps every typed word @phone", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/case-studies/new");
  await hydrated(page);
  const title = unique("Half-measured");
  await fillNew(page, title, title.toLowerCase().replace(/\s+/g, "-"));
  await page.getByRole("textbox", { name: "Data processing time after (hours a week)" }).fill("");
  await page.getByRole("textbox", { name: "Quote", exact: true }).fill("It just works.");
  // The sticky action bar moves while the page still scrolls to the last field filled: a press and
  // a release on different spots are no click (once in CI: the button focused, nothing sent).
  await (await whenStill(page.getByRole("button", { name: "Create Case Study" }))).click();

  await expect(summary(page)).toBeVisible();
  await expect(summary(page).getByRole("link", { name: "Give data processing time both before and after, or leave both empty." })).toBeVisible();
  await expect(summary(page).getByRole("link", { name: "Say who said the quote." })).toBeVisible();
  // The refusal's toast sits clear of the action bar: the button to save again is never under it
  // (from 640 px both are at the bottom of the window; it covered the button for its 6 seconds).
  const toastCard = page.locator('[data-variant="destructive"]');
  await expect(toastCard).toBeVisible();
  const card = (await toastCard.boundingBox())!;
  const bar = (await page.getByRole("region", { name: "Case study actions" }).boundingBox())!;
  expect(card.y + card.height).toBeLessThanOrEqual(bar.y);
  await expect(page).toHaveURL(/\/admin\/case-studies\/new$/);
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(title);
  await expect(page.getByRole("textbox", { name: "The problem" })).toHaveValue("Two clerks typed 600 invoices a month into the ledger.");
  await expect(page.getByRole("textbox", { name: "Data processing time before (hours a week)" })).toHaveValue("40");
  await expect(page.getByRole("textbox", { name: "Quote", exact: true })).toHaveValue("It just works.");
  await expect(page.getByRole("textbox", { name: "Tools" })).toHaveValue("n8n, Xero, OpenAI");

  // The summary's link moves to the field; filling it saves.
  await summary(page).getByRole("link", { name: "Say who said the quote." }).click();
  await expect(page.getByRole("textbox", { name: "Quote by" })).toBeFocused();
  await page.getByRole("textbox", { name: "Quote by" }).fill("Dana Whitfield");
  await page.getByRole("textbox", { name: "Data processing time after (hours a week)" }).fill("5");
  await page.getByRole("button", { name: "Create Case Study" }).click();
  await expect(toastText(page, "Case study created")).toBeVisible();
  const href = await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: title }).getAttribute("href");
  records.push(["/admin/case-studies", /\/edit\/([0-9a-f-]{36})$/.exec(href ?? "")![1]!]);
  await context.close();
});

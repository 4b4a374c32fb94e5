import crypto from "node:crypto";
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { hydrated, toastText, unique } from "./support/admin";
import { leadGrid, leadRow, leadsAdmin, openFromList, openLead, openLeads, sendLead, statusButton, tab } from "./support/leads";
import { E2E_WEBHOOK_SECRET, FAIL_ONCE_MARK, receivedWebhooks } from "./support/webhook-receiver";

/**
 * /admin/leads as a pipeline: statuses and their tabs, search and paging in the URL, the CSV export,
 * a failed CRM delivery and its 'Retry', and the audit dialog's form posted without JavaScript (the
 * inbox itself, its keyboard, status control and notes: admin-leads-inbox.spec.ts). Every test
 * makes its own leads (a unique word in the company) and reaches them by search.
 */

const viewIsPhone = (page: Page) => (page.viewportSize()?.width ?? 1440) < 1024;

test("the status tabs follow a status change and filter the list, with the filter in the URL @phone", async ({ browser, request, baseURL }) => {
  const word = unique("Statusco").replace(" ", "-");
  const name = unique("Pia Pipeline");
  const other = unique("Hal Handled");
  await sendLead(request, baseURL!, { name, company: word });
  await sendLead(request, baseURL!, { name: other, company: word });

  const { context, page } = await leadsAdmin(browser);
  await openLeads(page, word);
  await expect(tab(page, "New")).toContainText("2");
  await expect(tab(page, "Qualified")).toContainText("0");

  const lead = await openFromList(page, name, word);
  await statusButton(lead, name, "Qualified").click();
  await expect(toastText(page, "Status updated")).toBeVisible();
  await expect(statusButton(lead, name, "Qualified")).toHaveAttribute("aria-pressed", "true");
  // 'Contacted' is what 'Mark as handled' of the older screen did to a new lead.
  if (viewIsPhone(page)) await lead.getByRole("link", { name: "Back to leads" }).click();
  const second = await openFromList(page, other, word);
  await statusButton(second, other, "Contacted").click();
  await expect(statusButton(second, other, "Contacted")).toHaveAttribute("aria-pressed", "true");
  if (viewIsPhone(page)) await second.getByRole("link", { name: "Back to leads" }).click();
  await expect(tab(page, "Qualified")).toContainText("1");
  await expect(tab(page, "New")).toContainText("0");
  await expect(tab(page, "Contacted")).toContainText("1");

  await tab(page, "Qualified").click();
  await expect(page).toHaveURL(new RegExp(`status=qualified`));
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  await expect(tab(page, "Qualified")).toHaveAttribute("aria-current", "page");
  await expect(leadGrid(page).getByRole("link")).toHaveCount(1);
  await expect(leadRow(page, name)).toBeVisible();
  // The filtered view survives a reload.
  await page.reload();
  await expect(leadRow(page, name)).toBeVisible();
  await expect(leadRow(page, other)).toHaveCount(0);
  await tab(page, "New").click();
  await expect(page.getByText("No leads match")).toBeVisible();
  await context.close();
});

test("search and paging live in the URL: 27 leads make two pages, and a reload keeps the page", async ({ browser, request, baseURL }) => {
  const word = unique("Pageco").replace(" ", "-");
  for (let i = 0; i < 27; i++) await sendLead(request, baseURL!, { name: `Paged ${String(i).padStart(2, "0")}`, company: word });
  const { context, page } = await leadsAdmin(browser);
  await page.goto("/admin/leads");
  await hydrated(page);
  await page.getByRole("searchbox", { name: "Search leads" }).fill(word);
  await page.getByRole("search", { name: "Search leads" }).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  const rows = leadGrid(page).getByRole("link");
  await expect(rows).toHaveCount(25);
  const pager = page.getByRole("navigation", { name: "Leads pages" });
  await expect(pager).toContainText("Showing 1–25 of 27");
  // Newest first: the last one sent opens the list.
  await expect(rows.first()).toHaveAccessibleName("Paged 26");
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(2);
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole("navigation", { name: "Leads pages" })).toContainText("Showing 26–27 of 27");
  await expect(rows.last()).toHaveAccessibleName("Paged 00");
  // A lead opened from page 2 keeps the page (and the search) in the address.
  await rows.last().click();
  await expect(openLead(page, "Paged 00", word)).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await context.close();
});

/** RFC 4180 rows (quoted cells with doubled quotes, CRLF line ends). */
function parseCsv(text: string) {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

test("'Export CSV' downloads the filtered leads, quoted and safe from spreadsheet formulas", async ({ browser, request, baseURL }) => {
  const word = unique("Csvco").replace(" ", "-");
  const won = unique("Wendy Won");
  await sendLead(request, baseURL!, { name: won, company: word, message: 'They said "yes", finally.\nStart in May.', source: "pricing" });
  await sendLead(request, baseURL!, { name: '=HYPERLINK("http://evil.example")', company: word });
  await sendLead(request, baseURL!, { name: unique("Lost Lou"), company: `+${word}` });

  const { context, page } = await leadsAdmin(browser);
  await openLeads(page, word);
  const lead = await openFromList(page, won, word);
  await statusButton(lead, won, "Won").click();
  await lead.getByRole("textbox", { name: "Deal value (USD)" }).fill("9000");
  await lead.getByRole("button", { name: "Mark as won" }).click();
  await expect(toastText(page, "Status updated")).toBeVisible();

  // Everything the search finds.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}-search\.csv$/);
  const all = parseCsv(fs.readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, ""));
  expect(all[0]!.slice(0, 7)).toEqual(["Received", "Name", "Email", "Company", "Status", "Message", "Source"]);
  expect(all).toHaveLength(4);
  const byName = (n: string) => all.find((r) => r[1] === n);
  expect(byName(won)).toEqual(expect.arrayContaining([won, "lead@pipeline.test", word, "Won", 'They said "yes", finally.\nStart in May.', "pricing"]));
  // Formula-looking cells start with an apostrophe.
  expect(byName('\'=HYPERLINK("http://evil.example")')).toBeTruthy();
  expect(all.some((r) => r[3] === `'+${word}`)).toBe(true);

  // The 'Won' tab exports only the won lead.
  await page.goto(`/admin/leads?q=${word}`);
  await tab(page, "Won").click();
  await expect(page).toHaveURL(/status=won/);
  // The address changes as the navigation ends; the link follows once the page has rendered its data.
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", /status=won/);
  const filtered = await page.request.get(
    await page
      .getByRole("link", { name: "Export CSV" })
      .getAttribute("href")
      .then((h) => h!),
  );
  expect(filtered.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(filtered.headers()["content-disposition"]).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}-won-search\.csv"$/);
  const rows = parseCsv((await filtered.text()).replace(/^\uFEFF/, ""));
  expect(rows.map((r) => r[1])).toEqual(["Name", won]);
  await context.close();

  // Admins only.
  const anonymous = await request.get(`/admin/leads/export.csv?q=${word}`, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toBe("/admin/auth");
});

test("a failed CRM delivery shows on the lead with its error, and 'Retry' sends it again, signed @phone", async ({ browser, request, baseURL }) => {
  const word = unique("Hookco").replace(" ", "-");
  const name = `${unique("Fay")} ${FAIL_ONCE_MARK}`;
  await sendLead(request, baseURL!, { name, company: word });
  const { context, page } = await leadsAdmin(browser);
  await openLeads(page, word);
  const card = await openFromList(page, name, word);
  await expect
    .poll(
      async () => {
        await page.reload();
        return card.getByText("Webhook delivery failed").count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  await expect(card).toContainText("The CRM answered 500 Internal Server Error · 1 attempt");
  await card.getByRole("button", { name: `Retry: ${name}` }).click();
  await expect(toastText(page, "Delivery queued")).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.reload();
        return card.getByText("Sent to the CRM").count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);

  const deliveries = receivedWebhooks(new RegExp(word));
  expect(deliveries.map((d) => d.status)).toEqual([500, 200]);
  const last = deliveries[1]!;
  const timestamp = String(last.headers["x-signature-timestamp"]);
  expect(last.headers["x-signature"]).toBe(`sha256=${crypto.createHmac("sha256", E2E_WEBHOOK_SECRET).update(`${timestamp}.${last.body}`).digest("hex")}`);
  expect(JSON.parse(last.body)).toMatchObject({ event: "lead.created", lead: { name, company: word } });
  await context.close();
});

test("the audit dialog's form, posted without its script, answers with the audit page and stores the lead @phone", async ({ browser, page }) => {
  const name = unique("Nadia NoScript");
  const word = unique("Plainco").replace(" ", "-");
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Book Your Automation Audit" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Book Your Automation Audit" });
  await expect(dialog).toBeVisible();
  // The same form without its script: a copy of the element has none of React's handlers.
  await dialog.locator("form").evaluate((form) => form.replaceWith(form.cloneNode(true)));
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Work email").fill("not-an-email");
  await dialog.getByLabel("Company").fill(word);
  await dialog.getByLabel("What would you like to automate?").fill("Quarterly board packs, posted the old way");
  await dialog.getByRole("button", { name: "Send request" }).click();
  // Refused by the server's validation: the audit page shows the message and keeps what was typed.
  await expect(page).toHaveURL(/\/audit$/);
  const form = page.getByRole("form", { name: "Book Your Automation Audit" });
  await expect(form.getByText("Please enter a valid email address, like jane@company.com.")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue(name);
  await form.getByLabel("Work email").fill("nadia@plain.test");
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(page).toHaveURL(/\/audit\?sent=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Request received" })).toBeVisible();

  const { context, page: admin } = await leadsAdmin(browser);
  await openLeads(admin, word);
  await expect(await openFromList(admin, name, word)).toContainText("Quarterly board packs, posted the old way");
  await context.close();
});

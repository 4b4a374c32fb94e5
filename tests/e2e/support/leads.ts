import { expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { adminState, hydrated } from "./admin";

/* /admin/leads as the specs drive it: leads sent through the API, the inbox's list (a grid named 'Leads') and the open lead (an article). */

export type LeadFields = { name: string; company: string; email?: string; message?: string; source?: string; beforeTime?: string };

/** Sends a lead through the API; `headers` are added to the request (e.g. `Sec-GPC: 1`: a visitor who opted out of analytics, so no visit is attributed). */
export async function sendLead(request: APIRequestContext, baseURL: string, lead: LeadFields, headers: Record<string, string> = {}) {
  const response = await request.post("/api/leads", {
    headers: { Origin: baseURL, Accept: "application/json", ...headers },
    form: { email: "lead@pipeline.test", message: "Automate our monthly reporting", ...lead },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A new context signed in as the admin (the viewport of the project unless told), and a page in it. */
export async function leadsAdmin(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ storageState: await adminState(browser), ...options });
  const page = await context.newPage();
  return { context, page };
}

/** /admin/leads searched for `query` (each spec's leads share a unique word), hydrated. */
export async function openLeads(page: Page, query: string) {
  await page.goto(`/admin/leads?q=${encodeURIComponent(query)}`);
  await hydrated(page);
}

export const leadGrid = (page: Page) => page.getByRole("grid", { name: "Leads" });

/** The list's row of the lead named `name`. */
export const leadRow = (page: Page, name: string) =>
  leadGrid(page)
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name, exact: true }) });

/** The open lead, named "<name>, <company>". */
export const openLead = (page: Page, name: string, company: string) => page.getByRole("article", { name: `${name}, ${company}` });

/** Opens the lead from its row in the list. */
export async function openFromList(page: Page, name: string, company: string) {
  await leadGrid(page).getByRole("link", { name, exact: true }).click();
  await expect(openLead(page, name, company)).toBeVisible();
  return openLead(page, name, company);
}

/** One of a status tab's links ("New 2"). */
export const tab = (page: Page, label: string) =>
  page.getByRole("navigation", { name: "Leads by status" }).getByRole("link", { name: new RegExp(`^${label}\\b`) });

/** A status segment of the open lead's one-click control. */
export const statusButton = (lead: ReturnType<typeof openLead>, name: string, status: string) =>
  lead.getByRole("group", { name: `Status of ${name}` }).getByRole("button", { name: status, exact: true });

/** The open lead's timeline entries. */
export const timeline = (lead: ReturnType<typeof openLead>) => lead.getByRole("list", { name: "Timeline" }).getByRole("listitem");

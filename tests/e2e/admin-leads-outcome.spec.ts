import { expect, test } from "@playwright/test";
import { toastText, unique } from "./support/admin";
import { axeViolations } from "./support/axe";
import { leadGrid, leadsAdmin, openFromList, openLead, openLeads, statusButton, timeline } from "./support/leads";
import { E2E_SCHEDULER_SECRET } from "./support/webhook-receiver";
import { calSignature, schedulerDelivery } from "../support/scheduler-fixtures";

/**
 * The booked call and the end of a lead on /admin/leads: a booking the scheduler's signed webhook
 * reports shows on the open lead with its time and on its timeline; 'Won' asks the deal's value
 * (in the settings' currency), 'Lost' the reason, before the status changes.
 */

const word = (prefix: string) => unique(prefix).replace(" ", "-");

test("a call booked through the scheduler shows on the lead, then 'Won' asks the deal's value @phone", async ({ browser, request, baseURL }) => {
  const company = word("Bookco");
  const name = unique("Bea Booked");
  const sent = await request.post("/api/leads", {
    headers: { Origin: baseURL!, Accept: "application/json" },
    form: { name, company, email: "lead@pipeline.test", message: "Automate our monthly reporting" },
  });
  const { bookingRef } = (await sent.json()) as { bookingRef: string };
  const body = schedulerDelivery("BOOKING_CREATED", { uid: unique("e2e-booking"), start: "2030-03-04T15:30:00Z", ref: bookingRef });
  const booked = await request.post("/api/webhooks/scheduler", {
    headers: { "Content-Type": "application/json", "X-Cal-Signature-256": calSignature(E2E_SCHEDULER_SECRET, body) },
    data: body,
  });
  expect(await booked.json()).toEqual({ ok: true, outcome: "applied" });

  const { context, page } = await leadsAdmin(browser);
  await openLeads(page, company);
  const lead = await openFromList(page, name, company);
  await expect(statusButton(lead, name, "Booked")).toHaveAttribute("aria-pressed", "true");
  // The lead's own line (above its timeline, which says it too).
  await expect(lead.getByText(/^Call booked for/).first()).toContainText("2030");
  await expect(timeline(lead).filter({ hasText: "Call booked for" })).toContainText("via the scheduler");

  // 'Won' asks the value first; nothing changes until it is given.
  await statusButton(lead, name, "Won").click();
  const value = lead.getByRole("textbox", { name: "Deal value (USD)" });
  await expect(value).toBeFocused();
  await expect(statusButton(lead, name, "Booked")).toHaveAttribute("aria-pressed", "true");
  await lead.getByRole("button", { name: "Mark as won" }).click();
  await expect(value).toHaveAccessibleDescription(/Enter the deal's value/);
  await value.fill("12,000");
  await lead.getByRole("button", { name: "Mark as won" }).click();
  await expect(toastText(page, "Status updated")).toBeVisible();
  await expect(statusButton(lead, name, "Won")).toHaveAttribute("aria-pressed", "true");
  await expect(lead.getByText("Deal value: $12,000.00")).toBeVisible();
  await expect(timeline(lead).filter({ hasText: "Status changed from Booked to Won, worth $12,000.00" })).toHaveCount(1);
  await context.close();
});

test("'Lost' asks the reason; Cancel leaves the status and gives the focus back", async ({ browser, request, baseURL }) => {
  const company = word("Lostco");
  const name = unique("Lou Lost");
  await request.post("/api/leads", {
    headers: { Origin: baseURL!, Accept: "application/json" },
    form: { name, company, email: "lead@pipeline.test", message: "Automate our monthly reporting" },
  });
  const { context, page } = await leadsAdmin(browser);
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await openLeads(page, company);
    const lead = await openFromList(page, name, company);
    await statusButton(lead, name, "Lost").click();
    await expect(lead.getByRole("textbox", { name: "Why was it lost?" })).toBeFocused();
    expect(await axeViolations(page), `asking the reason at ${width}`).toEqual([]);
    await lead.getByRole("button", { name: "Cancel" }).click();
    await expect(statusButton(lead, name, "Lost")).toBeFocused();
    await expect(lead.getByRole("textbox", { name: "Why was it lost?" })).toHaveCount(0);
    await expect(statusButton(lead, name, "New")).toHaveAttribute("aria-pressed", "true");
  }
  const lead = await openFromList(page, name, company);
  await statusButton(lead, name, "Lost").click();
  await lead.getByRole("textbox", { name: "Why was it lost?" }).fill("Chose an in-house team");
  await lead.getByRole("button", { name: "Mark as lost" }).click();
  await expect(statusButton(lead, name, "Lost")).toHaveAttribute("aria-pressed", "true");
  await expect(lead.getByText("Lost: Chose an in-house team", { exact: true })).toBeVisible();
  await expect(timeline(lead).filter({ hasText: "Status changed from New to Lost: Chose an in-house team" })).toHaveCount(1);
  await context.close();
});

test("without JavaScript, 'Won' and 'Lost' still ask the value and the reason, and refuse a missing or invalid one", async ({ browser, request, baseURL }) => {
  const company = word("Noscriptco");
  const name = unique("Otto Outcome");
  await request.post("/api/leads", {
    headers: { Origin: baseURL!, Accept: "application/json" },
    form: { name, company, email: "lead@pipeline.test", message: "Automate our monthly reporting" },
  });
  const { context, page } = await leadsAdmin(browser, { javaScriptEnabled: false });
  await page.goto(`/admin/leads?q=${company}`);
  await leadGrid(page).getByRole("link", { name, exact: true }).click();
  const lead = openLead(page, name, company);

  // The segment's submit comes back with the value's form open; the status has not changed.
  await statusButton(lead, name, "Won").click();
  const value = lead.getByRole("textbox", { name: "Deal value (USD)" });
  await expect(value).toBeVisible();
  await expect(statusButton(lead, name, "New")).toHaveAttribute("aria-pressed", "true");

  // An empty or invalid value is refused with its message, and what was typed stays.
  await lead.getByRole("button", { name: "Mark as won" }).click();
  await expect(value).toHaveAccessibleDescription(/Enter the deal's value/);
  await value.fill("lots");
  await lead.getByRole("button", { name: "Mark as won" }).click();
  await expect(value).toHaveAccessibleDescription(/Enter the value as a number/);
  await expect(value).toHaveValue("lots");
  await expect(statusButton(lead, name, "New")).toHaveAttribute("aria-pressed", "true");

  await value.fill("8,500");
  await lead.getByRole("button", { name: "Mark as won" }).click();
  await expect(statusButton(lead, name, "Won")).toHaveAttribute("aria-pressed", "true");
  await expect(lead.getByText("Deal value: $8,500.00")).toBeVisible();
  await expect(timeline(lead).filter({ hasText: "Status changed from New to Won, worth $8,500.00" })).toHaveCount(1);

  // 'Lost' the same way: the reason is asked, an empty one refused.
  await statusButton(lead, name, "Lost").click();
  const reason = lead.getByRole("textbox", { name: "Why was it lost?" });
  await expect(statusButton(lead, name, "Won")).toHaveAttribute("aria-pressed", "true");
  await lead.getByRole("button", { name: "Mark as lost" }).click();
  await expect(reason).toHaveAccessibleDescription(/Say why the lead was lost/);
  await reason.fill("Budget moved to next year");
  await lead.getByRole("button", { name: "Mark as lost" }).click();
  await expect(statusButton(lead, name, "Lost")).toHaveAttribute("aria-pressed", "true");
  await expect(lead.getByText("Lost: Budget moved to next year", { exact: true })).toBeVisible();
  await context.close();
});

test("the form 'Won' comes back with from a plain post has no axe violations at 390 and 1440 px", async ({ browser, request, baseURL }) => {
  const company = word("Axeco");
  const name = unique("Ada Axe");
  await request.post("/api/leads", {
    headers: { Origin: baseURL!, Accept: "application/json" },
    form: { name, company, email: "lead@pipeline.test", message: "Automate our monthly reporting" },
  });
  // axe runs in the page, so the page has scripts; the post is the plain one a browser without them sends.
  const { context, page } = await leadsAdmin(browser);
  await openLeads(page, company);
  const lead = await openFromList(page, name, company);
  const id = new URL(page.url()).searchParams.get("lead")!;
  await page.evaluate(
    (fields) => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = location.pathname + location.search;
      for (const [key, value] of Object.entries(fields)) form.append(Object.assign(document.createElement("input"), { type: "hidden", name: key, value }));
      document.body.append(form);
      form.submit();
    },
    { intent: "status", id, status: "won" },
  );
  await expect(lead.getByRole("textbox", { name: "Deal value (USD)" })).toBeVisible();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `asking the value after a plain post at ${width}`).toEqual([]);
  }
  await context.close();
});

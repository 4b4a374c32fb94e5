import { expect, type APIRequestContext, type Page, type Request } from "@playwright/test";
import { toastText, unique } from "./admin";
import { openFromList, openLeads, statusButton } from "./leads";
import { E2E_SCHEDULER_SECRET } from "./webhook-receiver";
import { calSignature, schedulerDelivery } from "../../support/scheduler-fixtures";

/* The loop from a visit to a won deal, as the revenue specs walk it: a booking the scheduler confirms, 'Won' at a value, the amounts the screens show. */

/** The beacon's page view (POST /api/event of type "pageview"). */
export const isPageview = (request: Request) =>
  request.method() === "POST" &&
  new URL(request.url()).pathname === "/api/event" &&
  (JSON.parse(request.postData() ?? "{}") as { type?: string }).type === "pageview";

/** A unique word (no space), for a campaign, a company or a user agent. */
export const word = (prefix: string) => unique(prefix).replace(" ", "-");

/** All the amounts a text holds ("$7,777.00 and €500.00"), added up: the figure's currency may have been changed by another spec. */
export const amounts = (text: string) => [...text.matchAll(/\d[\d,]*\.\d\d/g)].reduce((sum, [m]) => sum + Number(m.replace(/,/g, "")), 0);

/** A regular expression matching `text` literally. */
export const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The first post of /blog, opened: its path and title. */
export async function firstPost(page: Page) {
  await page.goto("/blog");
  const link = page.getByRole("main").locator('a[href^="/blog/"]').first();
  const path = (await link.getAttribute("href"))!;
  await page.goto(path);
  return { path, title: (await page.getByRole("heading", { level: 1 }).textContent())!.trim() };
}

/** The scheduler's signed `event` for the booking `uid` (reference `ref`), posted to the webhook; it must be applied. */
export async function schedulerEvent(
  request: APIRequestContext,
  event: "BOOKING_CREATED" | "MEETING_ENDED",
  booking: { uid: string; ref: string; start: string },
) {
  const body = schedulerDelivery(event, booking);
  const answer = await request.post("/api/webhooks/scheduler", {
    headers: { "Content-Type": "application/json", "X-Cal-Signature-256": calSignature(E2E_SCHEDULER_SECRET, body) },
    data: body,
  });
  expect(await answer.json(), event).toEqual({ ok: true, outcome: "applied" });
}

/** The scheduler's signed BOOKING_CREATED for the booking reference `ref`, applied; answers the booking (its uid) for later events. */
export async function confirmBooking(request: APIRequestContext, ref: string, start = "2030-03-04T15:30:00Z") {
  const booking = { uid: word("booking"), start, ref };
  await schedulerEvent(request, "BOOKING_CREATED", booking);
  return booking;
}

/**
 * Opens the lead in /admin/leads (searched by its company), marks it 'Won' at `value` and answers
 * the value as the screens format it (in the settings' currency, which another spec may have changed).
 */
export async function markWon(page: Page, lead: { name: string; company: string }, value: number) {
  await openLeads(page, lead.company);
  const open = await openFromList(page, lead.name, lead.company);
  await statusButton(open, lead.name, "Won").click();
  const field = open.getByRole("textbox", { name: /^Deal value \([A-Z]{3}\)$/ });
  const label = await field.evaluate((el: HTMLInputElement) => el.labels?.[0]?.textContent ?? "");
  const currency = /\(([A-Z]{3})\)/.exec(label)![1]!;
  await field.fill(value.toLocaleString("en-US"));
  await open.getByRole("button", { name: "Mark as won" }).click();
  await expect(toastText(page, "Status updated")).toBeVisible();
  return { open, won: new Intl.NumberFormat("en", { style: "currency", currency, maximumFractionDigits: 2 }).format(value) };
}

import { freshTestDatabase } from "./test-db";
import type { DbHandle } from "~/server/db/client.server";
import { post } from "./post-input";
import { auditLog, blogPosts, leads, schedulerBookings } from "~/server/db/schema.server";
import type { BookingState } from "~/server/db/schema/scheduler.server";
import type { LeadStatus } from "~/server/db/schema/leads.server";

/** Noon (UTC) on Monday 23 November 2026: 'Last 30 days' is 25 Oct–23 Nov, 'Last 7 days' 17–23 Nov. */
export const NOW = new Date("2026-11-23T12:00:00Z");

export type Lead = {
  id: string;
  created: string;
  status: LeadStatus;
  landing?: string;
  converted?: string;
  referrer?: string;
  utm?: [string, string, string];
  source?: string;
  bookings?: Array<[created: string, state: BookingState]>;
  won?: { at: string; value: string; currency: string };
  /** The answer engine of the lead's first visit (docs/decisions/0053). */
  engine?: string;
  /** Last touch (decision 0058) when a later page view came from elsewhere; else the first touch's, as intake stores it. */
  last?: { referrer?: string; utm?: [string, string, string]; engine?: string };
  /** The expected value of an open lead, in USD (the pipeline). */
  expected?: string;
};

export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/**
 * The made-up pipeline the revenue tests read (the webhook and 'Won' as they store it: bookings,
 * the lead's status and value, the audit log's status entry), two posts, and what each lead should
 * be credited to in 'Last 30 days':
 * 1 landed on Post One, converted on Post Two, from google.com and the newsletter: asked 10 Nov 10:00,
 *   booked 6 h later, call held, won 20 Nov at $12,000; came back from linkedin.com's winter campaign (last touch).
 * 2 direct, Post One both touches: asked 1 Nov, booked 3 Nov (48 h), rescheduled 4 Nov: still booked,
 *   expected at $5,000; came back from ChatGPT (last touch).
 * 3 Post Two from google.com, booked then cancelled: no call.
 * 4 linkedin.com's autumn campaign, booked in September, won 15 Nov at €500 (in another currency).
 * 5 Post One, won on 1 Oct: before the period.
 * 6 google.com, created by the scheduler itself when booked (no audit request to time from).
 * 7 google.com, asked 11 Nov 00:00, booked 10 h later, expected at $2,000.50.
 * 8 bing.com, booked 6 Nov, rescheduled 7 Nov, then the new booking cancelled: no call.
 */
export const PIPELINE: Lead[] = [
  {
    id: id(1),
    created: "2026-11-10T10:00:00Z",
    status: "won",
    landing: "/blog/post-one",
    converted: "/blog/post-two",
    referrer: "google.com",
    utm: ["newsletter", "email", "launch"],
    bookings: [["2026-11-10T16:00:00Z", "held"]],
    won: { at: "2026-11-20T09:00:00Z", value: "12000.00", currency: "USD" },
    last: { referrer: "linkedin.com", utm: ["linkedin", "social", "winter"] },
  },
  {
    id: id(2),
    created: "2026-11-01T00:00:00Z",
    status: "booked",
    landing: "/blog/post-one",
    converted: "/blog/post-one",
    last: { referrer: "chatgpt.com", engine: "chatgpt" },
    expected: "5000.00",
    bookings: [
      ["2026-11-03T00:00:00Z", "rescheduled"],
      ["2026-11-04T00:00:00Z", "booked"],
    ],
  },
  {
    id: id(3),
    created: "2026-11-05T00:00:00Z",
    status: "qualified",
    landing: "/blog/post-two",
    referrer: "google.com",
    bookings: [["2026-11-05T02:00:00Z", "cancelled"]],
  },
  {
    id: id(4),
    created: "2026-09-01T00:00:00Z",
    status: "won",
    landing: "/",
    referrer: "linkedin.com",
    utm: ["linkedin", "social", "autumn"],
    bookings: [["2026-09-02T00:00:00Z", "held"]],
    won: { at: "2026-11-15T00:00:00Z", value: "500.00", currency: "EUR" },
  },
  {
    id: id(5),
    created: "2026-09-20T00:00:00Z",
    status: "won",
    landing: "/blog/post-one",
    won: { at: "2026-10-01T00:00:00Z", value: "999.00", currency: "USD" },
  },
  { id: id(6), created: "2026-11-12T00:00:00Z", status: "booked", referrer: "google.com", source: "scheduler", bookings: [["2026-11-12T00:00:00Z", "booked"]] },
  {
    id: id(7),
    created: "2026-11-11T00:00:00Z",
    status: "booked",
    landing: "/",
    referrer: "google.com",
    bookings: [["2026-11-11T10:00:00Z", "booked"]],
    expected: "2000.50",
  },
  {
    id: id(8),
    created: "2026-11-06T00:00:00Z",
    status: "qualified",
    referrer: "bing.com",
    bookings: [
      ["2026-11-06T00:00:00Z", "rescheduled"],
      ["2026-11-07T00:00:00Z", "cancelled"],
    ],
  },
];

/** PIPELINE (and `extra` leads after it) in a fresh database with its two posts. */
export async function seededPipeline(extra: Lead[] = []) {
  const handle = await freshTestDatabase();
  const { db } = handle;
  await db
    .insert(blogPosts)
    .values([post({ title: "Post One", slug: "post-one" }), post({ title: "Post Two", slug: "post-two" })].map((p) => ({ ...p, publishedAt: NOW })));
  for (const l of [...PIPELINE, ...extra]) await insertLead(db, l);
  return handle;
}

/** One lead as the webhook and 'Won' store it: the lead, its bookings, and the audit entry of its 'Won'. */
async function insertLead(db: DbHandle["db"], l: Lead) {
  await db.insert(leads).values({
    id: l.id,
    name: `Lead ${l.id.slice(-1)}`,
    email: "lead@client.test",
    company: "Client Co",
    message: "Automate our quotes",
    createdAt: new Date(l.created),
    status: l.status,
    source: l.source ?? null,
    landingPage: l.landing ?? null,
    convertedOn: l.converted ?? null,
    referrer: l.referrer ?? null,
    utmSource: l.utm?.[0] ?? null,
    utmMedium: l.utm?.[1] ?? null,
    utmCampaign: l.utm?.[2] ?? null,
    dealValue: l.won?.value ?? null,
    dealCurrency: l.won?.currency ?? null,
    answerEngine: l.engine ?? null,
    lastReferrer: l.last ? (l.last.referrer ?? null) : (l.referrer ?? null),
    lastUtmSource: (l.last ? l.last.utm : l.utm)?.[0] ?? null,
    lastUtmMedium: (l.last ? l.last.utm : l.utm)?.[1] ?? null,
    lastUtmCampaign: (l.last ? l.last.utm : l.utm)?.[2] ?? null,
    lastAnswerEngine: l.last ? (l.last.engine ?? null) : (l.engine ?? null),
    expectedValue: l.expected ?? null,
    expectedCurrency: l.expected ? "USD" : null,
  });
  for (const [i, [created, state]] of (l.bookings ?? []).entries()) {
    await db.insert(schedulerBookings).values({
      uid: `${l.id}-${i}`,
      leadId: l.id,
      state,
      startsAt: new Date("2026-12-01T15:00:00Z"),
      statusBefore: "new",
      createdAt: new Date(created),
    });
  }
  if (l.won) {
    await db.insert(auditLog).values({
      at: new Date(l.won.at),
      action: "lead.status",
      targetType: "lead",
      targetId: l.id,
      summary: "Status changed to Won",
      before: { status: "held" },
      after: { status: "won", value: l.won.value, currency: l.won.currency },
    });
  }
}

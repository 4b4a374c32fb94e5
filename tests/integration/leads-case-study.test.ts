import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type * as DbClient from "~/server/db/client.server";
import type { DbHandle } from "~/server/db/client.server";
import { caseStudies, leads } from "~/server/db/schema.server";
import { freshTestDatabase } from "../support/test-db";

/**
 * The audit request records the case study the landing page's comparison showed (decision 0051,
 * amended 2026-11-28): only a public one; a slug the browser sends for anything else is ignored.
 */
let handle: DbHandle;

vi.mock("~/server/db/client.server", async (original) => ({
  ...(await original<typeof DbClient>()),
  db: () => Promise.resolve(handle.db),
}));

const { receiveLead } = await import("~/server/leads/lead-intake.server");
const { leadPane } = await import("~/server/leads/lead-timeline.server");
const { getLead } = await import("~/server/leads/lead-queries.server");
const { webhookPayload } = await import("~/server/leads/lead-webhook.server");

const past = new Date(Date.now() - 86_400_000);
const future = new Date(Date.now() + 7 * 86_400_000);
const study = (slug: string, state: { published: boolean; publishedAt: Date | null; deletedAt?: Date }) => ({
  title: `The ${slug} story`,
  slug,
  client: "A firm",
  industry: "Finance",
  summary: "Summary",
  problem: "Problem",
  solution: "Solution",
  hoursBefore: 40,
  hoursAfter: 5,
  ...state,
});

beforeAll(async () => {
  handle = await freshTestDatabase();
  await handle.db
    .insert(caseStudies)
    .values([
      study("live-one", { published: true, publishedAt: past }),
      study("a-draft", { published: false, publishedAt: null }),
      study("scheduled-one", { published: true, publishedAt: future }),
      study("trashed-one", { published: true, publishedAt: past, deletedAt: past }),
    ]);
});
afterAll(async () => {
  await handle.close();
});

let sent = 0;
/** Sends an audit request naming `caseStudy` and gives back the stored lead's recorded case study. */
async function requestShowing(caseStudy: string | undefined) {
  const form = new FormData();
  sent += 1;
  const entries = { name: "Ada", email: `ada${sent}@example.com`, company: "Engines Ltd", message: "Our weekly investor reporting", beforeTime: "40" };
  for (const [key, value] of Object.entries(entries)) form.set(key, value);
  if (caseStudy !== undefined) form.set("caseStudy", caseStudy);
  // A client address of its own each time: the rate limit is not what this file tests.
  const answer = await receiveLead(form, `10.0.1.${sent}`);
  expect(answer.outcome).toBe("stored");
  const [lead] = await handle.db
    .select({ id: leads.id, shown: leads.shownCaseStudyId })
    .from(leads)
    .where(eq(leads.email, `ada${sent}@example.com`));
  return lead!;
}

describe("the case study shown with an audit request", () => {
  it("is recorded when it is public, and the open lead names it by its title", async () => {
    const lead = await requestShowing("live-one");
    const [live] = await handle.db.select({ id: caseStudies.id }).from(caseStudies).where(eq(caseStudies.slug, "live-one"));
    expect(lead.shown).toBe(live!.id);
    const pane = await leadPane(handle.db, lead.id);
    expect(pane?.state === "open" && pane.lead.shownCaseStudy).toEqual({ id: live!.id, title: "The live-one story" });
    // The CRM gets it with the lead.
    expect(webhookPayload((await getLead(handle.db, lead.id))!).lead.shownCaseStudy).toEqual({ slug: "live-one", title: "The live-one story" });
  });

  it("is ignored when unknown, a draft, scheduled, trashed or malformed, and the lead is still stored", async () => {
    for (const slug of ["no-such-study", "a-draft", "scheduled-one", "trashed-one", "../live-one", "LIVE-ONE", ""]) {
      const lead = await requestShowing(slug);
      expect(lead.shown, slug).toBeNull();
      const pane = await leadPane(handle.db, lead.id);
      expect(pane?.state === "open" && pane.lead.shownCaseStudy, slug).toBeNull();
      expect(webhookPayload((await getLead(handle.db, lead.id))!).lead.shownCaseStudy, slug).toBeNull();
    }
  });

  it("is none when the request names none", async () => {
    expect((await requestShowing(undefined)).shown).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import type { DbHandle } from "~/server/db/client.server";
import { auditLog, caseStudies, redirects } from "~/server/db/schema.server";
import { freshTestDatabase } from "../support/test-db";
import { answer, form } from "../support/action-answer";
import { saveCaseStudy } from "~/server/case-studies/case-study-save.server";
import { adminListCaseStudies, getPublishedCaseStudy, listCaseStudiesForFeed, listPublishedCaseStudies } from "~/server/case-studies/case-study-queries.server";
import { caseStudyFeed, caseStudyMarkdown } from "~/server/case-studies/case-study-documents.server";
import { llmsTxt } from "~/server/analytics/ai-crawlers.server";
import { sitemapDocument } from "~/server/site/sitemap.server";
import { isImageInUse, moveToTrash, restoreFromTrash } from "~/server/trash/trash-queries.server";
import { referencedImages } from "~/server/storage/orphan-uploads.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const SITE = { brandName: "Flowstate", siteUrl: "https://studio.example" };
const DAY = 86_400_000;

/** The case-study form as an editor fills it; `overrides` change what a test is about. */
const fields = (slug: string, overrides: Record<string, string> = {}) => ({
  intent: "save",
  title: `Deal intake for ${slug}`,
  slug,
  client: "A 12-person venture fund",
  industry: "Venture capital",
  summary: "Every inbound deck captured and scored before a partner opens it.",
  problem: "Associates typed every deck into the CRM.",
  solution: "A **Make** workflow that reads, scores and routes decks.",
  tools: "Make, OpenAI, Affinity, make",
  hoursBefore: "22",
  hoursAfter: "3",
  errorRateBefore: "9",
  errorRateAfter: "0.8",
  costBefore: "$1,400",
  costAfter: "210",
  quote: "Monday's meeting starts with the deals worth talking about.",
  quoteAuthor: "Sarah Okafor",
  quoteRole: "Partner",
  published: "on",
  timeZone: "UTC",
  ...overrides,
});

/** Saves a case study through the form pipeline; a redirect (a Response) means it was saved. */
async function save(slug: string, overrides: Record<string, string> = {}, id: string | null = null) {
  const result = await saveCaseStudy(handle.db, id, form(fields(slug, overrides)));
  expect(result).toBeInstanceOf(Response);
  const [row] = await handle.db.select({ id: caseStudies.id }).from(caseStudies).where(eq(caseStudies.slug, slug));
  return row!.id;
}

const future = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 19);

let handle: DbHandle;
let trashedId: string;
beforeAll(async () => {
  handle = await freshTestDatabase();
  await save("live-one");
  await save("a-draft", { published: "" });
  await save("scheduled-one", { publishedAt: future });
  trashedId = await save("trashed-one");
  await moveToTrash(handle.db, "case-study", [trashedId]);
});
afterAll(async () => {
  await handle.close();
});

describe("what the public may read of case studies", () => {
  it("lists only the published one: never a draft, a scheduled or a trashed one", async () => {
    expect((await listPublishedCaseStudies(handle.db)).map((s) => s.slug)).toEqual(["live-one"]);
    for (const slug of ["a-draft", "scheduled-one", "trashed-one"]) expect(await getPublishedCaseStudy(handle.db, slug)).toBeNull();
    // A preview reads drafts and scheduled ones, never a trashed one.
    expect(await getPublishedCaseStudy(handle.db, "a-draft", { anyState: true })).not.toBeNull();
    expect(await getPublishedCaseStudy(handle.db, "trashed-one", { anyState: true })).toBeNull();
  });

  it("keeps drafts, scheduled and trashed ones out of the sitemap, the feed and /llms.txt", async () => {
    const sitemap = await sitemapDocument(handle.db, SITE.siteUrl);
    expect(sitemap).toContain(`<loc>${SITE.siteUrl}/case-studies</loc>`);
    expect(sitemap).toContain(`<loc>${SITE.siteUrl}/case-studies/live-one</loc>`);
    const feedItems = await listCaseStudiesForFeed(handle.db);
    const rss = caseStudyFeed(SITE, feedItems);
    const llms = llmsTxt(SITE, [], feedItems);
    expect(rss).toContain(`${SITE.siteUrl}/case-studies/live-one`);
    expect(llms).toContain(`(${SITE.siteUrl}/case-studies/live-one)`);
    for (const text of [sitemap, rss, llms]) {
      expect(text).not.toContain("a-draft");
      expect(text).not.toContain("scheduled-one");
      expect(text).not.toContain("trashed-one");
    }
  });

  it("writes the markdown copy with the figures in their units", async () => {
    const study = (await getPublishedCaseStudy(handle.db, "live-one"))!;
    const markdown = caseStudyMarkdown(SITE.siteUrl, study);
    expect(markdown).toMatch(/^# Deal intake for live-one\n/);
    expect(markdown).toContain("- Data processing time: 22 h → 3 h a week");
    expect(markdown).toContain("- Error rate: 9% → 0.8% of records");
    expect(markdown).toContain("- Manual labor cost: $1,400 → $210 a week");
    expect(markdown).toContain("Make, OpenAI, Affinity");
    expect(markdown).toContain("> Sarah Okafor, Partner");
  });

  it("is public again once restored from the trash", async () => {
    await restoreFromTrash(handle.db, "case-study", [trashedId]);
    expect(await getPublishedCaseStudy(handle.db, "trashed-one")).not.toBeNull();
    await moveToTrash(handle.db, "case-study", [trashedId]);
    expect(await getPublishedCaseStudy(handle.db, "trashed-one")).toBeNull();
  });
});

describe("saving the case-study form", () => {
  it("stores the figures as numbers and the tools as a list without repeats", async () => {
    const study = (await getPublishedCaseStudy(handle.db, "live-one"))!;
    expect(study).toMatchObject({ hoursBefore: 22, hoursAfter: 3, errorRateAfter: 0.8, costBefore: 1400, tools: ["Make", "OpenAI", "Affinity"] });
  });

  it("refuses a figure without its pair, no figure at all, and a quote without its author, keeping what was typed", async () => {
    const half = answer(await saveCaseStudy(handle.db, null, form(fields("half", { hoursAfter: "", quoteAuthor: "" }))));
    expect(half.status).toBe(400);
    const body = half.body as unknown as { errors: Record<string, string>; values: Record<string, string> };
    expect(body.errors.hoursAfter).toBe("Give data processing time both before and after, or leave both empty.");
    expect(body.errors.quoteAuthor).toBe("Say who said the quote.");
    expect(body.values.problem).toBe("Associates typed every deck into the CRM.");
    const none = { hoursBefore: "", hoursAfter: "", errorRateBefore: "", errorRateAfter: "", costBefore: "", costAfter: "" };
    const empty = answer(await saveCaseStudy(handle.db, null, form(fields("empty", none))));
    expect((empty.body as unknown as { errors: Record<string, string> }).errors.hoursBefore).toMatch(/at least one figure/);
    const words = answer(await saveCaseStudy(handle.db, null, form(fields("words", { costBefore: "a lot" }))));
    expect((words.body as unknown as { errors: Record<string, string> }).errors.costBefore).toMatch(/must be a number/);
    expect(await adminListCaseStudies(handle.db, "half")).toHaveLength(0);
  });

  it("refuses a slug another case study holds, even one in the trash", async () => {
    const taken = answer(await saveCaseStudy(handle.db, null, form(fields("trashed-one"))));
    expect(taken.status).toBe(409);
    expect((taken.body as unknown as { errors: Record<string, string> }).errors.slug).toMatch(/already used by another case study/);
  });

  it("writes an audit entry for each save, and a redirect when a public one's slug changes", async () => {
    const id = await save("renamed-before");
    await save("renamed-after", {}, id);
    const [latest] = await handle.db.select().from(auditLog).where(eq(auditLog.targetId, id)).orderBy(desc(auditLog.at)).limit(1);
    expect(latest).toMatchObject({ action: "case-study.update", targetType: "case-study" });
    expect(latest!.summary).toContain('slug "renamed-before" → "renamed-after"');
    const [redirect] = await handle.db.select().from(redirects).where(eq(redirects.fromPath, "/case-studies/renamed-before"));
    expect(redirect?.toPath).toBe("/case-studies/renamed-after");
    const draft = await save("goes-live", { published: "" });
    await save("goes-live", {}, draft);
    const [published] = await handle.db.select().from(auditLog).where(eq(auditLog.targetId, draft)).orderBy(desc(auditLog.at)).limit(1);
    expect(published?.action).toBe("case-study.publish");
  });

  it("keeps its cover out of the orphaned-uploads purge and of another record's deletion", async () => {
    const stem = "0f0e0d0c-0b0a-4909-8807-060504030201";
    const url = `/uploads/blog-images/${stem}.png`;
    await save("with-cover", { imageUrl: url, coverAlt: "A dashboard" });
    expect((await referencedImages(handle.db)).has(stem)).toBe(true);
    expect(await isImageInUse(handle.db, url, `${stem}.png`)).toBe(true);
  });
});

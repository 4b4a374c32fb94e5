import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import type * as DbClient from "~/server/db/client.server";
import type { DbHandle } from "~/server/db/client.server";
import { caseStudies } from "~/server/db/schema.server";
import { freshTestDatabase } from "../support/test-db";
import { form } from "../support/action-answer";

/**
 * The landing page's row of featured case studies under the comparison (decision 0055): only
 * public, featured ones, at most three, read through the data cache, which every publish,
 * unpublish, feature change and trash empties.
 */
let handle: DbHandle;

vi.mock("~/server/db/client.server", async (original) => ({
  ...(await original<typeof DbClient>()),
  db: () => Promise.resolve(handle.db),
}));

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

const { saveCaseStudy } = await import("~/server/case-studies/case-study-save.server");
const { landingFeaturedCaseStudies } = await import("~/server/site/landing-page.server");
const { trashRecord } = await import("~/server/trash/trash.server");
const { FeaturedCaseStudies } = await import("~/components/landing/featured-case-studies");

const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 19);

const fields = (slug: string, overrides: Record<string, string> = {}) => ({
  intent: "save",
  title: `The ${slug} story`,
  slug,
  client: `Client of ${slug}`,
  industry: "Logistics",
  summary: "Every order typed once.",
  problem: "Orders were typed twice.",
  solution: "A workflow that reads them.",
  tools: "Make",
  hoursBefore: "40",
  hoursAfter: "5",
  published: "on",
  featured: "on",
  timeZone: "UTC",
  ...overrides,
});

async function save(slug: string, overrides: Record<string, string> = {}) {
  const [existing] = await handle.db.select({ id: caseStudies.id }).from(caseStudies).where(eq(caseStudies.slug, slug));
  const result = await saveCaseStudy(handle.db, existing?.id ?? null, form(fields(slug, overrides)));
  expect(result).toBeInstanceOf(Response);
  const [row] = await handle.db.select({ id: caseStudies.id }).from(caseStudies).where(eq(caseStudies.slug, slug));
  return row!.id;
}

const slugs = async () => (await landingFeaturedCaseStudies()).map((s) => s.slug);

beforeAll(async () => {
  handle = await freshTestDatabase();
});

afterAll(async () => {
  await handle.close();
});

describe("the landing page's featured case studies", () => {
  it("shows none, and renders nothing, while none is featured", async () => {
    await save("not-featured", { featured: "" });
    expect(await slugs()).toEqual([]);
    expect(renderToString(createElement(FeaturedCaseStudies, { studies: [] }))).toBe("");
  });

  it("shows a published featured one at once (the cache is emptied by the save), never a draft or a scheduled one", async () => {
    await save("featured-live", { publishedAt: new Date(Date.now() - 86_400_000).toISOString().slice(0, 19) });
    await save("featured-draft", { published: "" });
    await save("featured-scheduled", { publishedAt: future });
    expect(await slugs()).toEqual(["featured-live"]);
  });

  it("drops one that is unfeatured or unpublished, and one moved to the trash", async () => {
    const trashed = await save("featured-trashed");
    await save("featured-unfeatured");
    await save("featured-unpublished");
    expect(await slugs()).toEqual(expect.arrayContaining(["featured-trashed", "featured-unfeatured", "featured-unpublished"]));
    await save("featured-unfeatured", { featured: "" });
    await save("featured-unpublished", { published: "" });
    await trashRecord(handle.db, "case-study", form({ intent: "delete", id: trashed }));
    expect(await slugs()).toEqual(["featured-live"]);
  });

  it("shows at most three, newest first, each card with its client, industry, headline figure and link, then 'All case studies'", async () => {
    await save("featured-b", { publishedAt: new Date(Date.now() - 2_000).toISOString().slice(0, 19) });
    await save("featured-c", { publishedAt: new Date(Date.now() - 1_000).toISOString().slice(0, 19) });
    await save("featured-d", { hoursBefore: "", hoursAfter: "", costBefore: "1400", costAfter: "210" });
    const featured = await landingFeaturedCaseStudies();
    expect(featured.map((s) => s.slug)).toEqual(["featured-d", "featured-c", "featured-b"]);
    const html = renderToString(createElement(FeaturedCaseStudies, { studies: featured }));
    expect(html).toContain('href="/case-studies/featured-d"');
    expect(html).toContain("Client of featured-d");
    expect(html).toContain("Logistics");
    expect(html).toContain("Manual labor cost: $1,400 to $210 a week");
    expect(html).toContain("Data processing time: 40 h to 5 h a week");
    expect(html).toMatch(/<a [^>]*href="\/case-studies"[^>]*>All case studies/);
    expect(html).not.toContain("featured-live");
  });
});

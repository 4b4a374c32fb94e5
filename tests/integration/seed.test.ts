import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import type { DbHandle } from "~/server/db/client.server";
import { blogPosts, teamMembers, testimonials } from "~/server/db/schema.server";
import { seedDemoContent, seedIfEmpty } from "~/server/site/seed.server";
import { LocalStorage } from "~/server/storage/storage.server";
import { listCategories } from "~/server/posts/post-queries.server";
import { listPublishedPosts } from "~/server/posts/post-list-queries.server";
import { listPublishedCaseStudies } from "~/server/case-studies/case-study-queries.server";
import { freshTestDatabase } from "../support/test-db";

let handle: DbHandle;
const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "studio-seed-"));
const store = new LocalStorage(uploads);

beforeAll(async () => {
  handle = await freshTestDatabase();
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(uploads, { recursive: true, force: true });
});

describe("demo content", () => {
  it("seeds published posts over four categories, drafts, team, testimonials and three published case studies, with covers", async () => {
    const result = await seedDemoContent(handle, store);
    expect(result).toEqual({ posts: 14, team: 4, testimonials: 6, caseStudies: 3 });
    const studies = await listPublishedCaseStudies(handle.db);
    expect(studies.map((s) => s.industry)).toEqual(expect.arrayContaining(["Venture capital", "B2B software sales", "Healthcare"]));
    expect(studies.every((s) => s.imageUrl && s.hoursBefore !== null && s.hoursAfter !== null)).toBe(true);
    const { posts } = await listPublishedPosts(handle.db, { limit: 100 });
    expect(posts.length).toBeGreaterThanOrEqual(12);
    expect(await listCategories(handle.db)).toHaveLength(4);
    const [drafts] = await handle.db.select({ n: count() }).from(blogPosts).where(eq(blogPosts.published, false));
    expect(drafts!.n).toBe(2);
    const [inactiveTeam] = await handle.db.select({ n: count() }).from(teamMembers).where(eq(teamMembers.active, false));
    expect(inactiveTeam!.n).toBe(1);
    const [inactiveQuotes] = await handle.db.select({ n: count() }).from(testimonials).where(eq(testimonials.active, false));
    expect(inactiveQuotes!.n).toBe(1);
    const withCover = posts.filter((p) => p.imageUrl);
    expect(withCover.length).toBeGreaterThan(0);
    const file = withCover[0]!.imageUrl!.split("/blog-images/")[1]!;
    expect(fs.existsSync(path.join(uploads, file))).toBe(true);
  });

  it("is safe to run again and never seeds a database that has content", async () => {
    expect(await seedDemoContent(handle, store)).toEqual({ posts: 0, team: 0, testimonials: 0, caseStudies: 0 });
    expect(await seedIfEmpty(handle, "always")).toBeNull();
  });
});

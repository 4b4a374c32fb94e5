import sharp from "sharp";
import { count, inArray } from "drizzle-orm";
import type { DbHandle } from "~/server/db/client.server";
import { blogPosts, blogTags, teamMembers, testimonials } from "~/server/db/schema.server";
import { insertPostsIfAbsent } from "~/server/posts/post-writes.server";
import { demoTeam, demoTestimonials } from "~/content/demo";
import { coverSvg } from "~/server/posts/demo-covers.server";
import { demoPosts } from "~/server/posts/demo-posts.server";
import { seedDemoCaseStudies } from "~/server/case-studies/demo-case-studies.server";
import { storage, type Storage } from "~/server/storage/storage.server";
import { storeImage } from "~/server/storage/images.server";
import { config } from "~/server/core/env.server";
import { readTimeMinutes, tagSlug } from "~/lib/text";

export type SeedResult = { posts: number; team: number; testimonials: number; caseStudies: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Loads the demo content. Safe to run again: rows whose fixed ids exist are left as they are,
 * and cover images are only made for posts that are new.
 */
export async function seedDemoContent(handle: DbHandle, store: Storage = storage()): Promise<SeedResult> {
  const { db } = handle;
  const author = config().site.defaultAuthor;
  const now = Date.now();

  const existing = new Set(
    (
      await db
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(
          inArray(
            blogPosts.id,
            demoPosts.map((p) => p.id),
          ),
        )
    ).map((r) => r.id),
  );
  const newPosts = demoPosts.filter((p) => !existing.has(p.id));
  const covers = new Map<string, string>();
  for (const [index, post] of newPosts.entries()) {
    if (!post.cover) continue;
    const png = await sharp(Buffer.from(coverSvg(post.cover, index + 1)))
      .png()
      .toBuffer();
    covers.set(post.id, await storeImage(store, "", png));
  }

  const result = await db.transaction(async (tx) => {
    const tagNames = [...new Set(demoPosts.flatMap((p) => p.tags))];
    await tx
      .insert(blogTags)
      .values(tagNames.map((name) => ({ name, slug: tagSlug(name) })))
      .onConflictDoNothing({ target: blogTags.slug });
    const tags = await tx.select({ id: blogTags.id, slug: blogTags.slug }).from(blogTags);
    const tagId = new Map(tags.map((t) => [t.slug, t.id]));

    const inserted = await insertPostsIfAbsent(
      tx,
      newPosts.map((p) => {
        const date = new Date(now - p.daysAgo * DAY_MS);
        return {
          row: {
            id: p.id,
            title: p.title,
            slug: p.slug,
            excerpt: p.excerpt,
            content: p.content,
            category: p.category,
            author,
            published: p.published,
            featured: p.featured,
            imageUrl: covers.get(p.id) ?? null,
            readTime: readTimeMinutes(p.content),
            publishedAt: p.published ? date : null,
            createdAt: date,
            updatedAt: date,
          },
          tagIds: p.tags.map((t) => tagId.get(tagSlug(t))!),
        };
      }),
    );

    const team = await tx
      .insert(teamMembers)
      .values(demoTeam.map((m) => ({ ...m, photoUrl: null })))
      .onConflictDoNothing()
      .returning({ id: teamMembers.id });
    const quotes = await tx
      .insert(testimonials)
      .values(demoTestimonials.map((t) => ({ ...t, avatarUrl: null })))
      .onConflictDoNothing()
      .returning({ id: testimonials.id });
    return { posts: inserted.size, team: team.length, testimonials: quotes.length };
  });
  const caseStudies = await seedDemoCaseStudies(db, store, now);

  // PGlite has no autovacuum: refresh statistics so the full-text index is used.
  await handle.vacuum();
  return { ...result, caseStudies };
}

/**
 * First start: seeds when the database has no content at all. SEED_DEMO=never turns this off;
 * by default ("auto") only the embedded database is seeded, never a PostgreSQL one.
 */
export async function seedIfEmpty(handle: DbHandle, mode: "auto" | "always" | "never"): Promise<SeedResult | null> {
  if (mode === "never" || (mode === "auto" && handle.kind !== "pglite")) return null;
  const [posts] = await handle.db.select({ n: count() }).from(blogPosts);
  const [team] = await handle.db.select({ n: count() }).from(teamMembers);
  const [quotes] = await handle.db.select({ n: count() }).from(testimonials);
  if ((posts?.n ?? 0) + (team?.n ?? 0) + (quotes?.n ?? 0) > 0) return null;
  return seedDemoContent(handle);
}

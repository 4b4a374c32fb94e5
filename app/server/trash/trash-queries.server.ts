import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { blogPosts, caseStudies, siteContent, siteContentRevisions, teamMembers, testimonials } from "~/server/db/schema.server";
import { TRASH_KINDS, type TrashKind } from "~/lib/trash";

/* The trash in the database: a record is trashed while its deleted_at is set. */

/** Each kind's table, the column that names a record and the column holding its uploaded image. */
const TABLES = {
  post: { table: blogPosts, name: blogPosts.title, image: blogPosts.imageUrl },
  "case-study": { table: caseStudies, name: caseStudies.title, image: caseStudies.imageUrl },
  "team-member": { table: teamMembers, name: teamMembers.name, image: teamMembers.photoUrl },
  testimonial: { table: testimonials, name: testimonials.name, image: testimonials.avatarUrl },
} as const;

/** Moves the records with these ids to the trash (those not already there); returns the names of those moved. */
export async function moveToTrash(db: Queryable, kind: TrashKind, ids: string[], now = new Date()): Promise<string[]> {
  if (ids.length === 0) return [];
  const { table, name } = TABLES[kind];
  const rows = await db
    .update(table)
    .set({ deletedAt: now })
    .where(and(inArray(table.id, ids), isNull(table.deletedAt)))
    .returning({ name });
  return rows.map((r) => r.name);
}

/** Takes the records with these ids out of the trash; returns the names of those that came back. */
export async function restoreFromTrash(db: Queryable, kind: TrashKind, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { table, name } = TABLES[kind];
  const rows = await db
    .update(table)
    .set({ deletedAt: null })
    .where(and(inArray(table.id, ids), isNotNull(table.deletedAt)))
    .returning({ name });
  return rows.map((r) => r.name);
}

export type TrashItem = { kind: TrashKind; id: string; name: string; deletedAt: Date };

/** Everything in the trash, most recently deleted first, by kind. */
export async function listTrash(db: Queryable): Promise<TrashItem[]> {
  const groups = await Promise.all(
    TRASH_KINDS.map(async (kind) => {
      const { table, name } = TABLES[kind];
      const rows = await db
        .select({ id: table.id, name, deletedAt: table.deletedAt })
        .from(table)
        .where(isNotNull(table.deletedAt))
        .orderBy(desc(table.deletedAt), desc(table.id));
      return rows.map((r): TrashItem => ({ kind, id: r.id, name: r.name, deletedAt: r.deletedAt! }));
    }),
  );
  return groups.flat();
}

/**
 * Removes a trashed record for good (a post's tag links go with it); null when it is not in the
 * trash, else its name and the uploaded image it referenced (null when none), for the caller to delete.
 */
export async function deleteFromTrash(db: Queryable, kind: TrashKind, id: string): Promise<{ name: string; image: string | null } | null> {
  const { table, name, image } = TABLES[kind];
  const [row] = await db
    .delete(table)
    .where(and(eq(table.id, id), isNotNull(table.deletedAt)))
    .returning({ name, image });
  return row ?? null;
}

/**
 * Removes every record trashed before `before`; returns how many of each kind, and their images.
 * Each row is deleted by one statement only, so several processes may purge at the same time.
 */
export async function deleteTrashedBefore(db: Queryable, before: Date): Promise<{ counts: Record<TrashKind, number>; images: string[] }> {
  const counts = { post: 0, "case-study": 0, "team-member": 0, testimonial: 0 } satisfies Record<TrashKind, number>;
  const images: string[] = [];
  for (const kind of TRASH_KINDS) {
    const { table, image } = TABLES[kind];
    const rows = await db
      .delete(table)
      .where(and(isNotNull(table.deletedAt), lt(table.deletedAt, before)))
      .returning({ image });
    counts[kind] = rows.length;
    for (const r of rows) if (r.image) images.push(r.image);
  }
  return { counts, images };
}

/**
 * Whether any record (trashed or not) still shows this image: as a cover (post or case study), photo or avatar,
 * inside a post's text, or in the landing page's draft, published content or history (docs/decisions/0057). Such a
 * file is kept when another record is removed.
 */
export async function isImageInUse(db: Queryable, url: string, key: string): Promise<boolean> {
  const checks = [
    db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(or(eq(blogPosts.imageUrl, url), sql`position(${key} in ${blogPosts.content}) > 0`))
      .limit(1),
    db.select({ id: caseStudies.id }).from(caseStudies).where(eq(caseStudies.imageUrl, url)).limit(1),
    db.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.photoUrl, url)).limit(1),
    db.select({ id: testimonials.id }).from(testimonials).where(eq(testimonials.avatarUrl, url)).limit(1),
    db
      .select({ id: siteContent.page })
      .from(siteContent)
      .where(sql`position(${key} in ${siteContent.draft}::text || ${siteContent.published}::text) > 0`)
      .limit(1),
    db
      .select({ id: siteContentRevisions.id })
      .from(siteContentRevisions)
      .where(sql`position(${key} in ${siteContentRevisions.content}::text) > 0`)
      .limit(1),
  ];
  const found = await Promise.all(checks);
  return found.some((rows) => rows.length > 0);
}

/** Whether a post in the trash holds this slug (slugs of trashed posts stay reserved). */
export async function isSlugInTrash(db: Queryable, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isNotNull(blogPosts.deletedAt)))
    .limit(1);
  return Boolean(row);
}

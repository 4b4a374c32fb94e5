import { and, asc, eq, isNull } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { testimonials } from "~/server/db/schema.server";

export type TestimonialInput = {
  name: string;
  company: string;
  /** Optional on input: a write without it leaves it empty. */
  role?: string | null;
  quote: string;
  avatarUrl: string | null;
  displayOrder: number;
  active: boolean;
};
export type Testimonial = TestimonialInput & { id: string; role: string | null };

const columns = {
  id: testimonials.id,
  name: testimonials.name,
  company: testimonials.company,
  role: testimonials.role,
  quote: testimonials.quote,
  avatarUrl: testimonials.avatarUrl,
  displayOrder: testimonials.displayOrder,
  active: testimonials.active,
};
const byOrder = [asc(testimonials.displayOrder), asc(testimonials.createdAt), asc(testimonials.id)];

/** Active testimonials by display order (the landing carousel). */
export async function listActiveTestimonials(db: Queryable) {
  return db
    .select({
      id: testimonials.id,
      name: testimonials.name,
      company: testimonials.company,
      role: testimonials.role,
      quote: testimonials.quote,
      avatarUrl: testimonials.avatarUrl,
    })
    .from(testimonials)
    .where(and(eq(testimonials.active, true), isNull(testimonials.deletedAt)))
    .orderBy(...byOrder);
}

export async function adminListTestimonials(db: Queryable): Promise<Testimonial[]> {
  return db
    .select(columns)
    .from(testimonials)
    .where(isNull(testimonials.deletedAt))
    .orderBy(...byOrder);
}

export async function getTestimonial(db: Queryable, id: string): Promise<Testimonial | null> {
  const [row] = await db
    .select(columns)
    .from(testimonials)
    .where(and(eq(testimonials.id, id), isNull(testimonials.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function createTestimonial(db: Queryable, input: TestimonialInput) {
  const [row] = await db.insert(testimonials).values(input).returning({ id: testimonials.id });
  return row!;
}

export async function updateTestimonial(db: Queryable, id: string, input: TestimonialInput) {
  const [row] = await db
    .update(testimonials)
    .set(input)
    .where(and(eq(testimonials.id, id), isNull(testimonials.deletedAt)))
    .returning({ id: testimonials.id });
  return row ?? null;
}

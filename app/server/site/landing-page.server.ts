import { cached } from "~/server/cache/data-cache.server";
import { db } from "~/server/db/client.server";
import { errorText } from "~/server/http/errors.server";
import { log } from "~/server/core/log.server";
import { listActiveTestimonials } from "./testimonial-queries.server";
import { initials } from "~/lib/text";

/** The landing page's testimonials (cached until the next admin write); null when they cannot be read: the section stays hidden. */
export async function landingTestimonials() {
  try {
    return await cached("landing:testimonials", async () =>
      (await listActiveTestimonials(await db())).map(({ id, name, company, role, quote }) => ({ id, name, company, role, quote, initials: initials(name) })),
    );
  } catch (error) {
    log.error("could not load testimonials", { error: errorText(error) });
    return null;
  }
}

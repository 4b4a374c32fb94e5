import { z } from "zod";
import { recordId } from "./admin-validation";

/**
 * Reordering team members and testimonials: the list posts every record's id in the new order
 * (intent=reorder); the server numbers them 1, 2, 3… in that order (their display order).
 */

/** At most this many records in one reorder (far more than a team or a carousel holds). */
export const MAX_REORDER = 500;

export const reorderSchema = z.object({
  intent: z.literal("reorder", { message: "Unknown request." }),
  ids: z
    .array(recordId())
    .min(1, "Nothing to reorder.")
    .max(MAX_REORDER, `Reorder at most ${MAX_REORDER} at a time.`)
    .refine((ids) => new Set(ids).size === ids.length, "Each record may appear only once."),
});

/** `ids` with the one at `from` moved to `to` (both clamped to the list). */
export function moveId(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const target = Math.max(0, Math.min(next.length - 1, to));
  if (from < 0 || from >= next.length || from === target) return next;
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

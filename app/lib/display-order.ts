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

/**
 * The display orders to change so that records shown as `current` (sorted by display order) come
 * out in the order `next` (the same ids). Only the stretch between the first and the last moved
 * record is touched: its existing numbers are handed out again in the new order (moving a row up
 * one place swaps two numbers), raised by one where equal numbers would leave the order to chance,
 * and records after the stretch are raised only if that pushed into them. Returns id → new order.
 */
export function orderedValues(current: readonly { id: string; displayOrder: number }[], next: readonly string[]): Map<string, number> {
  const changes = new Map<string, number>();
  const first = next.findIndex((id, i) => current[i]?.id !== id);
  if (first < 0) return changes;
  let last = next.length - 1;
  while (last > first && current[last]?.id === next[last]) last -= 1;
  const numbers = current.slice(first, last + 1).map((row) => row.displayOrder);
  const ordered = [...next.slice(first, last + 1), ...current.slice(last + 1).map((row) => row.id)];
  const oldValue = new Map(current.map((row) => [row.id, row.displayOrder]));
  let previous = first > 0 ? current[first - 1]!.displayOrder : -Infinity;
  for (const [t, id] of ordered.entries()) {
    const inStretch = t < numbers.length;
    const wanted = inStretch ? numbers[t]! : oldValue.get(id)!;
    // Past the stretch, the first record not pushed ends it: the rest keep their order.
    if (!inStretch && wanted > previous) break;
    const value = wanted > previous ? wanted : previous + 1;
    if (value !== oldValue.get(id)) changes.set(id, value);
    previous = value;
  }
  return changes;
}

import { z } from "zod";
import { recordId } from "./admin-validation";

/**
 * The trash, shared by the server (which moves, restores and purges) and the screens (which name
 * things). Deleting a post, case study, team member or testimonial moves it here; it is restored from here or
 * removed for good, and purged with its uploaded images after TRASH_DAYS.
 */

export const TRASH_DAYS = 30;
export const TRASH_KINDS = ["post", "case-study", "team-member", "testimonial"] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

/** How each kind is named: in messages ("post"), as a group heading ("Posts") and in counts. */
export const TRASH_NAMES = {
  post: { one: "post", many: "posts", group: "Posts", title: "Post" },
  "case-study": { one: "case study", many: "case studies", group: "Case studies", title: "Case study" },
  "team-member": { one: "team member", many: "team members", group: "Team members", title: "Team member" },
  testimonial: { one: "testimonial", many: "testimonials", group: "Testimonials", title: "Testimonial" },
} as const satisfies Record<TrashKind, { one: string; many: string; group: string; title: string }>;

/** "1 post", "3 posts". */
export function countOf(kind: TrashKind, n: number) {
  return `${n} ${n === 1 ? TRASH_NAMES[kind].one : TRASH_NAMES[kind].many}`;
}

/** The day a record trashed at `deletedAt` is purged. */
export function purgeDate(deletedAt: Date) {
  return new Date(deletedAt.getTime() + TRASH_DAYS * 24 * 60 * 60 * 1000);
}

/** At most this many rows per bulk action (one page of a list, with room to spare). */
export const MAX_BULK = 500;

const ids = (message: string) => z.array(recordId()).min(1, message).max(MAX_BULK, `Select at most ${MAX_BULK} at a time.`);

/** A list's 'Undo' after a delete (or a bulk move to the trash): the ids to take back out. */
export const restoreSchema = z.object({ intent: z.literal("restore", { message: "Unknown request." }), ids: ids("Nothing to restore.") });

/** /admin/trash: 'Restore' or 'Delete forever' one record. */
export const trashEntrySchema = z.object({
  intent: z.enum(["restore", "delete-forever"], { message: "Unknown request." }),
  kind: z.enum(TRASH_KINDS, { message: "Unknown request." }),
  id: recordId(),
});

/** The post list's bulk actions on the selected rows. */
export const bulkPostsSchema = z.object({
  intent: z.enum(["publish", "unpublish", "trash"], { message: "Unknown request." }),
  ids: ids("Select at least one post."),
});

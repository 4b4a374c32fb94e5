/**
 * A post's state as the back-office names it: 'Draft' (not published), 'Scheduled' (published,
 * dated in the future: not public until then) or 'Published' (public).
 */
export type PostStatus = "draft" | "scheduled" | "published";

export const POST_STATUS_LABEL: Record<PostStatus, string> = { draft: "Draft", scheduled: "Scheduled", published: "Published" };

export function postStatus({ published, publishedAt }: { published: boolean; publishedAt: Date | string | null }, now: Date = new Date()): PostStatus {
  if (!published) return "draft";
  return publishedAt && new Date(publishedAt).getTime() > now.getTime() ? "scheduled" : "published";
}

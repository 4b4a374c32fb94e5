import { Eye } from "lucide-react";
import { LocalDateTime } from "~/components/ui/local-date-time";
import type { PostStatus } from "~/lib/post-status";

/**
 * The banner over a post shown by a preview link or to an admin: says it is a preview and why the
 * public cannot see it yet (a draft, or the time it is scheduled for). An island of the post page
 * (the time in the reader's zone).
 */
export function PreviewBanner({ status, publishedAt, editPath }: { status: PostStatus; publishedAt: string | null; editPath: string | null }) {
  return (
    <aside
      aria-labelledby="preview-banner-title"
      className="mb-8 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-accent/50 bg-accent/10 px-5 py-4 text-sm"
    >
      <Eye aria-hidden="true" className="size-5 shrink-0 text-accent" />
      <div className="min-w-0 flex-1">
        <p id="preview-banner-title" className="font-semibold text-foreground">
          Preview
        </p>
        <p className="text-muted">
          {status === "scheduled" && publishedAt ? (
            <>
              Scheduled: readers see this post from <LocalDateTime value={publishedAt} />.
            </>
          ) : status === "draft" ? (
            "Draft: readers cannot see this post yet."
          ) : (
            "This is how the post looks to readers."
          )}
        </p>
      </div>
      {editPath ? (
        <a href={editPath} className="font-medium text-accent underline underline-offset-4">
          Edit post
        </a>
      ) : null}
    </aside>
  );
}

import { LocalDateTime } from "~/components/ui/local-date-time";
import { POST_STATUS_LABEL, postStatus } from "~/lib/post-status";
import { StatusBadge } from "./status-badge";

/** 'Published', 'Draft', or 'Scheduled' with the time the post goes public (in the editor's zone). */
export function PostStatusBadge({ published, publishedAt }: { published: boolean; publishedAt: Date | string | null }) {
  const status = postStatus({ published, publishedAt });
  return (
    <>
      <StatusBadge on={status === "published"} pending={status === "scheduled"}>
        {POST_STATUS_LABEL[status]}
      </StatusBadge>
      {status === "scheduled" && publishedAt ? (
        <span className="text-xs">
          for <LocalDateTime value={new Date(publishedAt).toISOString()} />
        </span>
      ) : null}
    </>
  );
}

import { Tag, User } from "lucide-react";
import { BlogIcon } from "./blog-icons";
import { cn } from "~/lib/cn";
import { blogListHref, readTimeLabel } from "~/lib/blog";

/** Date, read time and (optionally) author of a post, with icons (the date's and read time's from the page's BlogIconSprite). */
export function PostMeta({
  date,
  dateLabel,
  readTime,
  author,
  className,
}: {
  date: string;
  dateLabel: string;
  readTime: number;
  author?: string;
  className?: string;
}) {
  return (
    <ul className={cn("flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted", className)}>
      {author ? (
        <li className="inline-flex items-center gap-1.5">
          <User aria-hidden="true" className="size-4" />
          <span>{author}</span>
        </li>
      ) : null}
      <li className="inline-flex items-center gap-1.5">
        <BlogIcon name="calendar" className="size-4" />
        <time dateTime={date}>{dateLabel}</time>
      </li>
      <li className="inline-flex items-center gap-1.5">
        <BlogIcon name="clock" className="size-4" />
        <span>{readTimeLabel(readTime)}</span>
      </li>
    </ul>
  );
}

/** The small category label on cards and posts. */
export function CategoryBadge({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border border-primary/40 bg-primary/15 px-3 py-1 text-xs font-semibold tracking-wide text-primary-soft",
        className,
      )}
    >
      {children}
    </span>
  );
}

/** A post's tags, each a link to the list filtered by it (/blog?tag=…). */
export function TagLinks({ tags, label, className }: { tags: { name: string; slug: string }[]; label: string; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className={cn("flex flex-wrap gap-2", className)}>
      {tags.map((tag) => (
        <li key={tag.slug}>
          <a
            href={blogListHref({ tag: tag.slug })}
            className="inline-flex min-h-7 items-center gap-1 rounded-full border border-border bg-surface px-3 py-1 text-xs text-muted transition-colors hover:border-primary/60 hover:text-foreground"
          >
            <Tag aria-hidden="true" className="size-3" />
            {tag.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

import type { ReactNode } from "react";
import { X } from "lucide-react";
import { ALL_CATEGORIES, blogListHref, type BlogCard } from "~/lib/blog";
import { blogList } from "~/content/blog";
import { buttonClass } from "~/components/ui/button";

/**
 * What the results are ('5 results for "automation"', '7 articles tagged "LLMs"') with a way
 * out of the search and of the tag. The text is a polite live region, so a screen reader hears
 * the count as typing updates the list. `actions` is false when the empty state offers them.
 */
export function ResultsSummary({
  q,
  category,
  tag,
  total,
  actions,
}: {
  q: string;
  category: string;
  tag: { slug: string; name: string } | null;
  /** How many posts match (at least `count` when `atLeast`); null for the plain list. */
  total: { count: number; atLeast: boolean } | null;
  actions: boolean;
}) {
  const shown = total !== null && (q || tag);
  // The live region stays in the page (empty when there is nothing to say), so changes are announced.
  return (
    <div className={shown ? "mb-6 flex flex-wrap items-center gap-x-4 gap-y-3" : undefined}>
      <p role="status" className={shown ? "text-lg text-muted" : "sr-only"}>
        {shown ? blogList.summary({ total, q, tag: tag?.name ?? null }) : null}
      </p>
      {shown && actions && q ? <ClearLink to={blogListHref({ category, tag: tag?.slug })}>{blogList.clearSearch}</ClearLink> : null}
      {shown && actions && tag ? <ClearLink to={blogListHref({ q, category })}>{blogList.clearTag}</ClearLink> : null}
    </div>
  );
}

/**
 * A link that drops one filter. With JavaScript the results change in place
 * (app/components/blog/blog-list.ts) and focus moves to the search box, so it is not lost when the link
 * itself disappears with the filter.
 */
function ClearLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <a href={to} data-blog-link className={buttonClass({ variant: "outline", size: "sm" })}>
      <X aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}

/**
 * The empty state: SPEC's message, a way back ('Clear search', or all articles), the categories
 * and the newest posts, so a search that found nothing is not a dead end.
 */
export function NoResults({
  q,
  category,
  tag,
  categories,
  recent,
}: {
  q: string;
  category: string;
  tag: string | null;
  categories: string[];
  recent: BlogCard[];
}) {
  const filtered = category !== ALL_CATEGORIES || tag;
  return (
    <div className="rounded-2xl border border-dashed border-border px-6 py-12 text-center sm:px-10">
      <p className="text-lg text-muted">{blogList.empty}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {q ? <ClearLink to={blogListHref({ category, tag })}>{blogList.clearSearch}</ClearLink> : null}
        {filtered ? (
          <a href="/blog" data-blog-link className={buttonClass({ variant: q ? "ghost" : "outline", size: "sm" })}>
            {blogList.viewAll}
          </a>
        ) : null}
      </div>
      {categories.length ? (
        <div className="mt-10">
          <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">{blogList.emptyCategories}</h3>
          <ul className="mt-4 flex flex-wrap justify-center gap-2">
            {categories.map((name) => (
              <li key={name}>
                <a
                  href={blogListHref({ category: name })}
                  data-blog-link
                  className="inline-flex h-10 items-center rounded-full border border-border bg-surface px-5 text-sm font-medium hover:border-primary/70 hover:bg-surface-2"
                >
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {recent.length ? (
        <div className="mt-10 text-left">
          <h3 className="text-center text-sm font-semibold tracking-wide text-muted uppercase">{blogList.emptyRecent}</h3>
          <ul className="mt-4 grid gap-3 md:grid-cols-3">
            {recent.map((post) => (
              <li key={post.id}>
                <a
                  href={`/blog/${post.slug}`}
                  className="flex h-full flex-col gap-2 rounded-xl border border-border bg-surface p-4 transition-colors hover:border-primary/60"
                >
                  <span className="text-xs font-semibold text-primary-soft">{post.category}</span>
                  <span className="line-clamp-2 font-semibold leading-snug">{post.title}</span>
                  <time dateTime={post.date} className="mt-auto text-xs text-muted">
                    {post.dateLabel}
                  </time>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

import { useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { Loader2, Search, X } from "lucide-react";
import { cn } from "~/lib/cn";
import { ALL_CATEGORIES, blogListHref, type BlogCard } from "~/lib/blog";
import { blogFilters as copy, blogList } from "~/content/blog";
import { buttonClass } from "~/components/ui/button";

const SEARCH_INPUT_ID = "blog-search";

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search box and category buttons. Both are plain GET forms (they work without JavaScript) and
 * keep the tag filter; with JavaScript, typing re-queries after a pause without a full reload:
 * the first pause of a typing run adds a history entry, later ones replace it, so Back returns
 * to the previous search.
 */
export function BlogFilters({
  q,
  category,
  tag,
  categories,
  loading,
}: {
  q: string;
  category: string;
  /** The tag filter's slug, or null. */
  tag: string | null;
  categories: string[];
  loading: boolean;
}) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typing = useRef(false);
  const [value, setValue] = useState(q);
  /** The search text this box last sent to the URL. */
  const sent = useRef(q);

  // Back/forward brings another ?q: show it, unless it is the text this box just sent (typing goes on).
  useEffect(() => {
    if (q !== sent.current) {
      sent.current = q;
      setValue(q);
    }
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function go(next: { q: string; category: string }, replace: boolean) {
    clearTimeout(timer.current);
    sent.current = next.q.trim();
    const href = blogListHref({ ...next, tag });
    void navigate(href, { replace, preventScrollReset: true });
  }

  function onType(text: string) {
    setValue(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (text.trim() === q) return;
      go({ q: text, category }, typing.current);
      typing.current = true;
    }, SEARCH_DEBOUNCE_MS);
  }

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (value.trim() !== q) go({ q: value, category }, typing.current);
    typing.current = false;
  }

  function onCategory(event: MouseEvent<HTMLButtonElement>, next: string) {
    event.preventDefault();
    typing.current = false;
    go({ q: value, category: next }, false);
  }

  const options = [ALL_CATEGORIES, ...categories.filter((c) => c !== ALL_CATEGORIES)];

  return (
    <div className="flex flex-col gap-5">
      <form role="search" action="/blog" method="get" onSubmit={onSearch} className="relative mx-auto w-full max-w-xl">
        <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
          {copy.searchLabel}
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted" />
        <input
          ref={input}
          id={SEARCH_INPUT_ID}
          type="search"
          name="q"
          value={value}
          onChange={(e) => onType(e.target.value)}
          onBlur={() => (typing.current = false)}
          placeholder={copy.searchPlaceholder}
          autoComplete="off"
          maxLength={200}
          className="h-13 w-full rounded-full border border-border bg-surface py-3 pr-5 pl-12 text-base text-foreground placeholder:text-muted focus:border-primary focus-visible:outline-2 focus-visible:outline-offset-2"
        />
        {category !== ALL_CATEGORIES ? <input type="hidden" name="category" value={category} /> : null}
        {tag ? <input type="hidden" name="tag" value={tag} /> : null}
      </form>

      <form action="/blog" method="get" className="flex flex-wrap items-center justify-center gap-2">
        {value.trim() ? <input type="hidden" name="q" value={value.trim()} /> : null}
        {tag ? <input type="hidden" name="tag" value={tag} /> : null}
        <div role="group" aria-label={copy.categoriesLabel} className="flex flex-wrap justify-center gap-2">
          {options.map((option) => {
            const selected = option === category;
            return (
              <button
                key={option}
                type="submit"
                name="category"
                value={option}
                aria-pressed={selected}
                onClick={(e) => onCategory(e, option)}
                className={cn(
                  "h-10 rounded-full border px-5 text-sm font-medium transition-colors",
                  selected
                    ? "border-primary-strong bg-primary-strong text-primary-foreground"
                    : "border-border bg-surface text-foreground hover:border-primary/70 hover:bg-surface-2",
                )}
              >
                {option}
              </button>
            );
          })}
        </div>
        {loading ? (
          <p role="status" className="inline-flex items-center gap-2 text-sm text-muted">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            {copy.loadingCategories}
          </p>
        ) : null}
      </form>
    </div>
  );
}

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
 * A link that drops one filter. With JavaScript, focus moves to the search box, so it is not
 * lost when the link itself disappears with the filter.
 */
function ClearLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      preventScrollReset
      onClick={() => document.getElementById(SEARCH_INPUT_ID)?.focus({ preventScroll: true })}
      className={buttonClass({ variant: "outline", size: "sm" })}
    >
      <X aria-hidden="true" className="size-4" />
      {children}
    </Link>
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
          <Link to="/blog" className={buttonClass({ variant: q ? "ghost" : "outline", size: "sm" })}>
            {blogList.viewAll}
          </Link>
        ) : null}
      </div>
      {categories.length ? (
        <div className="mt-10">
          <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">{blogList.emptyCategories}</h3>
          <ul className="mt-4 flex flex-wrap justify-center gap-2">
            {categories.map((name) => (
              <li key={name}>
                <Link
                  to={blogListHref({ category: name })}
                  className="inline-flex h-10 items-center rounded-full border border-border bg-surface px-5 text-sm font-medium hover:border-primary/70 hover:bg-surface-2"
                >
                  {name}
                </Link>
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
                <Link
                  to={`/blog/${post.slug}`}
                  prefetch="intent"
                  className="flex h-full flex-col gap-2 rounded-xl border border-border bg-surface p-4 transition-colors hover:border-primary/60"
                >
                  <span className="text-xs font-semibold text-primary-soft">{post.category}</span>
                  <span className="line-clamp-2 font-semibold leading-snug">{post.title}</span>
                  <time dateTime={post.date} className="mt-auto text-xs text-muted">
                    {post.dateLabel}
                  </time>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { useNavigate } from "react-router";
import { Loader2, Search } from "lucide-react";
import { cn } from "~/lib/cn";
import { ALL_CATEGORIES, blogListHref } from "~/lib/blog";
import { blogFilters as copy } from "~/content/blog";

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search box and category buttons. Both are plain GET forms (they work without JavaScript);
 * with JavaScript, typing re-queries after a pause without a full reload: the first pause of a
 * typing run adds a history entry, later ones replace it, so Back returns to the previous search.
 */
export function BlogFilters({ q, category, categories, loading }: { q: string; category: string; categories: string[]; loading: boolean }) {
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
    const href = blogListHref(next);
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
        <label htmlFor="blog-search" className="sr-only">
          {copy.searchLabel}
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted" />
        <input
          ref={input}
          id="blog-search"
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
      </form>

      <form action="/blog" method="get" className="flex flex-wrap items-center justify-center gap-2">
        {value.trim() ? <input type="hidden" name="q" value={value.trim()} /> : null}
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

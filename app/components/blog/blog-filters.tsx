import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { Loader2, Search } from "lucide-react";
import { ALL_CATEGORIES, blogListHref } from "~/lib/blog";
import { blogFilters as copy } from "~/content/blog";
import { onListChange, SEARCH_INPUT_ID, showResults } from "./blog-list";

const SEARCH_DEBOUNCE_MS = 300;

/** The filters an address of /blog shows. */
function filtersOf(url: URL) {
  return {
    q: url.searchParams.get("q")?.trim() ?? "",
    category: url.searchParams.get("category")?.trim() || ALL_CATEGORIES,
    tag: url.searchParams.get("tag")?.trim() || null,
  };
}

/**
 * On a phone the on-screen keyboard takes the lower half of the screen: typing brings the search
 * box up under the header (its scroll margin), so the results below it show above the keyboard.
 */
function liftSearchOnPhone(form: HTMLFormElement) {
  if (!matchMedia("(max-width: 639.98px)").matches) return;
  const header = document.querySelector("[data-scroll-header]")?.getBoundingClientRect().bottom ?? 0;
  if (form.getBoundingClientRect().top <= header + 16) return;
  form.scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "instant" : "smooth" });
}

/**
 * Search box and category buttons, an island of /blog (docs/decisions/0027). Both are plain GET
 * forms (they work without JavaScript) and keep the tag filter; with JavaScript, typing re-queries
 * after a pause and the results are swapped in place (app/components/blog/blog-list.ts): the first pause
 * of a typing run adds a history entry, later ones replace it, so Back returns to the previous
 * search. Text typed before the island was live is kept and searched for.
 * It starts at the first touch (`on="interaction"`, app/routes/blog/list.tsx), or when the list's
 * own links change the results (app/components/blog/blog-list.ts), and then shows the filters of
 * the results shown, not those the page was loaded with (docs/decisions/0074).
 */
export function BlogFilters({
  q,
  category: shownCategory,
  tag: shownTag,
  categories,
}: {
  q: string;
  category: string;
  tag: string | null;
  categories: string[];
}) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typing = useRef(false);
  const searchForm = useRef<HTMLFormElement>(null);
  const [typedEarly] = useState(() => (typeof document === "undefined" ? q : (document.querySelector<HTMLInputElement>(`#${SEARCH_INPUT_ID}`)?.value ?? q)));
  const [value, setValue] = useState(typedEarly);
  const [shown, setShown] = useState({ q, category: shownCategory, tag: shownTag });
  const [loading, setLoading] = useState(false);
  const { category, tag } = shown;
  /** The search text this box last sent to the URL. */
  const sent = useRef(q);

  useEffect(() => {
    const follow = (url: URL) => {
      const next = filtersOf(url);
      setShown(next);
      // Back/forward or a link brings another ?q: show it, unless it is the text this box just sent (typing goes on).
      if (next.q !== sent.current) {
        sent.current = next.q;
        setValue(next.q);
      }
    };
    // Told at once of results put in place (or loading) before this island was live.
    const stopChanges = onListChange(({ url, loading }) => {
      setLoading(loading);
      if (!loading) follow(url);
    });
    return () => {
      stopChanges();
      clearTimeout(timer.current);
    };
  }, []);

  function go(next: { q: string; category: string }, replace: boolean) {
    clearTimeout(timer.current);
    sent.current = next.q.trim();
    void showResults(blogListHref({ ...next, tag }), replace ? "replace" : "push");
  }

  function onType(text: string, form: HTMLFormElement | null) {
    setValue(text);
    if (form) liftSearchOnPhone(form);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (text.trim() === sent.current) return;
      go({ q: text, category }, typing.current);
      typing.current = true;
    }, SEARCH_DEBOUNCE_MS);
  }

  // Text typed before this island was live is searched for at once (island props never change: this runs once).
  useEffect(() => {
    if (typedEarly.trim() === q) return;
    if (searchForm.current) liftSearchOnPhone(searchForm.current);
    sent.current = typedEarly.trim();
    typing.current = true;
    void showResults(blogListHref({ q: typedEarly, category: shownCategory, tag: shownTag }), "push");
  }, [q, shownCategory, shownTag, typedEarly]);

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (value.trim() !== sent.current) go({ q: value, category }, typing.current);
    typing.current = false;
  }

  function onCategory(event: MouseEvent<HTMLButtonElement>, next: string) {
    event.preventDefault();
    typing.current = false;
    go({ q: value, category: next }, false);
  }

  const options = [ALL_CATEGORIES, ...categories.filter((c) => c !== ALL_CATEGORIES)];

  return (
    <div className="flex flex-col gap-3 sm:gap-5">
      <form ref={searchForm} role="search" action="/blog" method="get" onSubmit={onSearch} className="relative mx-auto w-full max-w-xl scroll-mt-20">
        <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
          {copy.searchLabel}
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted" />
        <input
          id={SEARCH_INPUT_ID}
          type="search"
          name="q"
          value={value}
          onChange={(e) => onType(e.target.value, e.target.form)}
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
        {/* One line on phones, scrolled sideways (edge to edge); wrapped and centred from 640 px. */}
        <div
          role="group"
          aria-label={copy.categoriesLabel}
          className="-mx-5 flex w-[calc(100%+2.5rem)] gap-2 overflow-x-auto px-5 py-1 [scrollbar-width:none] sm:mx-0 sm:w-auto sm:flex-wrap sm:justify-center sm:overflow-visible sm:px-0 sm:py-0"
        >
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
                // Plain joins (no class merging): each branch is whole, and the island stays small.
                className={`h-10 shrink-0 rounded-full border px-5 text-sm font-medium transition-colors ${
                  selected
                    ? "border-primary-strong bg-primary-strong text-primary-foreground"
                    : "border-border bg-surface text-foreground hover:border-primary/70 hover:bg-surface-2"
                }`}
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

/**
 * /blog's own links, live from the page's load: 'Load more', the links that drop a filter ('Clear
 * search', 'Clear tag', the empty state's categories) and Back/Forward between results shown in
 * place (docs/decisions/0027, 0074). Started by the public pages' behaviours (app/boot/behaviours.ts)
 * on a page with a results region; the code that follows them (app/components/blog/blog-list.ts) is
 * fetched at the first such click or step, so the filters island can wait for a touch and no page
 * carries the list's code at its load. If that code cannot be fetched, the link is followed (or the
 * address loaded) as a page load.
 */
import { isPlainClick } from "~/lib/browser/plain-click";

const LIST_LINKS = "a[data-load-more], a[data-blog-link]";

const list = () => import("./blog-list");

export function startListLinks(root: ParentNode) {
  if (!root.querySelector("[data-blog-results]")) return;
  document.addEventListener("click", (event) => {
    if (!isPlainClick(event)) return;
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(LIST_LINKS) : null;
    if (!link) return;
    event.preventDefault();
    list().then(
      ({ followListLink }) => followListLink(link),
      () => window.location.assign(link.href),
    );
  });
  window.addEventListener("popstate", () => {
    list().then(
      ({ showResults }) => void showResults(window.location.href, "none"),
      () => window.location.reload(),
    );
  });
}

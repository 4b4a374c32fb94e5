/**
 * The blog list's results without a router (docs/decisions/0027). The server renders every
 * search, category, tag and page of /blog (page-cached); in the browser a new filter fetches that
 * page's HTML and puts its results region (`[data-blog-results]`) in place of the shown one, and
 * 'Load more' fetches one more page (?pages=1) and appends its cards. The address follows, so a
 * reload or a shared link shows the same posts; Back and Forward show their results again.
 * Anything but a results page in the answer (the 'Error Loading Blog' screen of a bad filter, a
 * network failure) is left to a full page load of that address.
 *
 * Plain DOM code, the rest of the list being server HTML that never hydrates: the filters island
 * (app/components/blog/blog-filters.tsx) drives it, and the list's own links and Back/Forward reach
 * it through app/components/blog/list-links.ts, live from the page's load while the filters island
 * waits for a touch (docs/decisions/0074).
 */

import { wholeStylesheet } from "~/islands/stylesheet";
import { wakeIslands } from "~/islands/wake";
import { enterOnSight, stopEntering } from "~/lib/browser/scroll-motion";

export type ListState = { url: URL; loading: boolean };

/** The search box's id (the filters island's input), where focus waits when a link drops a filter. */
export const SEARCH_INPUT_ID = "blog-search";

const listeners = new Set<(state: ListState) => void>();
let current: AbortController | null = null;
/** What listeners were last told (null while the page's own results are shown and nothing loads). */
let last: ListState | null = null;

/**
 * Told when a new result starts loading and when it is shown (the filters follow Back/Forward). A
 * listener that comes late is told at once what it missed: the filters island, started by a list
 * link or by a click on a category that it replays as it becomes live, shows the results in place
 * and whether another is loading.
 */
export function onListChange(listener: (state: ListState) => void) {
  listeners.add(listener);
  if (last) listener(last);
  return () => void listeners.delete(listener);
}

function notify(state: ListState) {
  last = state;
  for (const listener of listeners) listener(state);
}

/**
 * The page at `url`, parsed. Its HTML may use CSS rules this page's cut stylesheet left out (an
 * empty result, another page's cards): the whole stylesheet is loaded alongside, and the page is
 * given once both are in.
 */
async function fetchPage(url: URL, signal?: AbortSignal) {
  const [response] = await Promise.all([fetch(url, { signal, headers: { Accept: "text/html" } }), wholeStylesheet()]);
  if (!response.ok) return null;
  return new DOMParser().parseFromString(await response.text(), "text/html");
}

function imported(from: Element) {
  return Array.from(from.childNodes, (node) => document.importNode(node, true));
}

/**
 * Shows the results of `href` (a /blog address) in place; `history` says whether the address is
 * pushed (a new filter), replaced (typing goes on) or left (Back/Forward already moved it).
 * A newer call cancels an older one still loading.
 */
export async function showResults(href: string, history: "push" | "replace" | "none") {
  const url = new URL(href, window.location.href);
  const region = document.querySelector<HTMLElement>("[data-blog-results]");
  if (!region) return window.location.assign(url.href);
  current?.abort();
  const controller = new AbortController();
  current = controller;
  // The filters follow what is shown: their island starts now if no touch has started it yet.
  wakeIslands("blog-filters");
  setLoading(region, true);
  notify({ url, loading: true });
  let next: Element | null = null;
  let title = "";
  try {
    const page = await fetchPage(url, controller.signal);
    next = page?.querySelector("[data-blog-results]") ?? null;
    title = page?.title ?? "";
  } catch {
    if (controller.signal.aborted) return;
  }
  if (controller !== current) return;
  current = null;
  if (!next) return window.location.assign(url.href);
  stopEntering(region);
  region.replaceChildren(...imported(next));
  enterWhenInSight([region]);
  setLoading(region, false);
  if (title) document.title = title;
  const address = url.pathname + url.search;
  if (history === "push") window.history.pushState(null, "", address);
  else if (history === "replace") window.history.replaceState(null, "", address);
  notify({ url, loading: false });
}

/** The cards of `nodes` (each one a card, or holding cards) are new: they enter as they come into sight, hidden before the browser draws them. */
function enterWhenInSight(nodes: Node[]) {
  for (const node of nodes) {
    if (!(node instanceof HTMLElement)) continue;
    for (const card of node.matches(".blog-card-in") ? [node] : node.querySelectorAll<HTMLElement>(".blog-card-in")) enterOnSight(card, false);
  }
}

/** 'Loading articles...' and a dimmed grid while a result loads. */
function setLoading(region: HTMLElement, loading: boolean) {
  region.setAttribute("aria-busy", String(loading));
  const status = region.querySelector<HTMLElement>("[data-blog-loading]");
  if (status) status.hidden = !loading;
  region.querySelector("[data-blog-grid]")?.classList.toggle("opacity-50", loading);
}

/** 'Load more': the next page's cards are appended and its address replaces this one. */
async function loadMore(link: HTMLAnchorElement) {
  if (link.getAttribute("aria-disabled") === "true") return;
  const next = new URL(link.href);
  next.hash = "";
  const onePage = new URL(next);
  onePage.searchParams.set("pages", "1");
  link.setAttribute("aria-disabled", "true");
  let page: Document | null = null;
  try {
    page = await fetchPage(onePage);
  } catch {
    page = null;
  }
  const cards = page?.querySelector("[data-blog-grid]");
  const grid = document.querySelector("[data-blog-grid]");
  if (!cards || !grid) return window.location.assign(link.href);
  const added = imported(cards);
  grid.append(...added);
  enterWhenInSight(added);
  const paging = page?.querySelector("[data-blog-paging]");
  const shownPaging = link.closest("[data-blog-paging]");
  if (paging) shownPaging?.replaceWith(document.importNode(paging, true));
  else shownPaging?.remove();
  window.history.replaceState(window.history.state, "", next.pathname + next.search);
  // The button is gone after the last page: keyboard focus moves on to the first new post.
  if (!paging)
    added
      .find((node): node is Element => node instanceof Element)
      ?.querySelector<HTMLElement>("a")
      ?.focus();
}

/**
 * Follows one of the list's own links ('Load more', 'Clear search', 'Clear tag', the empty state's
 * categories) in place. A link that drops a filter goes with it: focus waits in the search box.
 */
export function followListLink(link: HTMLAnchorElement) {
  if (link.hasAttribute("data-load-more")) return void loadMore(link);
  document.getElementById(SEARCH_INPUT_ID)?.focus({ preventScroll: true });
  void showResults(link.href, "push");
}

/**
 * The blog list's results without a router (docs/decisions/0027). The server renders every
 * search, category, tag and page of /blog (page-cached); in the browser a new filter fetches that
 * page's HTML and puts its results region (`[data-blog-results]`) in place of the shown one, and
 * 'Load more' fetches one more page (?pages=1) and appends its cards. The address follows, so a
 * reload or a shared link shows the same posts; Back and Forward show their results again.
 * Anything but a results page in the answer (the 'Error Loading Blog' screen of a bad filter, a
 * network failure) is left to a full page load of that address.
 *
 * Plain DOM code: the filters island (app/components/blog/blog-filters.tsx) drives it and
 * starts its link handling; the rest of the list is server HTML and never hydrates.
 */

import { wholeStylesheet } from "~/islands/stylesheet";
import { enterOnSight, stopEntering } from "~/lib/browser/scroll-motion";

export type ListState = { url: URL; loading: boolean };

const listeners = new Set<(state: ListState) => void>();
let current: AbortController | null = null;

/** Told when a new result starts loading and when it is shown (the filters follow Back/Forward). */
export function onListChange(listener: (state: ListState) => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function notify(state: ListState) {
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
 * Clicks on the list's own links ('Load more', 'Clear search', the empty state's categories)
 * and Back/Forward between results. Returns the cleanup.
 */
export function handleListLinks(focusSearch: () => void) {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-load-more], a[data-blog-link]") : null;
    if (!link) return;
    event.preventDefault();
    if (link.hasAttribute("data-load-more")) return void loadMore(link);
    // The link itself goes with the filter it drops: focus waits in the search box.
    focusSearch();
    void showResults(link.href, "push");
  };
  const onPop = () => void showResults(window.location.href, "none");
  document.addEventListener("click", onClick);
  window.addEventListener("popstate", onPop);
  return () => {
    document.removeEventListener("click", onClick);
    window.removeEventListener("popstate", onPop);
  };
}

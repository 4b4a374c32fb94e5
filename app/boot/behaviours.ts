/**
 * What the public pages do without any component code (docs/decisions/0027): the motion of
 * static sections (reveal on scroll, counters, the contact card's glow, the integrations diagram,
 * the hero's dot grid, blog cards entering as they come into sight), /blog's own links
 * (app/components/blog/list-links.ts), the focus a refused /audit form gives its first field to
 * fix, the 404 page's console note, and the loading text shown while a link's full page load is
 * under way.
 * Elements inside an island are left to its components, which run the same code.
 */
import { headerScroll } from "~/content/motion";
import { LOADING_ARTICLE, LOADING_ARTICLES, LOADING_TEAM } from "~/content/loading";
import { animateDiagram, countUp, enterOnSight, revealOnScroll, spinGlow } from "~/lib/browser/scroll-motion";
import { startListLinks } from "~/components/blog/list-links";
import { startDotGridOnPointer } from "~/components/landing/hero-backdrop";
import { isPlainClick } from "~/lib/browser/plain-click";
import { inTurns } from "~/lib/browser/in-turns";

const STARTERS: [selector: string, start: (el: HTMLElement) => unknown][] = [
  ['[data-reveal="static"]', revealOnScroll],
  ["[data-counter]", countUp],
  ["[data-glow]", spinGlow],
  ["[data-diagram]", animateDiagram],
  [".blog-card-in", (card) => enterOnSight(card)],
  ["canvas[data-dot-grid]", (canvas) => startDotGridOnPointer(canvas as HTMLCanvasElement)],
];

export function startBehaviours(root: ParentNode) {
  const header = root.querySelector<HTMLElement>("[data-scroll-header]");
  if (header) followScroll(header);
  const focus = root.querySelector<HTMLElement>("[data-focus-on-load]");
  if (focus) (document.querySelector<HTMLElement>(focus.dataset.focusOnLoad || "#none") ?? focus).focus();
  startListLinks(root);
  if (root.querySelector("[data-not-found]")) console.error("404 Error: User attempted to access non-existent route:", location.pathname);
  showPendingNavigation();
  landOnAnchors();
  // The motion last, element by element in short turns from the next task on (app/lib/browser/in-turns.ts):
  // the landing page sets up ~25 elements (18 reveals outside its islands, 4 counters, the glow, the
  // diagram, the dot grid), which were one task together (decision 0080).
  setTimeout(() => void inTurns(motionSteps(root)));
}

/** Starting the motion of one element (outside the islands, whose components start theirs), in page order per kind. */
function* motionSteps(root: ParentNode) {
  for (const [selector, start] of STARTERS) {
    for (const el of root.querySelectorAll<HTMLElement>(selector)) if (!el.closest("flow-island")) yield () => void start(el);
  }
}

/**
 * Sections drawn only when near (`content-visibility: auto`, `[data-drawn-when-near]`) stand as
 * boxes of an estimated height until then, so a jump to an anchor below them would land where the
 * estimates put it. Before an in-page jump (an address with a fragment, a link to one on this page)
 * every such section up to the target is drawn, and the page is opened on its target.
 */
function landOnAnchors() {
  const drawUpTo = (id: string) => {
    const target = id ? document.getElementById(id) : null;
    if (!target) return null;
    for (const section of document.querySelectorAll<HTMLElement>("[data-drawn-when-near]")) {
      const before = section.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING;
      if (before || section.contains(target)) section.style.contentVisibility = "visible";
    }
    return target;
  };
  if (document.querySelector("[data-drawn-when-near]") && location.hash.length > 1) drawUpTo(idOf(location.hash))?.scrollIntoView();
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[href*='#']") : null;
      if (!(link instanceof HTMLAnchorElement) || link.target) return;
      const url = new URL(link.href);
      if (url.origin === location.origin && url.pathname === location.pathname && url.hash.length > 1) drawUpTo(idOf(url.hash));
    },
    true,
  );
  addEventListener("hashchange", () => void drawUpTo(idOf(location.hash))?.scrollIntoView());
}

/**
 * The element id a fragment (`#…`) names, as the browser finds it: percent-escapes decoded, and a
 * malformed escape (`#%E0%A4%A`, which decodeURIComponent refuses) left as typed.
 */
function idOf(hash: string) {
  const raw = hash.slice(1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** The pages whose loading text shows while a link to them loads (page loads replaced client routing). */
const PENDING: [path: RegExp, text: string][] = [
  [/^\/blog\/?$/, LOADING_ARTICLES],
  [/^\/blog\/[^/.]+\/?$/, LOADING_ARTICLE],
  [/^\/team\/?$/, LOADING_TEAM],
];

/**
 * 'Loading article...', 'Loading team members...' or 'Loading articles...' while the browser
 * loads the page a plain link leads to. On window, so it runs after the page's own handlers
 * (on document) and skips a click they took over (the blog list's in-place links).
 */
function showPendingNavigation() {
  let note: HTMLElement | null = null;
  window.addEventListener("click", (event) => {
    if (!isPlainClick(event)) return;
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return;
    const url = new URL(link.href);
    if (url.origin !== location.origin || url.pathname + url.search === location.pathname + location.search) return;
    const text = PENDING.find(([path]) => path.test(url.pathname))?.[1];
    if (!text) return;
    note ??= document.body.appendChild(document.createElement("p"));
    note.setAttribute("role", "status");
    note.className =
      "fixed top-20 left-1/2 z-50 inline-flex -translate-x-1/2 items-center gap-2 rounded-full border border-border bg-surface-2 px-4 py-2 text-sm shadow-xl";
    note.textContent = text;
  });
  // Back to this page from the browser's cache: the page load it announced is over.
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) note?.remove();
    note = null;
  });
}

/** The header's look once content scrolls under it and past 100 px, until its island (which then owns it) is live. */
function followScroll(header: HTMLElement) {
  const update = () => {
    if (header.closest("flow-island")?.hasAttribute("data-hydrated")) return removeEventListener("scroll", update);
    const { covered, scrolled } = headerScroll(window.scrollY);
    header.dataset.covered = String(covered);
    header.dataset.scrolled = String(scrolled);
  };
  update();
  addEventListener("scroll", update, { passive: true });
}

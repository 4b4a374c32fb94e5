/**
 * What the public pages do without any component code (docs/decisions/0027): the motion of
 * static sections (reveal on scroll, counters, the contact card's glow, the integrations diagram),
 * the focus a refused /audit form gives its first field to fix, and the 404 page's console note.
 * Elements inside an island are left to its components, which run the same code.
 */
import { HEADER_SCROLL_THRESHOLD } from "~/content/motion";
import { animateDiagram, countUp, revealOnScroll, spinGlow } from "~/lib/scroll-motion";

const STARTERS: [selector: string, start: (el: HTMLElement) => unknown][] = [
  ['[data-reveal="static"]', revealOnScroll],
  ["[data-counter]", countUp],
  ["[data-glow]", spinGlow],
  ["[data-diagram]", animateDiagram],
];

export function startBehaviours(root: ParentNode) {
  for (const [selector, start] of STARTERS) {
    for (const el of root.querySelectorAll<HTMLElement>(selector)) if (!el.closest("flow-island")) start(el);
  }
  const header = root.querySelector<HTMLElement>("[data-scroll-header]");
  if (header) followScroll(header);
  const focus = root.querySelector<HTMLElement>("[data-focus-on-load]");
  if (focus) (document.querySelector<HTMLElement>(focus.dataset.focusOnLoad || "#none") ?? focus).focus();
  const missing = root.querySelector<HTMLElement>("[data-not-found]");
  if (missing) console.error("404 Error: User attempted to access non-existent route:", missing.dataset.notFound);
}

/** The header's look past 100 px of scrolling, until its island (which then owns it) is live. */
function followScroll(header: HTMLElement) {
  const update = () => {
    if (header.closest("flow-island")?.hasAttribute("data-hydrated")) return removeEventListener("scroll", update);
    header.dataset.scrolled = String(window.scrollY > HEADER_SCROLL_THRESHOLD);
  };
  update();
  addEventListener("scroll", update, { passive: true });
}

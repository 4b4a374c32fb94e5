/**
 * The public pages' motion as plain DOM code (no React): reveal on scroll, counters, the contact
 * card's glow and the integrations diagram. Their React components (Reveal, Counter, BorderGlow,
 * IntegrationsDiagram) run these in an effect; the public pages, which hydrate only their islands,
 * run them from app/boot/behaviours.ts on the same elements, whose settings are data
 * attributes. Each returns its clean-up. Reduced motion: nothing moves.
 */
import { formatCount } from "~/lib/count-format";
import { BLOG_CARD_STAGGER, BORDER_GLOW, COUNTER, INTEGRATIONS_DIAGRAM as D, REVEAL_DEFAULTS } from "~/content/motion";

/** Whether the visitor asked for reduced motion, now (false on the server). */
export function prefersReducedMotion() {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Hides `el` (a Reveal's element, settings in its data attributes) if below the fold, and shows it as it scrolls in. Returns the clean-up. */
export function revealOnScroll(el: HTMLElement): (() => void) | undefined {
  if (prefersReducedMotion() || !("IntersectionObserver" in window)) return;
  const { revealFrom: from = "up" } = el.dataset;
  const delay = Number(el.dataset.revealDelay ?? REVEAL_DEFAULTS.delay);
  const duration = Number(el.dataset.revealDuration ?? REVEAL_DEFAULTS.duration);
  const threshold = Number(el.dataset.revealThreshold ?? REVEAL_DEFAULTS.threshold);
  const offset = from === "up" ? "translate3d(0,24px,0)" : from === "left" ? "translate3d(-24px,0,0)" : from === "right" ? "translate3d(24px,0,0)" : "none";
  let first = true;
  // The observer's first report says whether the element starts on screen (no forced layout).
  const observer = new IntersectionObserver(
    (entries) => {
      const visible = entries.some((e) => e.isIntersecting);
      if (first) {
        first = false;
        if (visible) return observer.disconnect();
        el.dataset.reveal = "hidden";
        el.style.opacity = "0";
        el.style.transform = offset;
        return;
      }
      if (!visible) return;
      observer.disconnect();
      el.dataset.reveal = "shown";
      el.style.transition = `opacity ${duration}s ease-out ${delay}s, transform ${duration}s ease-out ${delay}s`;
      el.style.opacity = "1";
      el.style.transform = "none";
    },
    { threshold },
  );
  observer.observe(el);
  return () => observer.disconnect();
}

let cardObserver: IntersectionObserver | null = null;
/** A card's entrance state, read by the stylesheet (named whole, so the pages' cut stylesheets keep its rules). */
const ENTER = "data-enter";

/**
 * A blog card (`.blog-card-in`, app/components/blog/blog.css) enters as it comes into sight: the
 * cards a report finds coming in together play the entrance one after another, BLOG_CARD_STAGGER
 * apart, in page order. A card the page opened with on screen was drawn as it is and stays; one
 * below waits hidden (nothing runs for it until then: an entrance played at load, far below the
 * first screen, was unseen and cost the first seconds' frames, docs/decisions/0073). `shown`
 * false: a card just put in the page (a filter's results, 'Load more'), hidden at once and
 * entering when in sight. Returns the clean-up.
 */
export function enterOnSight(card: HTMLElement, shown = true): (() => void) | undefined {
  if (prefersReducedMotion() || !("IntersectionObserver" in window)) return;
  if (!shown) card.setAttribute(ENTER, "waiting");
  cardObserver ??= new IntersectionObserver(cardsInSight, { threshold: REVEAL_DEFAULTS.threshold });
  cardObserver.observe(card);
  return () => cardObserver?.unobserve(card);
}

/** Stops watching the cards inside `root` (about to leave the page: the observer would hold them). */
export function stopEntering(root: ParentNode) {
  if (cardObserver) for (const card of root.querySelectorAll(".blog-card-in")) cardObserver.unobserve(card);
}

function cardsInSight(entries: IntersectionObserverEntry[]) {
  const inPageOrder = [...entries].sort((a, b) => (a.target.compareDocumentPosition(b.target) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  let order = 0;
  for (const entry of inPageOrder) {
    const card = entry.target as HTMLElement;
    if (!entry.isIntersecting) {
      if (!card.hasAttribute(ENTER)) card.setAttribute(ENTER, "waiting");
      continue;
    }
    cardObserver?.unobserve(card);
    if (card.getAttribute(ENTER) !== "waiting") continue;
    card.style.animationDelay = `${(order++ * BLOG_CARD_STAGGER).toFixed(1)}s`;
    card.setAttribute(ENTER, "now");
  }
}

/** Counts `el` (a Counter's number, its figures in data attributes) up from 0 once it scrolls in. Returns the clean-up. */
export function countUp(el: HTMLElement): (() => void) | undefined {
  const value = Number(el.dataset.counter);
  const suffix = el.dataset.counterSuffix ?? "";
  const index = Number(el.dataset.counterIndex ?? 0);
  if (prefersReducedMotion() || !("IntersectionObserver" in window)) return;
  const setShown = (n: number) => {
    el.textContent = `${formatCount(n)}${suffix}`;
  };
  let frame = 0;
  let timer = 0;
  let first = true;
  // First report: already on screen keeps the value; otherwise count up once it scrolls in.
  const observer = new IntersectionObserver((entries) => {
    const visible = entries.some((e) => e.isIntersecting);
    if (first) {
      first = false;
      if (visible) return observer.disconnect();
      return setShown(0);
    }
    if (!visible) return;
    observer.disconnect();
    timer = window.setTimeout(
      () => {
        const start = performance.now();
        const tick = (now: number) => {
          const t = Math.min(1, (now - start) / (COUNTER.duration * 1000));
          const eased = 1 - (1 - t) ** 3;
          setShown(Math.round(value * eased));
          if (t < 1) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      COUNTER.delayPerIndex * index * 1000,
    );
  });
  observer.observe(el);
  return () => {
    observer.disconnect();
    window.clearTimeout(timer);
    cancelAnimationFrame(frame);
  };
}

/**
 * Turns the glow (its speed and direction in data attributes) while it is on screen; the public
 * pages start it without React (app/boot/behaviours.ts). The animation is made when it first
 * comes into sight: nothing is done for a glow nobody scrolls to.
 */
export function spinGlow(glow: HTMLElement): (() => void) | undefined {
  const rotationSeconds = Number(glow.dataset.glow ?? BORDER_GLOW.rotationSeconds);
  const clockwise = glow.dataset.glowDirection !== "anticlockwise";
  if (!glow.animate || prefersReducedMotion() || !("IntersectionObserver" in window)) return;
  let animation: Animation | undefined;
  const spin = () =>
    glow.animate([{ transform: "rotate(0deg)" }, { transform: `rotate(${clockwise ? 360 : -360}deg)` }], {
      duration: rotationSeconds * 1000,
      iterations: Infinity,
    });
  const observer = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) (animation ??= spin()).play();
    else animation?.pause();
  });
  observer.observe(glow.parentElement ?? glow);
  return () => {
    observer.disconnect();
    animation?.cancel();
  };
}

/**
 * Draws the diagram once 30% of it is visible (lines, then icons; the tiles breathe); nothing for
 * reduced motion. Plain DOM code: the React component and the public pages' behaviours
 * (app/boot/behaviours.ts, `[data-diagram]`) both start it. Returns the clean-up.
 */
export function animateDiagram(root: HTMLElement): (() => void) | undefined {
  if (prefersReducedMotion() || !("IntersectionObserver" in window) || !root.animate) return;
  const lines = Array.from(root.querySelectorAll<SVGPathElement>("[data-line]"));
  const tiles = Array.from(root.querySelectorAll<HTMLElement>("[data-tile]"));
  const iconsEls = Array.from(root.querySelectorAll<HTMLElement>("[data-icon]"));
  const animations: Animation[] = [];
  let first = true;
  const observer = new IntersectionObserver(
    (entries) => {
      const inSight = entries.some((e) => e.isIntersecting);
      // First report, not yet in sight (below the first screen): lines and icons wait undrawn. Set
      // then, not at the start, so the page's load does not restyle a diagram nobody sees yet.
      if (first && !inSight) {
        for (const line of lines) line.style.strokeDashoffset = "1";
        for (const icon of iconsEls) icon.style.transform = "scale(0)";
      }
      first = false;
      if (!inSight) return;
      observer.disconnect();
      lines.forEach((line, i) => {
        line.style.strokeDashoffset = "0";
        animations.push(
          line.animate([{ strokeDashoffset: 1 }, { strokeDashoffset: 0 }], {
            duration: D.lineDrawSeconds * 1000,
            delay: i * 120,
            easing: "ease-in-out",
            fill: "backwards",
          }),
        );
      });
      iconsEls.forEach((icon, i) => {
        icon.style.transform = "";
        animations.push(
          icon.animate([{ transform: "scale(0)" }, { transform: "scale(1.15)", offset: 0.7 }, { transform: "scale(1)" }], {
            duration: D.iconScaleSeconds * 1000,
            delay: 300 + i * 100,
            easing: "ease-out",
            fill: "backwards",
          }),
        );
      });
      tiles.forEach((tile, i) => {
        animations.push(
          tile.animate([{ transform: "scale(1)" }, { transform: "scale(1.06)" }, { transform: "scale(1)" }], {
            duration: D.tileBreathSeconds * 1000,
            delay: i * 300,
            iterations: Infinity,
            easing: "ease-in-out",
          }),
        );
      });
    },
    { threshold: D.threshold },
  );
  observer.observe(root);
  return () => {
    observer.disconnect();
    for (const a of animations) a.cancel();
  };
}

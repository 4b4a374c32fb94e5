/** Motion and layout constants of the public site, each stated once. */
export const HEADER_SCROLL_THRESHOLD = 100;

/** The header's two scroll states: content under it (any scroll), and SPEC.md's scrolled bar (past 100 px). */
export type HeaderScroll = { covered: boolean; scrolled: boolean };
export function headerScroll(scrollY: number): HeaderScroll {
  return { covered: scrollY > 0, scrolled: scrollY > HEADER_SCROLL_THRESHOLD };
}
export const SCHEDULING_FRAME_HEIGHT = 600;

export const REVEAL_DEFAULTS = { threshold: 0.1, duration: 0.6, delay: 0 } as const;
export const REVEAL_STAGGER = 0.1;
/** Blog cards enter one after another, this many seconds apart (SPEC.md: card stagger 0.1 s). */
export const BLOG_CARD_STAGGER = 0.1;

export const COUNTER = { duration: 1.5, delayPerIndex: 0.2 } as const;

export const SERVICES_FADE_MS = 300;

export const DOT_GRID = {
  dotSize: 3,
  gap: 20,
  proximity: 100,
  shockRadius: 250,
  shockStrength: 10,
  resistance: 750,
  returnDuration: 1.5,
  throttleMs: 50,
  maxSpeed: 5000,
} as const;

export const INTEGRATIONS_DIAGRAM = {
  width: 1070,
  height: 194,
  centre: 120,
  tile: 69,
  lineDrawSeconds: 3,
  tileBreathSeconds: 4,
  iconScaleSeconds: 1.2,
  threshold: 0.3,
} as const;

export const BORDER_GLOW = { rotationSeconds: 1, clockwise: true } as const;

export const PAIN_POINTS_SCROLL = { pixelsPerSecond: 56, rowHeight: 56, visibleRows: 5 } as const;

export const CAROUSEL = { autoplayMs: 5000, transitionMs: 500, loop: true, slidesVisible: 1 } as const;

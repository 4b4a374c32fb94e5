import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { ChevronLeft, ChevronRight, Pause, Play, Quote } from "lucide-react";
import { testimonialsCopy as copy } from "~/content/landing";
import { CAROUSEL } from "~/content/motion";
import { useReducedMotion } from "~/lib/browser/motion";
import { cn } from "~/lib/cn";
import { LandingSection } from "./section-heading";

export type PublicTestimonial = { id: string; name: string; company: string; role: string | null; quote: string; initials: string };

/**
 * Testimonials: one slide at a time, autoplay every 5 s with a 500 ms slide, endless loop,
 * paused on hover or focus or by its pause button; arrows on large screens, a swipe (touch, pen or
 * mouse drag) anywhere; initials avatars.
 * Renders nothing when there is no testimonial (loading, failed or none active). Its heading is the
 * landing content's (`testimonials`, edited at /admin/site).
 */
export function TestimonialsSection({ testimonials, heading }: { testimonials: PublicTestimonial[] | null; heading: { pill: string; title: string } }) {
  if (!testimonials || testimonials.length === 0) return null;
  return (
    <LandingSection name="testimonials" width="4xl" pill={heading.pill} title={heading.title} revealHeading={false}>
      <Carousel items={testimonials} />
    </LandingSection>
  );
}

function Carousel({ items }: { items: PublicTestimonial[] }) {
  const count = items.length;
  // Slides: the real ones plus a ghost copy of the first at the end, so the loop always moves forward.
  const [index, setIndex] = useState(0);
  const [animate, setAnimate] = useState(true);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reduced = useReducedMotion();
  const [onScreen, setOnScreen] = useState(false);
  const rootRef = useRef<HTMLElement>(null);
  const current = index % count;

  useEffect(() => {
    const el = rootRef.current;
    if (!el) return;
    const observer = new IntersectionObserver((entries) => setOnScreen(entries.some((e) => e.isIntersecting)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const next = useCallback(() => {
    setAnimate(true);
    setIndex((i) => (i >= count ? 1 : i + 1));
  }, [count]);

  const previous = useCallback(() => {
    if (index === 0) {
      // Jump to the copy of the first slide without animation, then slide back one.
      setAnimate(false);
      setIndex(count);
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          setAnimate(true);
          setIndex(count - 1);
        }),
      );
    } else {
      setAnimate(true);
      setIndex(index - 1);
    }
  }, [index, count]);

  // After sliding onto the copy of the first slide, snap back to the real first slide.
  function onTransitionEnd() {
    if (index === count) {
      setAnimate(false);
      setIndex(0);
    }
  }

  const autoplay = count > 1 && onScreen && !paused && !hovered && !focused && !reduced;
  useEffect(() => {
    if (!autoplay) return;
    const timer = window.setInterval(next, CAROUSEL.autoplayMs);
    return () => window.clearInterval(timer);
  }, [autoplay, next]);

  // Swipe: a horizontal drag moves the slides with the pointer; let go past the threshold to change
  // slide. Vertical drags stay page scrolling (touch-action: pan-y).
  const viewportRef = useRef<HTMLDivElement>(null);
  const swipe = useRef<{ pointer: number; x: number; y: number; active: boolean } | null>(null);
  const [dragX, setDragX] = useState(0);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (count < 2 || !event.isPrimary || (event.pointerType === "mouse" && event.button !== 0)) return;
    swipe.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY, active: false };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const s = swipe.current;
    if (!s || s.pointer !== event.pointerId) return;
    const dx = event.clientX - s.x;
    if (!s.active) {
      if (Math.abs(event.clientY - s.y) > SWIPE.slop) swipe.current = null;
      if (Math.abs(dx) <= SWIPE.slop || !swipe.current) return;
      s.active = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      window.getSelection()?.removeAllRanges();
    }
    setDragX(dx);
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const s = swipe.current;
    if (!s || s.pointer !== event.pointerId) return;
    swipe.current = null;
    if (!s.active) return;
    const dx = event.clientX - s.x;
    const threshold = Math.min(SWIPE.maxThreshold, (viewportRef.current?.clientWidth ?? 0) * SWIPE.share);
    setDragX(0);
    if (event.type === "pointerup" && dx <= -threshold) next();
    else if (event.type === "pointerup" && dx >= threshold) previous();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      previous();
    }
  }

  const slides = count > 1 ? [...items, items[0]!] : items;
  const duration = animate && !reduced && dragX === 0 ? CAROUSEL.transitionMs : 0;

  return (
    <section
      ref={rootRef}
      aria-roledescription="carousel"
      aria-label={copy.carouselLabel}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
      className="relative rounded-3xl"
    >
      <div
        ref={viewportRef}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        className={cn(
          "touch-pan-y overflow-hidden rounded-3xl border border-border bg-gradient-to-br from-surface to-surface-2/70",
          count > 1 && "cursor-grab",
          dragX !== 0 && "cursor-grabbing select-none",
        )}
      >
        <div
          aria-live={autoplay ? "off" : "polite"}
          className="flex"
          style={{
            transform: `translate3d(calc(${-index * 100}% + ${dragX}px),0,0)`,
            transition: duration ? `transform ${duration}ms ease-in-out` : "none",
          }}
          onTransitionEnd={onTransitionEnd}
        >
          {slides.map((t, i) => {
            const shown = i === index;
            return (
              <div
                key={`${t.id}-${i}`}
                role="group"
                aria-roledescription="slide"
                aria-label={`${(i % count) + 1} of ${count}`}
                aria-hidden={shown ? undefined : true}
                className="flex w-full shrink-0 flex-col items-center px-6 py-10 text-center sm:px-16 sm:py-14"
              >
                <SlideContent testimonial={t} ghost={i === count} />
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 ? (
        <>
          <button type="button" onClick={previous} aria-label={copy.previous} className={cn(arrowClass, "-left-6")}>
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button type="button" onClick={next} aria-label={copy.next} className={cn(arrowClass, "-right-6")}>
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
          <div className="mt-5 flex items-center justify-center gap-4">
            <button
              type="button"
              onClick={() => setPaused((p) => !p)}
              className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-4 py-2 text-sm text-muted hover:text-foreground"
            >
              {paused ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
              {paused ? copy.play : copy.pause}
            </button>
            <span className="text-sm text-muted tabular-nums" aria-hidden="true">
              {current + 1} / {count}
            </span>
          </div>
        </>
      ) : null}
    </section>
  );
}

/** Text of a ghost (the loop's copy of the first slide) as CSS generated content: seen, not in the document. */
function Text({ as: Tag = "span", text, ghost, className }: { as?: "span" | "blockquote"; text: string; ghost: boolean; className?: string }) {
  return ghost ? <Tag data-text={text} className={cn(className, "before:content-[attr(data-text)]")} /> : <Tag className={className}>{text}</Tag>;
}

/**
 * One testimonial. The ghost copy at the end of the track looks the same while the loop slides
 * onto it, but its words are not page text, so each quote, name and company is on the page once.
 */
function SlideContent({ testimonial: t, ghost }: { testimonial: PublicTestimonial; ghost: boolean }) {
  return (
    <>
      <Quote aria-hidden="true" className="size-8 text-primary" />
      <Text as="blockquote" ghost={ghost} text={`“${t.quote}”`} className="mt-6 text-lg text-pretty text-foreground/90 sm:text-2xl" />
      <div className="mt-8 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-gradient-to-br from-primary to-cyan-500 text-sm font-bold text-white"
        >
          <Text ghost={ghost} text={t.initials} />
        </span>
        <span className="text-left">
          <Text ghost={ghost} text={t.name} className="block font-semibold" />
          <span className="block text-sm text-muted">
            {t.role ? (
              <>
                <Text ghost={ghost} text={`${t.role},`} />{" "}
              </>
            ) : null}
            <Text ghost={ghost} text={t.company} />
          </span>
        </span>
      </div>
    </>
  );
}

/** A swipe starts after 8 px of horizontal travel and changes slide past 15 % of the width (at most 80 px). */
const SWIPE = { slop: 8, share: 0.15, maxThreshold: 80 } as const;

const arrowClass =
  "absolute top-[calc(50%-2rem)] hidden size-12 -translate-y-1/2 items-center justify-center rounded-full border border-border bg-surface text-foreground shadow-lg hover:border-primary lg:flex";

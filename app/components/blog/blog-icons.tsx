import { ArrowRight, Calendar, Clock, type LucideIcon } from "lucide-react";
import { cn } from "~/lib/cn";

/**
 * The icons every post card repeats (its date, read time and 'Read More'), drawn once a page as
 * symbols (`BlogIconSprite`, rendered by the pages that show cards or a post's meta: /blog and a
 * post) and shown by reference (`BlogIcon`: an `<svg>` holding one `<use>`). A list of 60 cards
 * (/blog?page=5) drew 180 whole lucide icons: a third of the page's elements, ~50 KB of its
 * markup, and their render was a tenth of the page's server time.
 */
const ICONS = { calendar: Calendar, clock: Clock, "arrow-right": ArrowRight } satisfies Record<string, LucideIcon>;

export type BlogIconName = keyof typeof ICONS;

const symbolId = (name: BlogIconName) => `blog-icon-${name}`;

/** The symbols `BlogIcon` refers to: once in a page, before any card. Takes no room and is hidden from assistive technology. */
export function BlogIconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      {(Object.keys(ICONS) as BlogIconName[]).map((name) => {
        const Icon = ICONS[name];
        return (
          <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
            <Icon />
          </symbol>
        );
      })}
    </svg>
  );
}

/** One of the sprite's icons, decorative (aria-hidden), sized by its class like a lucide icon. */
export function BlogIcon({ name, className }: { name: BlogIconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={cn("lucide", `lucide-${name}`, className)}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}

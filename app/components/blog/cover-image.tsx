import { cn } from "~/lib/cn";
import { categorySwatch, pickFor, swatchStyle } from "~/lib/brand-palette";
import { imageSrcSet, imageVariantUrl } from "~/lib/images";

/**
 * A post cover at 16:9: the stored WebP variants as `srcset` when the image is one of ours, and a
 * generated cover when the post has none. `priority` is for the LCP image (eager, high priority).
 */
export function CoverImage({
  src,
  title,
  category,
  sizes,
  priority = false,
  alt = "",
  className,
}: {
  src: string | null;
  /** The post's title and category, drawn on the generated cover of a post without an image. */
  title: string;
  category: string;
  sizes: string;
  priority?: boolean;
  alt?: string;
  className?: string;
}) {
  if (!src) return <GeneratedCover title={title} category={category} className={className} />;
  const srcSet = imageSrcSet(src);
  return (
    <img
      src={imageVariantUrl(src, 960) ?? src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={1600}
      height={900}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding={priority ? "sync" : "async"}
      className={cn("aspect-video w-full bg-surface-2 object-cover", className)}
    />
  );
}

/** Faint line patterns, one picked per post (blog.css: dots, a grid, diagonal hatching or rings from a corner). */
const PATTERNS = ["generated-cover-dots", "generated-cover-grid", "generated-cover-hatch", "generated-cover-rings"] as const;

/**
 * The cover of a post without an image: its category's colour, a pattern and its title, drawn
 * with CSS in the page itself (no request, the same 16:9 box as a picture, so nothing moves).
 * Decorative: the title is the card's heading or the page's h1 already, so it is hidden from
 * assistive technology. The colours go in as three custom properties, one style attribute
 * (`swatchStyle`); the gradients drawn with them are blog.css's (`.cover-swatch`).
 */
function GeneratedCover({ title, category, className }: { title: string; category: string; className?: string }) {
  return (
    <div
      aria-hidden="true"
      data-cover="generated"
      className={cn("@container generated-cover cover-swatch", className)}
      style={swatchStyle(categorySwatch(category))}
    >
      <div className={`generated-cover-pattern ${PATTERNS[pickFor(title, PATTERNS.length)]}`} />
      <div className="generated-cover-text">
        <p className="generated-cover-kicker">{category}</p>
        <p className="generated-cover-title">{title}</p>
      </div>
      <div className="generated-cover-bar" />
    </div>
  );
}

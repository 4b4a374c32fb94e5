import { cn } from "~/lib/cn";
import { categorySwatch, pickFor } from "~/lib/brand-palette";
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

/**
 * Faint line patterns, one picked per post: dots, a grid, diagonal hatching or rings from a corner.
 * Classes rather than inline styles: the HTML checker's CSS grammar does not know container units.
 */
const PATTERNS = [
  "bg-[radial-gradient(circle,rgb(255_255_255/0.16)_0_0.2cqw,transparent_0.26cqw)] bg-size-[3.2cqw_3.2cqw]",
  "bg-[linear-gradient(rgb(255_255_255/0.16)_1px,transparent_1px),linear-gradient(90deg,rgb(255_255_255/0.16)_1px,transparent_1px)] bg-size-[5cqw_5cqw]",
  "bg-[repeating-linear-gradient(135deg,rgb(255_255_255/0.16)_0_1px,transparent_1px_2.6cqw)]",
  "bg-[repeating-radial-gradient(circle_at_100%_0%,rgb(255_255_255/0.16)_0_1px,transparent_1px_3.4cqw)]",
] as const;

/**
 * The cover of a post without an image: its category's colour, a pattern and its title, drawn
 * with CSS in the page itself (no request, the same 16:9 box as a picture, so nothing moves).
 * Decorative: the title is the card's heading or the page's h1 already, so it is hidden from
 * assistive technology.
 */
function GeneratedCover({ title, category, className }: { title: string; category: string; className?: string }) {
  const swatch = categorySwatch(category);
  return (
    <div
      aria-hidden="true"
      data-cover="generated"
      className={cn("@container relative isolate flex aspect-video w-full flex-col justify-end overflow-hidden bg-surface-2 select-none", className)}
      style={{
        backgroundImage: `radial-gradient(circle at 90% 0%, ${swatch.solid} 0%, transparent 60%), linear-gradient(160deg, ${swatch.deep} 20%, ${swatch.solid}99 100%)`,
      }}
    >
      <div
        className={cn(
          "absolute inset-0 -z-10 [mask-image:linear-gradient(to_bottom_left,black_15%,transparent_80%)]",
          PATTERNS[pickFor(title, PATTERNS.length)],
        )}
      />
      <div className="bg-gradient-to-t from-background/70 to-transparent px-[6cqw] pt-[10cqw] pb-[5.5cqw]">
        <p className="text-[length:clamp(0.7rem,2.3cqw,1rem)] font-semibold tracking-wider uppercase" style={{ color: swatch.soft }}>
          {category}
        </p>
        <p className="mt-[1.6cqw] line-clamp-3 text-[length:clamp(1.05rem,5.4cqw,3rem)] leading-[1.1] font-bold tracking-tight text-balance text-white">
          {title}
        </p>
      </div>
      <div className="absolute inset-x-0 bottom-0 h-[0.8cqw] min-h-1" style={{ backgroundImage: `linear-gradient(90deg, ${swatch.solid}, #22d3ee)` }} />
    </div>
  );
}

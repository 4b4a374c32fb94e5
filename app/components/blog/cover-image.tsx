import { cn } from "~/lib/cn";
import { imageSrcSet, imageVariantUrl, PLACEHOLDER_IMAGE } from "~/lib/images";

/**
 * A post cover at 16:9: the stored WebP variants as `srcset` when the image is one of ours, the
 * placeholder when the post has none. `priority` is for the LCP image (eager, high priority).
 */
export function CoverImage({
  src,
  sizes,
  priority = false,
  alt = "",
  className,
}: {
  src: string | null;
  sizes: string;
  priority?: boolean;
  alt?: string;
  className?: string;
}) {
  const srcSet = imageSrcSet(src);
  const fallback = src ? (imageVariantUrl(src, 960) ?? src) : PLACEHOLDER_IMAGE;
  return (
    <img
      src={fallback}
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

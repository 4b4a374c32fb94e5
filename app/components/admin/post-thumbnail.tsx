import { cn } from "~/lib/cn";
import { categorySwatch, swatchStyle } from "~/lib/brand-palette";
import { imageVariantUrl } from "~/lib/images";

/**
 * A post's cover at list size (16:9, 4 rem wide): the smallest stored variant of its image, or the
 * colours of the generated cover of its category (the public cards' look, without the text, which
 * would not be readable this small). Decorative: the row names the post.
 */
export function PostThumbnail({ src, category, className }: { src: string | null; category: string; className?: string }) {
  const box = cn("aspect-video w-16 shrink-0 rounded-md border border-border bg-surface-2 object-cover", className);
  if (src) return <img src={imageVariantUrl(src, 480) ?? src} width={64} height={36} alt="" loading="lazy" decoding="async" className={box} />;
  return <div aria-hidden="true" data-cover="generated" className={cn(box, "cover-swatch")} style={swatchStyle(categorySwatch(category))} />;
}

/** The largest image the upload endpoint stores; the admin's upload fields refuse bigger files before sending them. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** SPEC.md: upload size limits are not shown, so the refusal names no figure. */
export const IMAGE_TOO_LARGE = "This image is too large. Choose a smaller one.";

/** Widths of the WebP variants stored next to every uploaded image (see images.server.ts). */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;

const STORED_NAME = /\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(?:jpe?g|png|webp|avif|gif)$/;

/** The URL of one WebP variant of a stored image, or null when the URL is not one of ours. */
export function imageVariantUrl(url: string, width: number) {
  const match = STORED_NAME.exec(url);
  if (!match) return null;
  return `${url.slice(0, url.length - match[0].length)}/${match[1]}-${width}.webp`;
}

/** A `srcset` of the stored WebP variants, or undefined for images we did not process. */
export function imageSrcSet(url: string | null | undefined) {
  if (!url || !STORED_NAME.test(url)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((w) => `${imageVariantUrl(url, w)} ${w}w`).join(", ");
}

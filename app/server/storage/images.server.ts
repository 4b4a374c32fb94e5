import path from "node:path";
import sharp from "sharp";
import { IMAGE_TOO_LARGE, IMAGE_VARIANT_WIDTHS, MAX_UPLOAD_BYTES } from "~/lib/images";
import { randomKey, type Storage, type UploadFolder } from "./storage.server";

const ACCEPTED_FORMATS = {
  jpeg: { ext: ".jpg", type: "image/jpeg" },
  png: { ext: ".png", type: "image/png" },
  webp: { ext: ".webp", type: "image/webp" },
  heif: { ext: ".avif", type: "image/avif" },
  gif: { ext: ".gif", type: "image/gif" },
} as const;
type AcceptedFormat = keyof typeof ACCEPTED_FORMATS;

export class ImageRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageRejectedError";
  }
}

/**
 * Checks the bytes (not the name or the declared type): only JPEG, PNG, WebP, AVIF and GIF
 * pass; SVG and everything else is refused. Returns the detected format.
 */
export async function detectImageFormat(bytes: Buffer): Promise<AcceptedFormat> {
  if (bytes.length === 0) throw new ImageRejectedError("The file is empty.");
  if (bytes.length > MAX_UPLOAD_BYTES) throw new ImageRejectedError(IMAGE_TOO_LARGE);
  let format: string | undefined;
  let compression: string | undefined;
  try {
    const meta = await sharp(bytes, { animated: true, limitInputPixels: 100_000_000 }).metadata();
    format = meta.format;
    compression = meta.compression;
  } catch {
    throw new ImageRejectedError("The file is not an image we accept (JPEG, PNG, WebP, AVIF or GIF).");
  }
  if (format === "heif" && compression !== "av1") throw new ImageRejectedError("HEIC images are not supported: use JPEG, PNG, WebP, AVIF or GIF.");
  if (!format || !(format in ACCEPTED_FORMATS)) {
    throw new ImageRejectedError("The file is not an image we accept (JPEG, PNG, WebP, AVIF or GIF).");
  }
  return format as AcceptedFormat;
}

/**
 * Stores an image: the original re-encoded without metadata (camera, GPS) and WebP variants at
 * each width of IMAGE_VARIANT_WIDTHS next to it. Returns the public URL of the original.
 */
export async function storeImage(store: Storage, folder: UploadFolder, bytes: Buffer) {
  const format = await detectImageFormat(bytes);
  const { ext, type } = ACCEPTED_FORMATS[format];
  const key = randomKey(folder, `image${ext}`);
  const base = key.slice(0, -path.extname(key).length);
  const animated = format === "gif" || format === "webp";
  // Re-encoding drops EXIF/XMP/ICC-embedded personal data; rotate() applies the EXIF orientation first.
  const original = await sharp(bytes, { animated })
    .rotate()
    .toFormat(format === "heif" ? "avif" : format)
    .toBuffer();
  const variants = await Promise.all(
    IMAGE_VARIANT_WIDTHS.map(async (width) => ({
      width,
      bytes: await sharp(bytes).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
    })),
  );
  const url = await store.put(key, original, type);
  await Promise.all(variants.map((v) => store.put(`${base}-${v.width}.webp`, v.bytes, "image/webp")));
  return url;
}

import { z } from "zod";
import { isHttpUrl, isUploadedImageUrl } from "./admin-validation";

/**
 * Images in the landing content (docs/decisions/0057): a process step's illustration and a pain
 * point's photo, each stored as the address the one upload pipeline returned
 * (/api/admin/upload, `storeImage`: the original without metadata and its WebP variants).
 * Isomorphic: the content's schema checks the address's shape (an upload's name in the
 * `blog-images` store), the server's form parsing checks, besides, that an absolute address is
 * under this site's store (`uploadedImageBases()`), as every other image field does.
 */

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** Where the pipeline puts an original: blog-images/[team/|testimonials/]<uuid>.<its format's extension>. */
const STORED_FILE = `/blog-images/(?:(?:team|testimonials)/)?${UUID}\\.(?:jpe?g|png|webp|avif|gif)`;
const LOCAL_UPLOAD = new RegExp(`^/uploads${STORED_FILE}$`);
const STORED_PATH = new RegExp(`${STORED_FILE}$`);

/** An address the upload pipeline gives: this site's /uploads/blog-images/… path, or a store's https address of the same name. */
export function isLandingImageShape(value: string): boolean {
  if (LOCAL_UPLOAD.test(value)) return true;
  if (!isHttpUrl(value)) return false;
  const url = new URL(value);
  return url.href === value && !url.username && !url.password && !url.search && !url.hash && STORED_PATH.test(url.pathname);
}

const notUploaded = (label: string) => `${label} must be an uploaded image.`;
const elsewhere = (label: string) =>
  `${label} must be uploaded here: images from other websites are blocked by this site's security policy. Choose the file to upload it instead.`;

/** An optional uploaded image (absent: the shipped picture or the generated avatar); `label` names it in the messages. */
export const landingImage = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} address is too long.`)
    .refine((v) => LOCAL_UPLOAD.test(v) || isHttpUrl(v), { message: notUploaded(label), abort: true })
    .refine(isLandingImageShape, elsewhere(label))
    .optional();

/** The images a landing document holds, each with its place in the document and its label. */
type ImageSlot = { path: (string | number)[]; url: string; label: string };

function imagesOf(content: { process: { steps: { image?: string }[] }; problems: { messages: { avatar?: string }[] } }): ImageSlot[] {
  const slots: ImageSlot[] = [];
  content.process.steps.forEach((step, i) => {
    if (step.image) slots.push({ path: ["process", "steps", i, "image"], url: step.image, label: "Illustration" });
  });
  content.problems.messages.forEach((message, i) => {
    if (message.avatar) slots.push({ path: ["problems", "messages", i, "avatar"], url: message.avatar, label: "Photo" });
  });
  return slots;
}

/**
 * The images of a (valid) document that are not this site's uploads: an absolute address outside
 * `imageBases` (the S3 store's public base on the server), each as an issue on its place.
 */
export function foreignLandingImages(content: Parameters<typeof imagesOf>[0], imageBases: readonly string[]): { path: (string | number)[]; message: string }[] {
  return imagesOf(content)
    .filter((slot) => !isUploadedImageUrl(slot.url, imageBases))
    .map((slot) => ({ path: slot.path, message: elsewhere(slot.label) }));
}

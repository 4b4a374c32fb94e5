import { IMAGE_TOO_LARGE, MAX_UPLOAD_BYTES } from "~/lib/images";

/**
 * Posts an image to /api/admin/upload into `folder`: the stored URL, or an error with the
 * server's message. A file over 10 MB is refused here, before it is sent.
 */
export async function uploadImage(file: File, folder: "" | "team" | "testimonials" = "") {
  if (file.size > MAX_UPLOAD_BYTES) throw new Error(IMAGE_TOO_LARGE);
  const body = new FormData();
  body.set("file", file);
  body.set("folder", folder);
  const response = await fetch("/api/admin/upload", { method: "POST", body, credentials: "same-origin" });
  const result = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
  if (!response.ok || !result.url) throw new Error(result.error ?? `Upload failed (${response.status}).`);
  return result.url;
}

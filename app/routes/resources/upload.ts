import type { Route } from "./+types/upload";
import { requireAdminApi, requireSameOrigin } from "~/server/accounts/authz.server";
import { ImageRejectedError, storeImage } from "~/server/storage/images.server";
import { IMAGE_TOO_LARGE, MAX_UPLOAD_BYTES } from "~/lib/images";
import { storage, type UploadFolder } from "~/server/storage/storage.server";
import { log } from "~/server/core/log.server";
import { recordAudit, withAuditContext } from "~/server/admin/audit.server";
import { db } from "~/server/db/client.server";
import { BODY_LIMITS } from "~/server/http/request-limits.server";

const FOLDERS: readonly string[] = ["", "team", "testimonials"] satisfies UploadFolder[];
const isUploadFolder = (value: string): value is UploadFolder => FOLDERS.includes(value);
/** Room for the multipart envelope around a 10 MB image (set with every other body limit). */
const MAX_BODY_BYTES = BODY_LIMITS.upload;

/** Refusals sent before the body is read leave the rest of it to the server, which reads and drops it (server/main.js). */
const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

export function loader() {
  return json({ error: "Use POST to upload an image." }, 405);
}

/** POST multipart {file, folder}: admins only, same origin, images checked by their bytes. */
export async function action({ request }: Route.ActionArgs) {
  try {
    if (request.method !== "POST") return json({ error: "Use POST to upload an image." }, 405);
    requireSameOrigin(request, "json");
    const user = await requireAdminApi(request);
    const length = Number(request.headers.get("content-length") ?? "0");
    if (length > MAX_BODY_BYTES) return json({ error: IMAGE_TOO_LARGE }, 413);
    if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
      return json({ error: "Send the image as multipart/form-data." }, 415);
    }
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return json({ error: "The upload could not be read." }, 400);
    }
    const folder = form.get("folder");
    if (typeof folder !== "string" || !isUploadFolder(folder)) return json({ error: "Unknown upload folder." }, 400);
    const file = form.get("file");
    if (!file || typeof file === "string") return json({ error: "Choose an image to upload." }, 400);
    if (file.size > MAX_UPLOAD_BYTES) return json({ error: IMAGE_TOO_LARGE }, 413);
    const bytes = Buffer.from(await file.arrayBuffer());
    const url = await storeImage(storage(), folder, bytes);
    const name = file.name ? file.name.slice(0, 120) : "image";
    await withAuditContext(request, async () =>
      recordAudit(await db(), {
        actor: user,
        action: "upload.create",
        target: { type: "upload", label: url.slice(url.lastIndexOf("/") + 1) },
        summary: `Uploaded ${name} (${Math.ceil(bytes.length / 1024)} KB) to ${folder || "posts"}`,
        after: { url },
      }),
    );
    return json({ url }, 201);
  } catch (error) {
    if (error instanceof Response) return error;
    if (error instanceof ImageRejectedError) return json({ error: error.message }, /larger/.test(error.message) ? 413 : 415);
    log.error("upload failed", { error: (error as Error).message });
    return json({ error: "The image could not be stored. Please try again." }, 500);
  }
}

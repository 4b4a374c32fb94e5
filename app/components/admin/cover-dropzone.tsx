import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { ImagePlus } from "lucide-react";
import { cn } from "~/lib/cn";
import { LIMITS } from "~/lib/admin-validation";
import { IMAGE_TOO_LARGE, MAX_UPLOAD_BYTES } from "~/lib/images";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { FieldError, TextField } from "~/components/ui/field";

/** SPEC's texts of the blog's cover upload. */
const ERROR_TITLE = "Upload error";
const UPLOADED = "Cover image uploaded successfully.";
const FORMATS = "JPEG, PNG, WebP, AVIF or GIF, up to 10 MB.";
const NOT_AN_IMAGE = "Only images can be uploaded: choose a JPEG, PNG, WebP, AVIF or GIF file.";

type Props = {
  /** The stored cover's address (or the typed one after a refused save). */
  defaultUrl: string;
  defaultAlt: string;
  /** The save's messages for the cover and its alt text. */
  error?: string;
  altError?: string;
};

/** An upload under way: the chosen file's local address (shown meanwhile) and the share sent so far, when known. */
type Progress = { preview: string; percent: number | null };

/**
 * POSTs the image to /api/admin/upload with XMLHttpRequest, whose upload events report progress
 * (fetch has none). Resolves with the stored address; rejects with the server's message.
 */
function uploadImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.set("file", file);
    body.set("folder", "");
    const request = new XMLHttpRequest();
    request.open("POST", "/api/admin/upload");
    request.responseType = "text";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener("load", () => {
      let result: { url?: string; error?: string } = {};
      try {
        result = JSON.parse(request.responseText) as typeof result;
      } catch {
        // not JSON (a proxy's error page): the status says enough
      }
      if (request.status >= 200 && request.status < 300 && result.url) resolve(result.url);
      else reject(new Error(result.error ?? `Upload failed (${request.status}).`));
    });
    request.addEventListener("error", () => reject(new Error("The upload failed: check the connection and try again.")));
    request.send(body);
  });
}

/**
 * The post's cover: a drop zone that also opens the file chooser (click, Enter or Space), the
 * upload's progress with SPEC's 'Uploading...', the preview with 'Replace' and 'Remove', errors
 * under it (and SPEC's 'Upload error' toast), and the 'Cover image alt text' field. The stored
 * address travels in the hidden `imageUrl` field, the alt text in `coverAlt`; the server checks
 * both on save as before (an uploaded image only, the bytes checked at upload).
 */
export function CoverDropzone({ defaultUrl, defaultAlt, error, altError }: Props) {
  const id = useId();
  const inputId = `${id}-file`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const fileRef = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(defaultUrl);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const busy = progress !== null;
  const shownError = uploadError ?? error;

  // The local preview of the file being sent is released when the upload ends.
  const preview = progress?.preview;
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  function fail(message: string) {
    setUploadError(message);
    toast({ title: ERROR_TITLE, description: message, variant: "destructive" });
  }

  async function upload(file: File) {
    if (busy) return;
    setUploadError(null);
    if (!file.type.startsWith("image/")) return fail(NOT_AN_IMAGE);
    // Refused here rather than after sending 10 MB that the server would refuse.
    if (file.size > MAX_UPLOAD_BYTES) return fail(IMAGE_TOO_LARGE);
    setProgress({ preview: URL.createObjectURL(file), percent: null });
    try {
      const stored = await uploadImage(file, (percent) => setProgress((p) => (p ? { ...p, percent } : p)));
      setUrl(stored);
      toast({ title: "Image uploaded", description: UPLOADED });
    } catch (cause) {
      fail(cause instanceof Error ? cause.message : "Upload failed.");
    } finally {
      setProgress(null);
    }
  }

  const choose = () => fileRef.current?.click();

  function remove() {
    setUrl("");
    setUploadError(null);
  }

  const dropHandlers = {
    onDragEnter: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes("Files")) return;
      event.preventDefault();
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes("Files")) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = busy ? "none" : "copy";
    },
    onDragLeave: (event: DragEvent) => {
      if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
      setDragging(false);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      const file = event.dataTransfer.files[0];
      if (file) void upload(file);
    },
  };

  const describedBy = [shownError ? errorId : null, statusId].filter(Boolean).join(" ");
  const shown = preview ?? url;
  const zone = cn(
    "relative flex aspect-video w-full max-w-md items-center justify-center overflow-hidden rounded-xl border-2 border-dashed bg-surface-2 transition-colors",
    dragging ? "border-primary bg-primary/10" : "border-border",
    shownError && !dragging ? "border-red-400" : null,
  );

  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium">
          Cover Image
        </label>
        {/* The form's autosave watches this field's value: a new or removed cover is a change like typing. */}
        <input type="hidden" name="imageUrl" value={url} />
        {/* The chooser itself: reached by the drop zone and 'Replace' (and by its label), not a tab stop of its own. */}
        <input
          ref={fileRef}
          id={inputId}
          type="file"
          accept="image/*"
          tabIndex={-1}
          className="sr-only"
          disabled={busy}
          aria-describedby={describedBy}
          aria-invalid={shownError ? true : undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            if (file) void upload(file);
          }}
        />
        {shown ? (
          <div className={zone} {...dropHandlers} data-dropzone="cover">
            <img src={shown} alt="Cover preview" className={cn("size-full object-cover", busy ? "opacity-50" : null)} />
            {dragging ? <p className="absolute inset-x-0 bottom-0 bg-background/85 p-2 text-center text-sm font-medium">Drop to replace the cover</p> : null}
          </div>
        ) : (
          <button
            type="button"
            onClick={choose}
            disabled={busy}
            aria-describedby={describedBy}
            data-dropzone="cover"
            className={cn(zone, "cursor-pointer flex-col gap-2 p-4 text-center hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2")}
            {...dropHandlers}
          >
            <ImagePlus aria-hidden="true" className="size-7 text-muted" />
            <span className="text-sm font-semibold">Drop an image here or choose a file</span>
          </button>
        )}
        {busy ? (
          <div className="flex max-w-md items-center gap-3">
            <progress
              max={100}
              value={progress.percent ?? undefined}
              aria-label="Upload progress"
              className="h-2 flex-1 overflow-hidden rounded-full accent-primary [&::-webkit-progress-bar]:bg-border [&::-webkit-progress-value]:bg-primary"
            />
            <span className="w-10 text-right text-xs text-muted tabular-nums" aria-hidden="true">
              {progress.percent === null ? "" : `${progress.percent}%`}
            </span>
          </div>
        ) : null}
        <p id={statusId} className="text-xs text-muted" aria-live="polite">
          {busy ? "Uploading..." : FORMATS}
        </p>
        {url && !busy ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={choose}>
              Replace
            </Button>
            <Button variant="ghost" size="sm" onClick={remove}>
              Remove
            </Button>
          </div>
        ) : null}
        <div aria-live="assertive">
          <FieldError id={errorId}>{shownError}</FieldError>
        </div>
      </div>
      <TextField
        name="coverAlt"
        label="Cover image alt text"
        maxLength={LIMITS.coverAlt}
        defaultValue={defaultAlt}
        error={altError}
        hint="What the picture shows, for people who cannot see it and for share cards. Leave empty when it is only decoration."
      />
    </div>
  );
}

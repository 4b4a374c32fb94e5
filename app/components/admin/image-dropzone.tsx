import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { ImagePlus } from "lucide-react";
import { cn } from "~/lib/cn";
import { IMAGE_TOO_LARGE, MAX_UPLOAD_BYTES } from "~/lib/images";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";

// SPEC.md: no size limit is shown (the limit still applies; its refusal names no figure).
const FORMATS = "JPEG, PNG, WebP, AVIF or GIF.";
const NOT_AN_IMAGE = "Only images can be uploaded: choose a JPEG, PNG, WebP, AVIF or GIF file.";

/** Where an upload is stored: the blog's covers at the root, team photos and avatars in their folders (SPEC). */
export type UploadFolder = "" | "team" | "testimonials";

export type ImageDropzoneProps = {
  /** The hidden field that carries the stored address with the form. */
  name: string;
  label: string;
  folder: UploadFolder;
  /** The stored image's address (or the typed one after a refused save). */
  defaultUrl: string;
  /** SPEC's texts: the failure toast's title and the 'Image uploaded' toast's description. */
  errorTitle: string;
  uploaded: string;
  previewAlt: string;
  /** `wide`: a 16:9 zone (a cover); `round`: a small round one (a face). */
  shape: "wide" | "round";
  /** What a dragged file over the preview does, e.g. 'Drop to replace the cover'. */
  dropToReplace: string;
  /** Names the zone for tests and styles (`data-dropzone`). */
  kind: string;
  /** The save's message for this field. */
  error?: string;
  /**
   * What the image is, when a form has several ('step 2 illustration'): said after the zone's and
   * the buttons' words to a screen reader ('Remove step 2 illustration').
   */
  subject?: string;
  /** Called with the new address once an upload is stored, or "" after 'Remove'. */
  onChange?: (url: string) => void;
  /** The file chooser's id, when the form's messages point at one (`field-stepImage.1`). */
  id?: string;
};

/** An upload under way: the chosen file's local address (shown meanwhile) and the share sent so far, when known. */
type Progress = { preview: string; percent: number | null };

/**
 * POSTs the image to /api/admin/upload with XMLHttpRequest, whose upload events report progress
 * (fetch has none). Resolves with the stored address; rejects with the server's message.
 */
function uploadWithProgress(file: File, folder: UploadFolder, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.set("file", file);
    body.set("folder", folder);
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
 * An image field of an admin form (a post's cover, a team photo, a testimonial's avatar): a drop
 * zone that also opens the file chooser (click, Enter or Space), the upload's progress with SPEC's
 * 'Uploading...', the preview with 'Replace' and 'Remove', errors under it (and the screen's
 * upload-error toast). The stored address travels in the hidden field `name`; the server checks
 * it on save (an uploaded image only, the bytes checked at upload).
 */
export function ImageDropzone({
  name,
  label,
  folder,
  defaultUrl,
  errorTitle,
  uploaded,
  previewAlt,
  shape,
  dropToReplace,
  kind,
  error,
  subject,
  onChange,
  id: controlId,
}: ImageDropzoneProps) {
  const id = useId();
  const inputId = controlId ?? `${id}-file`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const fileRef = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(defaultUrl);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const busy = progress !== null;
  const shownError = uploadError ?? error;
  // The control that replaced the focused one (the zone after 'Remove', 'Replace' after an upload) takes the focus.
  const rootRef = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<"zone" | "replace" | null>(null);
  useEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (target) rootRef.current?.querySelector<HTMLElement>(`[data-focus-after="${target}"]`)?.focus();
  }, [url]);
  const hadFocus = () => document.activeElement === document.body || Boolean(rootRef.current?.contains(document.activeElement));

  // The local preview of the file being sent is released when the upload ends.
  const preview = progress?.preview;
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  function fail(message: string) {
    setUploadError(message);
    toast({ title: errorTitle, description: message, variant: "destructive" });
  }

  async function upload(file: File) {
    if (busy) return;
    setUploadError(null);
    if (!file.type.startsWith("image/")) return fail(NOT_AN_IMAGE);
    // Refused here rather than after sending 10 MB that the server would refuse.
    if (file.size > MAX_UPLOAD_BYTES) return fail(IMAGE_TOO_LARGE);
    setProgress({ preview: URL.createObjectURL(file), percent: null });
    try {
      const stored = await uploadWithProgress(file, folder, (percent) => setProgress((p) => (p ? { ...p, percent } : p)));
      if (hadFocus()) focusAfter.current = "replace";
      setUrl(stored);
      onChange?.(stored);
      toast({ title: "Image uploaded", description: uploaded });
    } catch (cause) {
      fail(cause instanceof Error ? cause.message : "Upload failed.");
    } finally {
      setProgress(null);
    }
  }

  const choose = () => fileRef.current?.click();

  function remove() {
    if (hadFocus()) focusAfter.current = "zone";
    setUrl("");
    setUploadError(null);
    onChange?.("");
  }
  const named = subject ? <span className="sr-only">{` ${subject}`}</span> : null;

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
  const round = shape === "round";
  const zone = cn(
    "relative flex items-center justify-center overflow-hidden border-2 border-dashed bg-surface-2 transition-colors",
    round ? "size-32 rounded-full" : "aspect-video w-full max-w-md rounded-xl",
    dragging ? "border-primary bg-primary/10" : "border-border",
    shownError && !dragging ? "border-red-400" : null,
  );

  return (
    <div ref={rootRef} className="grid gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      {/* The form's autosave watches this field's value: a new or removed image is a change like typing. */}
      <input type="hidden" name={name} value={url} />
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
      <div className={cn("flex flex-col", round ? "gap-3 sm:flex-row sm:items-center" : "gap-1.5")}>
        {shown ? (
          <div className={zone} {...dropHandlers} data-dropzone={kind}>
            <img src={shown} alt={previewAlt} className={cn("size-full object-cover", busy ? "opacity-50" : null)} />
            {dragging ? <p className="absolute inset-x-0 bottom-0 bg-background/85 p-2 text-center text-sm font-medium">{dropToReplace}</p> : null}
          </div>
        ) : (
          <button
            type="button"
            onClick={choose}
            disabled={busy}
            aria-describedby={describedBy}
            data-dropzone={kind}
            data-focus-after="zone"
            className={cn(zone, "cursor-pointer flex-col gap-2 p-4 text-center hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2")}
            {...dropHandlers}
          >
            <ImagePlus aria-hidden="true" className="size-7 text-muted" />
            <span className={cn("font-semibold", round ? "text-xs" : "text-sm")}>
              Drop an image here or choose a file
              {subject ? <span className="sr-only">{` for ${subject}`}</span> : null}
            </span>
          </button>
        )}
        <div className="grid min-w-0 flex-1 gap-1.5">
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
              <Button variant="outline" size="sm" onClick={choose} data-focus-after="replace">
                Replace{named}
              </Button>
              <Button variant="ghost" size="sm" onClick={remove}>
                Remove{named}
              </Button>
            </div>
          ) : null}
        </div>
      </div>
      <div aria-live="assertive">
        <FieldError id={errorId}>{shownError}</FieldError>
      </div>
    </div>
  );
}

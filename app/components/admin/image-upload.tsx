import { useId, useState } from "react";
import { ImageIcon } from "lucide-react";
import { cn } from "~/lib/cn";
import { toast } from "~/components/ui/toast";
import { FieldError } from "~/components/ui/field";
import { uploadImage } from "./upload-image";

type Props = {
  /** Name of the hidden input that carries the stored URL with the form. */
  name: string;
  label: string;
  folder: "" | "team" | "testimonials";
  defaultUrl: string | null | undefined;
  successDescription: string;
  /** The upload error toast title: 'Upload error' (blog) or 'Error uploading image' (team, testimonials). */
  errorTitle: string;
  round?: boolean;
  previewAlt: string;
  /** The field's error from the last save (e.g. an image from another site), tied to the file input. */
  error?: string;
};

/** Image upload with a labelled file input: posts to /api/admin/upload, shows 'Uploading...', then the preview. */
export function ImageUpload({ name, label, folder, defaultUrl, successDescription, errorTitle, round, previewAlt, error }: Props) {
  const id = useId();
  const [url, setUrl] = useState(defaultUrl ?? "");
  const [busy, setBusy] = useState(false);

  async function upload(file: File) {
    setBusy(true);
    try {
      setUrl(await uploadImage(file, folder));
      toast({ title: "Image uploaded", description: successDescription });
    } catch (error) {
      toast({ title: errorTitle, description: error instanceof Error ? error.message : "Upload failed.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="@container">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <input type="hidden" name={name} value={url} />
      <div className="flex flex-col gap-3 @md:flex-row @md:items-center">
        <div
          className={cn(
            "flex shrink-0 items-center justify-center overflow-hidden border border-border bg-surface-2",
            round ? "size-20 rounded-full" : "aspect-video w-full max-w-56 rounded-xl",
          )}
        >
          {url ? <img src={url} alt={previewAlt} className="size-full object-cover" /> : <ImageIcon aria-hidden="true" className="size-6 text-muted" />}
        </div>
        <div className="flex flex-col gap-2">
          <input
            id={id}
            type="file"
            accept="image/*"
            disabled={busy}
            aria-describedby={error ? `${id}-error ${id}-status` : `${id}-status`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = "";
              if (file) void upload(file);
            }}
            className="block w-full text-sm text-muted file:mr-3 file:cursor-pointer file:rounded-full file:border file:border-border file:bg-surface-2 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-foreground hover:file:border-primary"
          />
          <p id={`${id}-status`} className="text-xs text-muted" aria-live="polite">
            {busy ? "Uploading..." : "JPEG, PNG, WebP, AVIF or GIF, up to 10 MB."}
          </p>
          {url && !busy ? (
            <button type="button" onClick={() => setUrl("")} className="self-start text-xs text-muted underline underline-offset-4 hover:text-foreground">
              Remove image
            </button>
          ) : null}
        </div>
      </div>
      <FieldError id={`${id}-error`} className="mt-2">
        {error}
      </FieldError>
    </div>
  );
}

import { LIMITS } from "~/lib/admin-validation";
import { TextField } from "~/components/ui/field";
import { ImageDropzone } from "./image-dropzone";

type Props = {
  /** The stored cover's address (or the typed one after a refused save). */
  defaultUrl: string;
  defaultAlt: string;
  /** The save's messages for the cover and its alt text. */
  error?: string;
  altError?: string;
};

/**
 * The post's cover: the image drop zone (`ImageDropzone`) with SPEC's blog texts ('Upload error',
 * 'Cover image uploaded successfully.'), and the 'Cover image alt text' field. The stored address
 * travels in the hidden `imageUrl` field, the alt text in `coverAlt`.
 */
export function CoverDropzone({ defaultUrl, defaultAlt, error, altError }: Props) {
  return (
    <div className="grid gap-4">
      <ImageDropzone
        name="imageUrl"
        label="Cover Image"
        folder=""
        defaultUrl={defaultUrl}
        errorTitle="Upload error"
        uploaded="Cover image uploaded successfully."
        previewAlt="Cover preview"
        shape="wide"
        dropToReplace="Drop to replace the cover"
        kind="cover"
        error={error}
      />
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

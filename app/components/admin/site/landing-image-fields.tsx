import type { FieldErrors } from "~/lib/admin-validation";
import type { FormValues } from "~/lib/form-result";
import { ImageDropzone } from "~/components/admin/image-dropzone";

/**
 * The landing page's image fields (docs/decisions/0057), on the upload pipeline every other image
 * field uses (/api/admin/upload: checked by its bytes, metadata stripped, WebP variants). The
 * stored address travels in a hidden repeated field (`stepImage`, `quoteAvatar`); empty means the
 * shipped illustration or the generated avatar.
 */

/** Step `index`'s illustration: its upload, thumbnail and 'Remove' (back to the shipped one). */
export function StepIllustrationField({ index, values, errors, onChange }: { index: number; values: FormValues; errors: FieldErrors; onChange: () => void }) {
  const all = values.stepImage;
  const url = (Array.isArray(all) ? all[index] : index === 0 ? all : "") ?? "";
  const subject = `step ${index + 1} illustration`;
  return (
    <div className="space-y-1.5">
      <ImageDropzone
        name="stepImage"
        id={`field-stepImage.${index}`}
        label={`Step ${index + 1} illustration`}
        folder=""
        defaultUrl={url}
        errorTitle="Error uploading image"
        uploaded="Illustration uploaded successfully."
        previewAlt={`Step ${index + 1} illustration preview`}
        shape="wide"
        dropToReplace="Drop to replace the illustration"
        kind={`step-image-${index}`}
        error={errors[`stepImage.${index}`]}
        subject={subject}
        onChange={onChange}
      />
      <p className="text-xs text-muted">Optional: without one, the shipped illustration shows. The illustration text above describes it.</p>
    </div>
  );
}

/** A pain point's optional photo, inside its quote's item of the list (moved and removed with it). */
export function QuotePhotoField({ index, url, error, onChange }: { index: number; url: string; error?: string; onChange: () => void }) {
  return (
    <div className="space-y-1.5">
      <ImageDropzone
        name="quoteAvatar"
        id={`field-quoteAvatar.${index}`}
        label={`Quote ${index + 1} photo`}
        folder="testimonials"
        defaultUrl={url}
        errorTitle="Error uploading image"
        uploaded="Photo uploaded successfully."
        previewAlt={`Quote ${index + 1} photo preview`}
        shape="round"
        dropToReplace="Drop to replace the photo"
        kind={`quote-photo-${index}`}
        error={error}
        subject={`quote ${index + 1} photo`}
        onChange={onChange}
      />
      <p className="text-xs text-muted">Optional: without one, an avatar made from the name shows.</p>
    </div>
  );
}

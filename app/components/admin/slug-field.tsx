import { useEffect, useRef } from "react";
import { slugFromTitle } from "~/lib/text";
import { LIMITS } from "~/lib/admin-validation";
import { TextField } from "~/components/ui/field";

/** Slug input: filled from the title when left empty, and offers the server's suggestion when taken. */
export function SlugField({ defaultValue, error, suggestion }: { defaultValue: string; error?: string; suggestion?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const slug = ref.current;
    const title = slug?.form?.elements.namedItem("title");
    if (!slug || !(title instanceof HTMLInputElement)) return;
    // Follows the title until the slug is typed in by hand (or the post already has one).
    let manual = slug.value.trim() !== "";
    const onSlugInput = () => {
      manual = slug.value.trim() !== "";
    };
    const onTitleInput = () => {
      if (!manual) slug.value = slugFromTitle(title.value);
    };
    // A title typed before the page hydrated (before these listeners) is followed too.
    onTitleInput();
    slug.addEventListener("input", onSlugInput);
    title.addEventListener("input", onTitleInput);
    return () => {
      slug.removeEventListener("input", onSlugInput);
      title.removeEventListener("input", onTitleInput);
    };
  }, []);
  return (
    <div>
      <TextField
        ref={ref}
        name="slug"
        label="Slug"
        required
        maxLength={LIMITS.slug}
        defaultValue={defaultValue}
        error={error}
        hint="Lower-case letters, digits and hyphens; filled from the title until you edit it."
        autoCapitalize="none"
        spellCheck={false}
      />
      {suggestion ? (
        <button
          type="button"
          className="mt-1.5 text-sm text-accent underline underline-offset-4"
          onClick={() => {
            if (ref.current) {
              ref.current.value = suggestion;
              ref.current.focus();
            }
          }}
        >
          Use "{suggestion}"
        </button>
      ) : null}
    </div>
  );
}

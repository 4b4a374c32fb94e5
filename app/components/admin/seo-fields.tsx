import { useEffect, useRef, useState } from "react";
import { useSite } from "~/root";
import { cn } from "~/lib/cn";
import { SEO_ADVICE } from "~/lib/admin-validation";
import { truncateAtWord } from "~/lib/text";
import { TextAreaField, TextField } from "~/components/ui/field";

/** About what the public page falls back to without a meta description (the start of the text). */
const SUMMARY_LENGTH = 160;

type Props = {
  defaultTitle: string;
  defaultDescription: string;
  /** The save's messages for the two fields. */
  titleError?: string;
  descriptionError?: string;
};

/** The overrides and the post's own fields the preview falls back to, as typed in the form around this section. */
type Typed = { metaTitle: string; metaDescription: string; title: string; slug: string; excerpt: string; content: string };

/**
 * Markdown as the plain words a search result shows, roughly: links and images by their text,
 * emphasis, heading and quote marks dropped. The page itself uses the full renderer on the server.
 */
function plainText(markdown: string) {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*_~`]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function readTyped(form: HTMLFormElement | null): Typed {
  const value = (name: string) => {
    const field = form?.elements.namedItem(name);
    return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : "";
  };
  return {
    metaTitle: value("metaTitle"),
    metaDescription: value("metaDescription"),
    title: value("title"),
    slug: value("slug"),
    excerpt: value("excerpt"),
    content: value("content"),
  };
}

/** "42 / 60", and past the advised length, that search results cut it. */
function Counter({ length, advised }: { length: number; advised: number }) {
  const over = length > advised;
  return (
    <span className={cn("tabular-nums", over ? "font-medium text-amber-300" : null)}>
      {length} / {advised}
      {over ? ` · too long: search results cut it after about ${advised} characters` : ""}
    </span>
  );
}

/**
 * The post form's 'SEO' section: optional 'Meta title' and 'Meta description' overrides with
 * length counters and a live preview of the search result (title, address, description). Empty
 * fields preview what the public page falls back to: the post's title with the brand, and its
 * excerpt or the start of its text. The server refuses past LIMITS (see postSchema).
 */
export function SeoFields({ defaultTitle, defaultDescription, titleError, descriptionError }: Props) {
  const site = useSite();
  const ref = useRef<HTMLElement>(null);
  const [typed, setTyped] = useState<Typed>({ metaTitle: defaultTitle, metaDescription: defaultDescription, title: "", slug: "", excerpt: "", content: "" });
  const { metaTitle, metaDescription } = typed;

  // The counters and the preview follow the form's fields (found by name, wherever the form lays them out) as they are typed.
  useEffect(() => {
    const form = ref.current?.closest("form") ?? null;
    const update = () => setTyped(readTyped(form));
    update();
    form?.addEventListener("input", update);
    form?.addEventListener("change", update);
    return () => {
      form?.removeEventListener("input", update);
      form?.removeEventListener("change", update);
    };
  }, []);

  const previewTitle = metaTitle.trim() || (typed.title.trim() ? `${typed.title.trim()} | ${site.brandName}` : site.brandName);
  const previewDescription = metaDescription.trim() || plainText(typed.excerpt) || truncateAtWord(plainText(typed.content), SUMMARY_LENGTH);
  const address = new URL(`/blog/${typed.slug.trim() || "your-post"}`, `${site.siteUrl}/`).toString();

  return (
    <section ref={ref} aria-labelledby="seo-heading" className="grid gap-5 border-t border-border pt-5">
      <div>
        <h2 id="seo-heading" className="text-base font-semibold">
          SEO
        </h2>
        <p className="mt-1 text-xs text-muted">How the post appears in search results and share cards. Leave empty to use the title and the excerpt.</p>
      </div>
      <TextField
        name="metaTitle"
        label="Meta title"
        defaultValue={defaultTitle}
        error={titleError}
        hint={<Counter length={metaTitle.trim().length} advised={SEO_ADVICE.metaTitle} />}
      />
      <TextAreaField
        name="metaDescription"
        label="Meta description"
        rows={3}
        defaultValue={defaultDescription}
        error={descriptionError}
        hint={<Counter length={metaDescription.trim().length} advised={SEO_ADVICE.metaDescription} />}
      />
      <figure className="grid gap-2">
        <figcaption className="text-sm font-medium">Search result preview</figcaption>
        <div className="min-w-0 rounded-xl border border-border bg-background p-4">
          <p className="truncate text-xs text-muted">{address}</p>
          <p className="mt-1 line-clamp-2 text-lg leading-snug text-sky-300">{previewTitle}</p>
          <p className="mt-1 line-clamp-2 text-sm leading-relaxed text-muted">
            {previewDescription || "No description yet: write an excerpt or a meta description."}
          </p>
        </div>
      </figure>
    </section>
  );
}

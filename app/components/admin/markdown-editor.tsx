import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { cn } from "~/lib/cn";
import { LIMITS } from "~/lib/admin-validation";
import { controlClass, FieldError } from "~/components/ui/field";

/** Content (Markdown, 15 rows) with a Preview tab rendered by the public post page's renderer on the server. */
export function MarkdownEditor({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const [tab, setTab] = useState<"write" | "preview">("write");
  const textarea = useRef<HTMLTextAreaElement>(null);
  const preview = useFetcher<{ preview?: string }>();

  function show(next: "write" | "preview") {
    setTab(next);
    if (next === "preview") void preview.submit({ intent: "preview", content: textarea.current?.value ?? "" }, { method: "post" });
  }

  const tabClass = (on: boolean) => cn("rounded-md px-3 py-1.5 text-sm font-medium", on ? "bg-surface-2 text-foreground" : "text-muted hover:text-foreground");

  return (
    <div>
      <div className="mb-1.5 flex items-center justify-between gap-2">
        <label htmlFor="field-content" className="text-sm font-medium">
          Content (Markdown)
          <span aria-hidden="true" className="ml-0.5 text-red-400">
            *
          </span>
        </label>
        <div role="tablist" aria-label="Editor view" className="flex gap-1 rounded-lg border border-border p-0.5">
          <button
            type="button"
            role="tab"
            id="tab-write"
            aria-selected={tab === "write"}
            aria-controls="panel-write"
            tabIndex={tab === "write" ? 0 : -1}
            onClick={() => show("write")}
            onKeyDown={(e) => e.key === "ArrowRight" && show("preview")}
            className={tabClass(tab === "write")}
          >
            Write
          </button>
          <button
            type="button"
            role="tab"
            id="tab-preview"
            aria-selected={tab === "preview"}
            aria-controls="panel-preview"
            tabIndex={tab === "preview" ? 0 : -1}
            onClick={() => show("preview")}
            onKeyDown={(e) => e.key === "ArrowLeft" && show("write")}
            className={tabClass(tab === "preview")}
          >
            Preview
          </button>
        </div>
      </div>
      <div id="panel-write" role="tabpanel" aria-labelledby="tab-write" hidden={tab !== "write"}>
        <textarea
          ref={textarea}
          id="field-content"
          name="content"
          rows={15}
          required
          maxLength={LIMITS.content}
          defaultValue={defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "field-content-error" : undefined}
          className={controlClass({ multiline: true, className: "font-mono" })}
        />
      </div>
      <div
        id="panel-preview"
        role="tabpanel"
        aria-labelledby="tab-preview"
        hidden={tab !== "preview"}
        tabIndex={0}
        className="min-h-64 rounded-lg border border-border bg-background p-4"
      >
        {preview.state !== "idle" ? (
          <p className="text-sm text-muted">Loading preview...</p>
        ) : preview.data?.preview ? (
          <div
            className="space-y-4 leading-relaxed [&_a]:text-accent [&_a]:underline [&_h1]:text-3xl [&_h1]:font-bold [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_code]:rounded [&_code]:bg-surface-2 [&_code]:px-1"
            dangerouslySetInnerHTML={{ __html: preview.data.preview }}
          />
        ) : (
          <p className="text-sm text-muted">Nothing to preview yet.</p>
        )}
      </div>
      <FieldError id="field-content-error" className="mt-1.5">
        {error}
      </FieldError>
    </div>
  );
}

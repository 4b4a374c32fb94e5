import { useEffect, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from "react";
import { useFetcher, useNavigation } from "react-router";
import { Columns2 } from "lucide-react";
import { cn } from "~/lib/cn";
import { LIMITS } from "~/lib/admin-validation";
import { readTimeLabel } from "~/lib/blog";
import { readTimeMinutes, wordCount } from "~/lib/text";
import { altFromFileName, blockRemoval, formatCommand, insertBlock, type FormatCommand } from "~/lib/markdown-edit";
import { useMediaQuery } from "~/lib/browser/use-media-query";
import { useStoredFlag } from "~/lib/browser/use-stored-flag";
import { controlClass, FieldError } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { MarkdownToolbar } from "./markdown-toolbar";
import { images, replaceQuietly, replaceText } from "./textarea-edit";
import { uploadImage } from "./upload-image";

/** Where the live preview can sit beside the text (narrower screens keep the Preview tab only). */
const SIDE_BY_SIDE = "(min-width: 1280px)";
/** The editor's choice to write with the preview beside the text, kept in this browser. */
const SIDE_BY_SIDE_KEY = "editor-side-by-side";
const LIVE_PREVIEW_DELAY_MS = 400;
const UPLOADING = "Uploading image...";

const SHORTCUTS: Record<string, FormatCommand> = { b: "bold", i: "italic", k: "link" };

/** What the form's action answers to intent=preview (`previewFailed`: signed out or offline; the text stays). */
type PreviewAnswer = { preview?: string; previewFailed?: true };
const PREVIEW_FAILED = "The preview could not be loaded. Your text is kept.";

/** Rendering changes nothing the page loaded: no loader runs again (nor sends a signed-out editor to sign in). */
const PREVIEW_SUBMIT = { method: "post", defaultShouldRevalidate: false } as const;

/** The public post body's look, for both previews. */
const PREVIEW_CLASS = "blog-prose [&>:first-child]:mt-0!";

/**
 * Content (Markdown, 15 rows): a formatting toolbar (also Ctrl/⌘+B, I, K), images uploaded from
 * the toolbar, a drop or a paste, the word count and read time as you type, and previews rendered
 * by the public post page's renderer on the server: in the Preview tab, and on wide screens,
 * when 'Side-by-side preview' is pressed, beside the text (refreshed shortly after typing stops).
 * The text is set in the prose font and gets the whole writing column until then.
 */
export function MarkdownEditor({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const [tab, setTab] = useState<"write" | "preview">("write");
  const textarea = useRef<HTMLTextAreaElement>(null);
  const preview = useFetcher<PreviewAnswer>();
  const live = useFetcher<PreviewAnswer>();
  const wide = useMediaQuery(SIDE_BY_SIDE) === true;
  const [besideChosen, chooseBeside] = useStoredFlag(SIDE_BY_SIDE_KEY, false);
  const sideBySide = wide && besideChosen;
  const [words, setWords] = useState(() => wordCount(defaultValue));
  const [minutes, setMinutes] = useState(() => readTimeMinutes(defaultValue));
  const [uploads, setUploads] = useState(0);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const liveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const placeholders = useRef(0);

  const submitLive = live.submit;
  const navigation = useNavigation();
  const navigating = useRef(false);
  useEffect(() => {
    navigating.current = navigation.state !== "idle";
  }, [navigation.state]);
  function refreshLive(delay: number) {
    clearTimeout(liveTimer.current);
    liveTimer.current = setTimeout(() => {
      // A fetcher sent while the page is leaving would interrupt that navigation's loads.
      if (navigating.current) return;
      void submitLive({ intent: "preview", content: textarea.current?.value ?? "" }, PREVIEW_SUBMIT);
    }, delay);
  }
  // The side-by-side preview shows the text as soon as there is room for it.
  useEffect(() => {
    if (!sideBySide) return;
    clearTimeout(liveTimer.current);
    void submitLive({ intent: "preview", content: textarea.current?.value ?? "" }, PREVIEW_SUBMIT);
  }, [sideBySide, submitLive]);
  // Once the form is sent, a preview still waiting to go would only race the save's redirect.
  useEffect(() => {
    const form = textarea.current?.form;
    const cancel = () => clearTimeout(liveTimer.current);
    form?.addEventListener("submit", cancel);
    return () => {
      cancel();
      form?.removeEventListener("submit", cancel);
    };
  }, []);

  function changed() {
    const value = textarea.current?.value ?? "";
    setWords(wordCount(value));
    setMinutes(readTimeMinutes(value));
    if (sideBySide) refreshLive(LIVE_PREVIEW_DELAY_MS);
  }

  function show(next: "write" | "preview") {
    setTab(next);
    if (next === "preview") void preview.submit({ intent: "preview", content: textarea.current?.value ?? "" }, PREVIEW_SUBMIT);
  }

  function format(command: FormatCommand) {
    const el = textarea.current;
    if (!el) return;
    replaceText(el, formatCommand(command, el.value, el.selectionStart, el.selectionEnd));
  }

  /** Each image gets a placeholder at the caret, replaced by its markdown once stored (or removed, with the error shown). */
  async function insertImages(files: File[]) {
    const el = textarea.current;
    if (!el || files.length === 0) return;
    setUploadError(null);
    await Promise.all(
      files.map(async (file) => {
        placeholders.current += 1;
        const placeholder = `![${UPLOADING}](#upload-${placeholders.current})`;
        const inserted = insertBlock(el.value, el.selectionStart, el.selectionEnd, placeholder);
        replaceText(el, inserted);
        setUploads((n) => n + 1);
        let markdown = "";
        try {
          markdown = `![${altFromFileName(file.name)}](${await uploadImage(file)})`;
        } catch (failure) {
          const message = failure instanceof Error ? failure.message : "Upload failed.";
          setUploadError(`${file.name} could not be uploaded: ${message}`);
          toast({ title: "Upload error", description: message, variant: "destructive" });
        } finally {
          setUploads((n) => n - 1);
        }
        const at = el.value.indexOf(placeholder);
        if (at === -1) return;
        if (markdown) replaceQuietly(el, at, at + placeholder.length, markdown);
        else {
          // Failed: the placeholder goes with the line breaks it brought, the text as it was.
          const { from, to } = blockRemoval(el.value, at, placeholder, inserted);
          replaceQuietly(el, from, to, "");
        }
      }),
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const command = SHORTCUTS[event.key.toLowerCase()];
    if (!command) return;
    event.preventDefault();
    format(command);
  }

  function onDrop(event: DragEvent<HTMLTextAreaElement>) {
    const files = images(event.dataTransfer.files);
    if (files.length === 0) return;
    event.preventDefault();
    void insertImages(files);
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const files = images(event.clipboardData.files);
    // Text copied from an office program comes with a picture of itself: the text wins.
    if (files.length === 0 || event.clipboardData.getData("text/plain").trim() !== "") return;
    event.preventDefault();
    void insertImages(files);
  }

  const tabClass = (on: boolean) => cn("rounded-md px-3 py-1.5 text-sm font-medium", on ? "bg-surface-2 text-foreground" : "text-muted hover:text-foreground");
  const describedBy = ["field-content-stats", error ? "field-content-error" : null, uploadError ? "field-content-upload-error" : null]
    .filter(Boolean)
    .join(" ");

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
        <div className="flex gap-2">
          <div className="min-w-0 flex-1">
            <MarkdownToolbar onFormat={format} onImages={(files) => void insertImages(files)} />
          </div>
          {wide ? (
            <button
              type="button"
              aria-pressed={besideChosen}
              onClick={() => chooseBeside(!besideChosen)}
              className={cn(
                "mb-2 inline-flex shrink-0 items-center gap-1.5 self-stretch rounded-lg border border-border px-3 py-2 text-sm font-medium hover:bg-surface-2",
                besideChosen ? "bg-surface-2 text-foreground" : "text-muted",
              )}
            >
              <Columns2 aria-hidden="true" className="size-4" />
              Side-by-side preview
            </button>
          ) : null}
        </div>
        <div className={cn("grid gap-4", sideBySide && "grid-cols-2")}>
          <textarea
            ref={textarea}
            id="field-content"
            name="content"
            rows={15}
            required
            maxLength={LIMITS.content}
            defaultValue={defaultValue}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onInput={changed}
            onKeyDown={onKeyDown}
            onDrop={onDrop}
            onPaste={onPaste}
            className={controlClass({ multiline: true, className: "min-h-80 font-sans text-base leading-relaxed lg:min-h-[32rem]" })}
          />
          {sideBySide ? (
            <section aria-label="Live preview" tabIndex={0} className="max-h-[42rem] min-h-80 overflow-auto rounded-lg border border-border bg-background p-4">
              <PreviewBody answer={live.data} loading={live.state !== "idle" && !live.data?.preview} />
            </section>
          ) : null}
        </div>
      </div>
      <div
        id="panel-preview"
        role="tabpanel"
        aria-labelledby="tab-preview"
        hidden={tab !== "preview"}
        tabIndex={0}
        className="min-h-64 rounded-lg border border-border bg-background p-4"
      >
        <PreviewBody answer={preview.state !== "idle" ? undefined : preview.data} loading={preview.state !== "idle"} />
      </div>
      <div className="mt-1.5 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-xs text-muted">
        <p id="field-content-stats">
          {words === 1 ? "1 word" : `${words} words`} · {readTimeLabel(minutes)}
        </p>
        <p aria-live="polite">{uploads > 0 ? UPLOADING : ""}</p>
      </div>
      {uploadError ? (
        <p id="field-content-upload-error" role="alert" className="mt-1.5 text-sm text-red-300">
          {uploadError}
        </p>
      ) : null}
      <FieldError id="field-content-error" className="mt-1.5">
        {error}
      </FieldError>
    </div>
  );
}

/** A preview's answer: the rendered post body, the failure message, or what is happening. */
function PreviewBody({ answer, loading }: { answer: PreviewAnswer | undefined; loading: boolean }) {
  if (answer?.previewFailed) return <p className="text-sm text-muted">{PREVIEW_FAILED}</p>;
  if (answer?.preview) return <div className={PREVIEW_CLASS} dangerouslySetInnerHTML={{ __html: answer.preview }} />;
  return <p className="text-sm text-muted">{loading ? "Loading preview..." : "Nothing to preview yet."}</p>;
}

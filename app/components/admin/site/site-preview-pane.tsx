import { useCallback, useEffect, useRef, useState, type RefObject, type SyntheticEvent } from "react";
import { LANDING_SECTION_NAMES, type LandingSectionName } from "~/lib/landing-content";
import { PREVIEW_MESSAGE } from "~/lib/landing-preview";
import { cn } from "~/lib/cn";
import { sectionFieldsId } from "./landing-fields";

/** The preview frame's name: the hidden form below (its id `POST_FORM`) posts the fields being typed into it. */
const FRAME = "site-preview";
const POST_FORM = "site-preview-post";
/** How long typing pauses before the preview is drawn again. */
const DEBOUNCE_MS = 400;
const WIDTHS = { phone: 390, desktop: 1440 } as const;
type Width = keyof typeof WIDTHS;

/**
 * The preview's refresh (docs/decisions/0050): a short pause after each change, the editor's
 * fields, unsaved, are posted into the preview frame (a plain form whose target is the frame),
 * which the server renders as the real landing page. The address ends with the edited section's
 * heading, so the frame opens where the editor is working.
 */
export function usePreviewRefresh(formRef: RefObject<HTMLFormElement | null>) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const section = useRef<LandingSectionName | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = useCallback(() => {
    const form = formRef.current;
    const post = document.getElementById(POST_FORM);
    const fields = post instanceof HTMLFormElement ? post.elements.namedItem("fields") : null;
    if (!form || !(post instanceof HTMLFormElement) || !(fields instanceof HTMLInputElement)) return;
    fields.value = JSON.stringify([...new FormData(form).entries()].filter(([, value]) => typeof value === "string"));
    const anchor = section.current && section.current !== "seo" ? `#${section.current}-title` : "";
    post.action = `/admin/site/preview${anchor}`;
    post.submit();
  }, [formRef]);

  /** Called on every change: with the event (its field's section) or the section's name. */
  const schedule = useCallback(
    (from?: SyntheticEvent | LandingSectionName) => {
      const name = typeof from === "string" ? from : (from?.target as HTMLElement | undefined)?.closest?.("[data-section]")?.getAttribute("data-section");
      if (name && (LANDING_SECTION_NAMES as string[]).includes(name)) section.current = name as LandingSectionName;
      clearTimeout(timer.current);
      timer.current = setTimeout(send, DEBOUNCE_MS);
    },
    [send],
  );
  return { schedule };
}

/** Focuses a section's first field, as a click on that section in the preview asks. */
function focusSection(section: LandingSectionName) {
  const fieldset = document.getElementById(sectionFieldsId(section));
  const control = fieldset?.querySelector<HTMLElement>("input:not([type=hidden]), textarea");
  (control ?? fieldset)?.focus({ preventScroll: true });
  fieldset?.scrollIntoView({ block: "start", behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
}

/**
 * The live preview beside the fields: the landing page in a frame at a phone's or a desktop's
 * width (scaled down to fit the pane), and what a click on one of its sections asks for.
 */
export function SitePreviewPane() {
  // Until the editor picks one, the width that suits the pane: a phone's when the pane is hardly wider than one.
  const [chosen, setWidth] = useState<Width | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry?.contentRect.width ?? 0));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  // A click on a section in the preview (only from our own frame, only our message) moves the focus to its fields.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frameRef.current?.contentWindow) return;
      const data = event.data as { type?: unknown; section?: unknown } | null;
      if (data?.type !== PREVIEW_MESSAGE || typeof data.section !== "string") return;
      if ((LANDING_SECTION_NAMES as string[]).includes(data.section)) focusSection(data.section as LandingSectionName);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

  const width: Width = chosen ?? (boxWidth > 0 && boxWidth < WIDTHS.phone + 90 ? "phone" : "desktop");
  const frameWidth = WIDTHS[width];
  const scale = boxWidth > 0 ? Math.min(1, boxWidth / frameWidth) : 1;
  const height = 720;

  return (
    <section aria-labelledby="preview-title" className="min-w-0 xl:sticky xl:top-4 xl:self-start">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-title" className="text-xl font-semibold">
          Preview
        </h2>
        <fieldset className="flex gap-1 rounded-full border border-border p-1">
          <legend className="sr-only">Preview width</legend>
          {(Object.keys(WIDTHS) as Width[]).map((option) => (
            <label
              key={option}
              className={cn(
                "cursor-pointer rounded-full px-3 py-1.5 text-sm has-[:focus-visible]:outline-2",
                width === option ? "bg-primary-strong text-primary-foreground" : "text-muted hover:text-foreground",
              )}
            >
              <input type="radio" name="preview-width" value={option} checked={width === option} onChange={() => setWidth(option)} className="sr-only" />
              {option === "phone" ? "Phone" : "Desktop"} <span className="sr-only">({WIDTHS[option]} px)</span>
            </label>
          ))}
        </fieldset>
      </div>
      <p className="mb-3 text-sm text-muted">The draft as you type it, not yet public. Click a section to edit it.</p>
      <div ref={boxRef} className="overflow-hidden rounded-xl border border-border bg-background" style={{ height }}>
        <iframe
          ref={frameRef}
          name={FRAME}
          title="Landing page preview"
          src="/admin/site/preview"
          className="origin-top-left border-0"
          style={{
            width: frameWidth,
            height: height / scale,
            transform: `scale(${scale})`,
            marginInline: frameWidth * scale < boxWidth ? (boxWidth - frameWidth * scale) / 2 : 0,
          }}
        />
      </div>
      <form id={POST_FORM} method="post" action="/admin/site/preview" target={FRAME} hidden>
        <input type="hidden" name="fields" />
      </form>
    </section>
  );
}

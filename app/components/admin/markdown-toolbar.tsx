import { useRef, useState, type KeyboardEvent } from "react";
import { Bold, Code, Heading2, ImagePlus, Italic, Link2, List, Quote, type LucideIcon } from "lucide-react";
import type { FormatCommand } from "~/lib/markdown-edit";
import { images } from "./textarea-edit";

type Tool = { command: FormatCommand | "image"; label: string; icon: LucideIcon; key?: string };
const TOOLS: Tool[] = [
  { command: "heading", label: "Heading", icon: Heading2 },
  { command: "bold", label: "Bold", icon: Bold, key: "B" },
  { command: "italic", label: "Italic", icon: Italic, key: "I" },
  { command: "link", label: "Link", icon: Link2, key: "K" },
  { command: "list", label: "List", icon: List },
  { command: "quote", label: "Quote", icon: Quote },
  { command: "code", label: "Code", icon: Code },
  { command: "image", label: "Image", icon: ImagePlus },
];

/** Where the arrow keys, Home and End move the toolbar's one tab stop (null: not a toolbar key). */
function nextTool(key: string, current: number) {
  const last = TOOLS.length - 1;
  if (key === "ArrowRight") return current === last ? 0 : current + 1;
  if (key === "ArrowLeft") return current === 0 ? last : current - 1;
  if (key === "Home") return 0;
  if (key === "End") return last;
  return null;
}

/**
 * The editor's formatting toolbar: one tab stop, the arrow keys (and Home, End) move between its
 * buttons; 'Image' opens the file picker. Pressing a button keeps the textarea's selection.
 */
export function MarkdownToolbar({ onFormat, onImages }: { onFormat: (command: FormatCommand) => void; onImages: (files: File[]) => void }) {
  const [focusedTool, setFocusedTool] = useState(0);
  const toolRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const picker = useRef<HTMLInputElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = nextTool(event.key, focusedTool);
    if (next === null) return;
    event.preventDefault();
    setFocusedTool(next);
    toolRefs.current[next]?.focus();
  }

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls="field-content"
      onKeyDown={onKeyDown}
      className="mb-2 flex flex-wrap items-center gap-0.5 rounded-lg border border-border bg-surface-2/40 p-1"
    >
      {TOOLS.map(({ command, label, icon: Icon, key }, index) => (
        <button
          key={command}
          ref={(el) => {
            toolRefs.current[index] = el;
          }}
          type="button"
          aria-label={label}
          title={key ? `${label} (Ctrl/⌘+${key})` : label}
          aria-keyshortcuts={key ? `Control+${key} Meta+${key}` : undefined}
          tabIndex={index === focusedTool ? 0 : -1}
          onFocus={() => setFocusedTool(index)}
          // Keeps the selection in the textarea while the button is pressed.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => (command === "image" ? picker.current?.click() : onFormat(command))}
          className="inline-flex size-9 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary"
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      ))}
      <input
        ref={picker}
        type="file"
        accept="image/*"
        multiple
        hidden
        onChange={(event) => {
          const files = images(event.currentTarget.files);
          event.currentTarget.value = "";
          onImages(files);
        }}
      />
    </div>
  );
}

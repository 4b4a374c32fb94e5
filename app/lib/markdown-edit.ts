/**
 * Text edits of the Markdown editor's toolbar, as pure functions of the text and the selection:
 * each returns the range to replace, what to put there and the selection afterwards, so the
 * editor can apply it as one typed insertion (which the browser's undo takes back in one step).
 * Isomorphic and free of the DOM (unit-tested in markdown-edit.test.ts).
 */

/** Replace `from`..`to` by `insert`, then select `selectStart`..`selectEnd` (offsets in the new text). */
export type TextEdit = { from: number; to: number; insert: string; selectStart: number; selectEnd: number };

/** The toolbar's commands. */
export type FormatCommand = "heading" | "bold" | "italic" | "link" | "list" | "quote" | "code";

/** The new text once `edit` is applied to `text`. */
export function applyEdit(text: string, edit: TextEdit) {
  return text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
}

/**
 * Surrounds the selection with `before` and `after` (e.g. `**`), keeping it selected; with
 * nothing selected, inserts `placeholder` between them, selected, so typing replaces it. A
 * selection already surrounded by them (inside or just outside) is unwrapped instead.
 */
export function wrapSelection(text: string, start: number, end: number, before: string, after: string, placeholder: string): TextEdit {
  const selected = text.slice(start, end);
  // "**word**" selected whole: take the marks off.
  if (selected.length >= before.length + after.length && selected.startsWith(before) && selected.endsWith(after) && selected.length > 0) {
    const inner = selected.slice(before.length, selected.length - after.length);
    if (inner.length > 0) return { from: start, to: end, insert: inner, selectStart: start, selectEnd: start + inner.length };
  }
  // "word" selected inside "**word**": take the marks around it off.
  if (selected.length > 0 && text.slice(start - before.length, start) === before && text.slice(end, end + after.length) === after) {
    const from = start - before.length;
    return { from, to: end + after.length, insert: selected, selectStart: from, selectEnd: from + selected.length };
  }
  const inner = selected || placeholder;
  const at = start + before.length;
  return { from: start, to: end, insert: before + inner + after, selectStart: at, selectEnd: at + inner.length };
}

/** The start of the line holding `offset`, and the end of the line holding `endOffset`. */
function lineBounds(text: string, start: number, end: number) {
  const from = text.lastIndexOf("\n", start - 1) + 1;
  // A selection ending just after a line break ends on the previous line.
  const last = end > start && text.charAt(end - 1) === "\n" ? end - 1 : end;
  const newline = text.indexOf("\n", last);
  return { from, to: newline === -1 ? text.length : newline };
}

/**
 * Puts `prefix` (e.g. "- ", "> ", "## ") before every line the selection touches. When all of
 * them already start with it, takes it off instead. The changed lines stay selected (a caret keeps
 * its place in the line's text).
 */
export function prefixLines(text: string, start: number, end: number, prefix: string): TextEdit {
  const { from, to } = lineBounds(text, start, end);
  const lines = text.slice(from, to).split("\n");
  const all = lines.every((line) => line.startsWith(prefix));
  const changed = lines.map((line) => (all ? line.slice(prefix.length) : line.startsWith(prefix) ? line : prefix + line)).join("\n");
  if (start === end && lines.length === 1) {
    // A caret: it keeps its place in the line's text.
    const caret = Math.max(from, start + (changed.length - (to - from)));
    return { from, to, insert: changed, selectStart: caret, selectEnd: caret };
  }
  return { from, to, insert: changed, selectStart: from, selectEnd: from + changed.length };
}

/** `[text](url)` around the selection with "url" selected; without a selection, `[link text](url)` with "link text" selected. */
export function linkSelection(text: string, start: number, end: number): TextEdit {
  const selected = text.slice(start, end);
  if (selected) {
    const urlAt = start + selected.length + 3;
    return { from: start, to: end, insert: `[${selected}](url)`, selectStart: urlAt, selectEnd: urlAt + 3 };
  }
  return { from: start, to: end, insert: "[link text](url)", selectStart: start + 1, selectEnd: start + 10 };
}

/** Inline code (backticks) for a selection within one line, a fenced block for several lines. */
export function codeSelection(text: string, start: number, end: number): TextEdit {
  const selected = text.slice(start, end);
  if (!selected.includes("\n")) return wrapSelection(text, start, end, "`", "`", "code");
  const { from, to } = lineBounds(text, start, end);
  const block = text.slice(from, to);
  const insert = `\`\`\`\n${block}\n\`\`\``;
  return { from, to, insert, selectStart: from + 4, selectEnd: from + 4 + block.length };
}

/** The edit a toolbar command makes to `text` with `start`..`end` selected. */
export function formatCommand(command: FormatCommand, text: string, start: number, end: number): TextEdit {
  switch (command) {
    case "heading":
      return prefixLines(text, start, end, "## ");
    case "bold":
      return wrapSelection(text, start, end, "**", "**", "bold text");
    case "italic":
      return wrapSelection(text, start, end, "_", "_", "italic text");
    case "link":
      return linkSelection(text, start, end);
    case "list":
      return prefixLines(text, start, end, "- ");
    case "quote":
      return prefixLines(text, start, end, "> ");
    case "code":
      return codeSelection(text, start, end);
  }
}

/**
 * Inserts `snippet` (an image's markdown) at `start`..`end` on a line of its own: a line break is
 * added before it unless it starts a line, and after it unless a line break follows. The caret
 * lands after it.
 */
export function insertBlock(text: string, start: number, end: number, snippet: string): TextEdit {
  const before = start > 0 && text.charAt(start - 1) !== "\n" ? "\n" : "";
  const after = end < text.length && text.charAt(end) !== "\n" ? "\n" : "";
  const insert = before + snippet + after;
  const caret = start + before.length + snippet.length;
  return { from: start, to: end, insert, selectStart: caret, selectEnd: caret };
}

/**
 * Where to cut to take back a block that `inserted` (an `insertBlock` edit) put in and that now
 * starts at `at` in `text` (an upload that failed): the snippet with the line breaks insertBlock
 * added around it, where they are still there, so the text reads as it did before.
 */
export function blockRemoval(text: string, at: number, snippet: string, inserted: TextEdit) {
  const addedBefore = inserted.insert.startsWith(`\n${snippet}`);
  const addedAfter = inserted.insert.endsWith(`${snippet}\n`);
  const end = at + snippet.length;
  return {
    from: addedBefore && text.charAt(at - 1) === "\n" ? at - 1 : at,
    to: addedAfter && text.charAt(end) === "\n" ? end + 1 : end,
  };
}

/** An image's alt text from its file name: "team-photo_2.png" → "team photo 2"; "image" when nothing is left. */
export function altFromFileName(name: string) {
  const alt = name
    .replace(/\.[a-z0-9]+$/i, "")
    .replace(/[-_]+/g, " ")
    .replace(/[[\]()\\]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return alt || "image";
}

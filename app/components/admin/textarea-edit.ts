import { applyEdit, type TextEdit } from "~/lib/markdown-edit";

/**
 * Replaces `from`..`to` of the textarea as if typed (one step for the browser's undo, and the
 * input event autosave listens to); where the browser cannot, sets the text and sends the event.
 */
export function replaceText(textarea: HTMLTextAreaElement, edit: TextEdit) {
  const expected = applyEdit(textarea.value, edit);
  textarea.focus();
  textarea.setSelectionRange(edit.from, edit.to);
  const typed = edit.insert ? document.execCommand("insertText", false, edit.insert) : edit.from === edit.to || document.execCommand("delete");
  if (!typed || textarea.value !== expected) {
    textarea.value = expected;
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
  }
  textarea.setSelectionRange(edit.selectStart, edit.selectEnd);
}

/**
 * Replaces text the editor did not select (an upload's placeholder) without moving the writer's
 * caret or focus: their selection shifts with the text before it.
 */
export function replaceQuietly(textarea: HTMLTextAreaElement, from: number, to: number, insert: string) {
  const focused = document.activeElement === textarea;
  const { selectionStart, selectionEnd } = textarea;
  const shift = (at: number) => (at >= to ? at + insert.length - (to - from) : Math.min(at, from + insert.length));
  if (focused) replaceText(textarea, { from, to, insert, selectStart: shift(selectionStart), selectEnd: shift(selectionEnd) });
  else {
    textarea.setRangeText(insert, from, to, "preserve");
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

/** The image files among those dropped, pasted or picked. */
export const images = (files: FileList | null | undefined) => Array.from(files ?? []).filter((file) => file.type.startsWith("image/"));

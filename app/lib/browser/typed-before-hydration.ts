/**
 * Text typed into a text area before the app is live (a slow phone, a slow network) is kept
 * exactly as typed (docs/decisions/0039).
 *
 * React hydrating a `<textarea>` sets its `defaultValue` and then its `value` to the text the
 * server wrote, so whatever was typed there before was dropped (inputs keep their value). Started
 * before hydration (app/entry.client.tsx), this notes what each text area holds when it differs
 * from the server's text, and every keystroke after; the moment React rewrites a text area (a
 * MutationObserver: its callback runs before the browser handles the next keystroke), the typed
 * text and the caret are put back. Once the page is live, `release` tells the page about each kept
 * text with an `input` event, as typing would (the word count, the autosave).
 */

type Kept = { value: string; start: number; end: number; direction: "forward" | "backward" | "none" };

/** The browser's own setter: React's watch on the element keeps the text React set, so it sees the typed text as a change. */
const setValue = (area: HTMLTextAreaElement, value: string) => Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(area, value);

/** Starts keeping what is typed into the document's text areas; call the returned `release` once hydrated (more calls do nothing). */
export function keepTypingUntilHydrated(doc: Document): () => void {
  const kept = new Map<HTMLTextAreaElement, Kept>();
  const note = (area: HTMLTextAreaElement) =>
    kept.set(area, { value: area.value, start: area.selectionStart, end: area.selectionEnd, direction: area.selectionDirection });
  // Typed before this script ran: the text area no longer holds the server's text.
  for (const area of doc.querySelectorAll("textarea")) if (area.value !== area.defaultValue) note(area);

  const onInput = (event: Event) => {
    if (event.target instanceof HTMLTextAreaElement) note(event.target);
  };
  doc.addEventListener("input", onInput, true);

  const putBack = (area: HTMLTextAreaElement) => {
    const typed = kept.get(area);
    if (!typed || area.value === typed.value) return;
    setValue(area, typed.value);
    area.setSelectionRange(typed.start, typed.end, typed.direction);
  };
  // React writes a text area's server text as its child text: that is the moment to put the typed text back.
  const observer = new MutationObserver((records) => {
    for (const { target } of records) {
      const area = target instanceof HTMLTextAreaElement ? target : target.parentNode;
      if (area instanceof HTMLTextAreaElement) putBack(area);
    }
  });
  observer.observe(doc, { childList: true, characterData: true, subtree: true });

  let released = false;
  return () => {
    if (released) return;
    released = true;
    observer.disconnect();
    doc.removeEventListener("input", onInput, true);
    for (const [area, typed] of kept) {
      if (!area.isConnected || typed.value === area.defaultValue) continue;
      putBack(area);
      area.dispatchEvent(new Event("input", { bubbles: true }));
    }
    kept.clear();
  };
}

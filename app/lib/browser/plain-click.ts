/**
 * Whether a click is the page's to take over: the main button, no modifier key (a new tab or
 * window, a download, a selection) and not already taken by another handler.
 */
export function isPlainClick(event: MouseEvent) {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

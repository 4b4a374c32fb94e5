/**
 * Until React has hydrated a page, its buttons (open a dialog, a tab, a FAQ answer, the menu) do
 * nothing. This inline script, the first thing in every page's head, holds such clicks, keyboard
 * activations included, and the root component replays them once hydrated. Submit buttons of
 * forms, links and everything else keep their native behaviour. See docs/decisions/0006.
 */
export const RELEASE_EARLY_CLICKS = "__releaseEarlyClicks";

export const EARLY_CLICKS_SCRIPT =
  `(() => {` +
  ` const held = [];` +
  ` const hold = (event) => {` +
  ` const button = event.target instanceof Element ? event.target.closest("button") : null;` +
  ` if (!button || button.disabled || (button.form && button.type === "submit")) return;` +
  ` event.preventDefault(); event.stopImmediatePropagation(); held.push(button);` +
  ` };` +
  ` document.addEventListener("click", hold, true);` +
  ` window.${RELEASE_EARLY_CLICKS} = () => {` +
  ` document.removeEventListener("click", hold, true); window.${RELEASE_EARLY_CLICKS} = undefined;` +
  ` for (const button of held.splice(0)) if (button.isConnected) button.click();` +
  ` };` +
  ` })();`;

declare global {
  interface Window {
    [RELEASE_EARLY_CLICKS]?: () => void;
  }
}

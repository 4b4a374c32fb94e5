import { useEffect } from "react";
import { useLocation } from "react-router";

/**
 * The path the shell last showed in this document (null until the first load has rendered). Kept
 * by the module, not the component: the shell is mounted anew when a screen's error boundary
 * takes over, and that is a navigation too.
 */
let shownPath: string | null = null;

/**
 * After a client-side navigation to another back-office screen, focus goes to the new screen's
 * heading (the h1 of `<main id="main">`, else main itself): a screen reader reads where it
 * arrived, and the next Tab starts from the page rather than from the link left behind.
 *
 * Not on the first load (the browser starts at the top of the document, and the skip link is the
 * first stop); not when only the query of the same screen changes (a search typed into its box,
 * a tab, a page of a list: focus stays in the control being used, the list's live region says
 * what changed); not for an address with a fragment (the browser scrolls to that element).
 */
export function useHeadingFocus() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const before = shownPath;
    shownPath = pathname;
    if (before === null || before === pathname || hash) return;
    const main = document.getElementById("main");
    const target = main?.querySelector("h1") ?? main;
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  }, [pathname, hash]);
}

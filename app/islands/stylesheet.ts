/**
 * A public page carries only the CSS rules its server HTML and its islands' code use
 * (`<style data-cut>`: cut by class words when first rendered, app/server/http/class-cut.server.ts,
 * then by PurgeCSS in the kept copy, app/server/cache/page-css.server.ts; docs/decisions/0059, 0063). HTML taken
 * from another page (the blog list's in-place results) may use rules this page's cut left out:
 * this loads the whole stylesheet, named by `data-href`, once, after the cut. Resolves when it is
 * there or has failed (the page's own rules still hold); at once on a page with the whole file.
 * Adding it makes the browser style the whole page again, which is why nothing loads it on its own.
 */
let loading: Promise<void> | undefined;

export function wholeStylesheet(): Promise<void> {
  if (loading) return loading;
  const cut = typeof document === "undefined" ? null : document.querySelector<HTMLStyleElement>("style[data-cut][data-href]");
  if (!cut) return Promise.resolve();
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = cut.dataset.href!;
  loading = new Promise((resolve) => {
    link.onload = link.onerror = () => resolve();
    cut.after(link);
  });
  return loading;
}

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
  const cut = cutStyle();
  if (!cut) return Promise.resolve();
  loading = addSheet(cut.dataset.href!, cut).then(() => undefined);
  return loading;
}

const cutStyle = () => (typeof document === "undefined" ? null : document.querySelector<HTMLStyleElement>("style[data-cut][data-href]"));

/** A `<link rel="stylesheet">` to `href` put after `after`; resolves true once it is there, false when it failed. */
function addSheet(href: string, after: Element): Promise<boolean> {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  return new Promise((resolve) => {
    link.onload = () => resolve(true);
    link.onerror = () => resolve(false);
    after.after(link);
  });
}

/** Per island name: its sheet, asked for once. */
const islandSheets = new Map<string, Promise<void>>();

/**
 * The rules of an island that starts at a touch, which a page's cut leaves out (decision 0078):
 * its sheet (`/island-sheets/<name>.css`, every rule scoped to the island), named with the
 * stylesheet it is cut from and the islands script (`script`, its address) whose words cut it.
 * Resolves once it is there; the whole stylesheet instead where it failed or where the browser
 * has no `@scope`. At once on a page with the whole file.
 */
export function islandStylesheet(name: string, script: string): Promise<void> {
  const cut = cutStyle();
  if (!cut) return Promise.resolve();
  if (!("CSSScopeRule" in window)) return wholeStylesheet();
  const known = islandSheets.get(name);
  if (known) return known;
  const file = (address: string) => /([\w-]+)\.\w+$/.exec(new URL(address, location.href).pathname)?.[1];
  const version = `${file(cut.dataset.href!)}.${file(script)}`;
  const loaded = addSheet(`/island-sheets/${name}.css?v=${version}`, cut).then((ok) => (ok ? undefined : wholeStylesheet()));
  islandSheets.set(name, loaded);
  return loaded;
}

import fs from "node:fs";
import { fileURLToPath } from "node:url";
import islandWords from "virtual:island-words";
import { isIslandsPage } from "~/islands/mode";
import { allIslandFilesOf, wordsOfIslandFiles, type IslandWords } from "../cache/page-css.server";
import { classCutOf, classWordsOf } from "./class-cut.server";

/**
 * Public pages carry the site's stylesheet in a `<style>` instead of a `<link>`
 * (docs/decisions/0028): the CSS request was the longer branch before their first paint once the
 * font was cut to 20 KB (Lighthouse's simulated LCP: /privacy 1.06 → 0.91 s, / 1.22 → 0.99 s).
 * They are not hydrated as a whole (decision 0027), so React never looks for the `<link>` there.
 * The back-office keeps the file, which its client routing manages.
 */

/** The built client files, beside the server bundle (build/server/index.js → build/client). */
const CLIENT_DIR = fileURLToPath(new URL("../client/", import.meta.url));

/** Per file path: its text, or null when it could not be read. */
const texts = new Map<string, string | null>();

/** The text of a built stylesheet (`/assets/….css`), read once; null when it is not there (dev server, tests). */
export function stylesheetText(href: string, clientDir = CLIENT_DIR): string | null {
  if (!/^\/assets\/[\w.-]+\.css$/.test(href)) return null;
  const file = `${clientDir}${href.slice(1)}`;
  if (!texts.has(file)) {
    let text: string | null = null;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch {
      text = null;
    }
    texts.set(file, text);
  }
  return texts.get(file)!;
}

/**
 * `html`'s `<link rel="stylesheet">` of `href` (any attribute order, React's nonce included) replaced
 * by a `<style data-href data-cut="classes">` holding `css` (the rules the page's class words keep).
 */
export function inlineStylesheetLink(html: string, href: string, css: string): string {
  const escaped = href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const link = new RegExp(`<link(?=[^>]*\\brel="stylesheet")(?=[^>]*\\bhref="${escaped}")[^>]*>`);
  // A stylesheet never holds "</style" (it would end the element early): keep the link then.
  if (/<\/style/i.test(css)) return html;
  // `data-href` names the file: the page cache cuts the copy it keeps to the page's rules (and its
  // islands'), and the blog list loads the whole file before it shows another page's HTML
  // (page-css.server.ts, app/islands/stylesheet.ts).
  return html.replace(link, () => `<style data-href="${href}" data-cut="classes">${css}</style>`);
}

/** Per stylesheet file: its cut by class words (class-cut.server.ts), made once. */
const cuts = new Map<string, ReturnType<typeof classCutOf>>();

/**
 * For a public page whose stylesheets (`hrefs`) are there, a function that puts them inline in the
 * page's head, each holding only the rules the page's class words, and the words its islands may
 * write (`islands`), keep (class-cut.server.ts); otherwise null (no change). It takes the whole
 * document: public pages suspend nothing, and are rendered whole (app/entry.server.tsx).
 */
export function stylesheetInliner(
  pathname: string,
  hrefs: readonly string[],
  clientDir = CLIENT_DIR,
  islands: IslandWords = islandWords,
): ((html: string) => string) | null {
  if (!isIslandsPage(pathname)) return null;
  const sheets = hrefs.map((href) => ({ href, css: stylesheetText(href, clientDir) })).filter((s): s is { href: string; css: string } => s.css !== null);
  if (sheets.length === 0) return null;
  return (document) => {
    let html = document;
    // The page's own class words and its islands' files name the words that keep rules; the
    // islands' words (a few thousand) are gathered only when that cut is not kept yet.
    const own = classWordsOf(html);
    const files = allIslandFilesOf(html, islands);
    const name = `${[...own].sort().join(" ")}\n${files.join(" ")}`;
    const classes = () => {
      const all = new Set(own);
      for (const word of wordsOfIslandFiles(files, islands)) all.add(word);
      return all;
    };
    for (const { href, css } of sheets) {
      const key = `${clientDir}${href}`;
      if (!cuts.has(key)) cuts.set(key, classCutOf(css));
      html = inlineStylesheetLink(html, href, cuts.get(key)!.named(name, classes));
    }
    return html;
  };
}

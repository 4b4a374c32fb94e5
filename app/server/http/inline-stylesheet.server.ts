import fs from "node:fs";
import { Transform } from "node:stream";
import { fileURLToPath } from "node:url";
import islandWords from "virtual:island-words";
import { isIslandsPage } from "~/islands/mode";
import { islandWordsOf, type IslandWords } from "../cache/page-css.server";
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
 * by a `<style data-href>` holding `css`, marked `data-cut="classes"` when `cut` (the rules the
 * page's class words keep).
 */
export function inlineStylesheetLink(html: string, href: string, css: string, cut = false): string {
  const escaped = href.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const link = new RegExp(`<link(?=[^>]*\\brel="stylesheet")(?=[^>]*\\bhref="${escaped}")[^>]*>`);
  // A stylesheet never holds "</style" (it would end the element early): keep the link then.
  if (/<\/style/i.test(css)) return html;
  // `data-href` names the file: the page cache cuts the copy it keeps to the page's rules (and its
  // islands'), and the blog list loads the whole file before it shows another page's HTML
  // (page-css.server.ts, app/islands/stylesheet.ts).
  return html.replace(link, () => `<style data-href="${href}"${cut ? ' data-cut="classes"' : ""}>${css}</style>`);
}

/** Per stylesheet file: its cut by class words (class-cut.server.ts), made once. */
const cuts = new Map<string, (classes: ReadonlySet<string>) => string>();

/**
 * A stream that passes the document through, with the stylesheets named in `hrefs` put inline in
 * its head when `pathname` is a public page and the files are there; otherwise null (no change).
 * Each holds only the rules the page's class words, and the words its islands may write
 * (`islands`), keep (class-cut.server.ts): the document is held until it is whole (public pages
 * suspend nothing, so their first byte waits for nothing more; the page cache holds it whole anyway).
 */
export function inlineStylesheets(pathname: string, hrefs: readonly string[], clientDir = CLIENT_DIR, islands: IslandWords = islandWords): Transform | null {
  if (!isIslandsPage(pathname)) return null;
  const sheets = hrefs.map((href) => ({ href, css: stylesheetText(href, clientDir) })).filter((s): s is { href: string; css: string } => s.css !== null);
  if (sheets.length === 0) return null;
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      let html = Buffer.concat(chunks).toString("utf8");
      const classes = classWordsOf(html);
      for (const word of islandWordsOf(html, islands)) classes.add(word);
      for (const { href, css } of sheets) {
        const key = `${clientDir}${href}`;
        if (!cuts.has(key)) cuts.set(key, classCutOf(css));
        html = inlineStylesheetLink(html, href, cuts.get(key)!(classes), true);
      }
      callback(null, Buffer.from(html));
    },
  });
}

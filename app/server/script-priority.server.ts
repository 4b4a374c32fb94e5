import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

/**
 * Public pages fetch their JavaScript at low priority, so the stylesheet, the font and the
 * images of the first screen are not slowed down by it on a slow network.
 *
 * React Router's `<Scripts/>` writes a `<link rel="modulepreload">` for every module of the page
 * (React hoists them into the head), and browsers fetch those at high priority, beside the
 * stylesheet. The server HTML is the whole page, styled and readable before any JavaScript runs,
 * so this adds `fetchpriority="low"` to those links. The inline module script then finds its
 * modules already fetched. What loads, and when the page hydrates, is unchanged; only the order
 * of the downloads is. See docs/decisions/0006.
 */
const MODULEPRELOAD = /<link\b(?![^>]*\bfetchpriority=)([^>]*\brel="modulepreload"[^>]*?)(\/?)>/g;
const HEAD_END = "</head>";

/** Rewrites one HTML document's head. */
export function lowerScriptPriority(html: string): string {
  return html.replace(MODULEPRELOAD, '<link$1 fetchpriority="low"$2>');
}

/**
 * The same rewrite on a streamed document: holds the text back until the head has closed
 * (React writes the whole shell at once), rewrites it, then passes the rest straight through.
 */
export function lowerScriptPriorityStream(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  let done = false;
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = typeof chunk === "string" ? chunk : decoder.write(chunk);
      if (done) return callback(null, text);
      held += text;
      const end = held.indexOf(HEAD_END);
      if (end < 0) return callback();
      done = true;
      const out = lowerScriptPriority(held.slice(0, end)) + held.slice(end);
      held = "";
      callback(null, out);
    },
    flush(callback) {
      const tail = held + decoder.end();
      callback(null, done ? tail : lowerScriptPriority(tail));
    },
  });
}

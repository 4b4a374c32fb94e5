/**
 * What the islands' code may write into a page, read from the islands build (scripts/lib/islands.ts):
 * the words the page cache keeps CSS rules for in a kept page's cut stylesheet
 * (app/server/cache/page-css.server.ts, docs/decisions/0059).
 */
import path from "node:path";
import { minify, type Rolldown } from "vite";

const APP = path.resolve(import.meta.dirname, "..", "..", "app");

/**
 * The words of a chunk's modules from app/: Tailwind reads the project's own files (never
 * node_modules), so a library's strings (tailwind-merge's tables of class names) are no class of
 * the stylesheet, only words that would keep rules no page uses.
 */
export async function appWords(chunk: Rolldown.OutputChunk): Promise<string[]> {
  const words = new Set<string>();
  for (const [id, module] of Object.entries(chunk.modules)) {
    if (!id.startsWith(APP + path.sep) || !module.code) continue;
    // Without its comments, whose words ("code", "table") would keep rules for nothing.
    const { code } = await minify(path.basename(id), module.code, { compress: false, mangle: false });
    for (const word of codeWords(code)) words.add(word);
  }
  return [...words].sort();
}

const STRING_LITERAL = /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g;
/** An object's unquoted key (`{type:`, `,open:`): a JSX element's attribute. */
const KEY = /[{,]([a-z][A-Za-z-]*):/g;

/**
 * The words a script may write into a page: each string literal's content split at white space
 * (class lists, tag and attribute names, texts), every unquoted key of an object (a JSX element's
 * attribute such as `type` or `open`), and the whole code split at white space and quotes (so a quote inside
 * a regular expression, which the literal reading takes for a string's start, loses no class).
 * More than it will write: a word that is no class, tag or attribute of the stylesheet keeps
 * nothing.
 */
export function codeWords(code: string): string[] {
  const words = new Set<string>();
  for (const word of code.split(/[\s"'`]+/)) if (word) words.add(word);
  for (const match of code.matchAll(STRING_LITERAL)) {
    const text = (match[1] ?? match[2] ?? match[3] ?? "").replace(/\\(["'`\\])/g, "$1");
    for (const word of text.split(/\s+/)) if (word) words.add(word);
  }
  for (const [, key] of code.replace(STRING_LITERAL, '""').matchAll(KEY)) words.add(key!);
  return [...words].sort();
}

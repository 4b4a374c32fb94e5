import MarkdownIt from "markdown-it";
import { isBreakingTag, truncateAtWord, withoutTags } from "./text";

/**
 * The one markdown renderer (post content, excerpts, the admin Preview). Server code reaches it
 * through app/server/posts/markdown.server.ts so markdown-it stays out of client bundles.
 *
 * Safety rules:
 * - raw HTML in the source is escaped, never passed through (`html: false`);
 * - a link keeps its address only when it is relative or uses http, https, irc, ircs, mailto or
 *   xmpp; any other address (javascript:, data:, vbscript:, file:…) is emptied;
 * - an image is shown only when its source is relative or http(s) (and not empty), and loads
 *   lazily; any other image becomes its alt text, so no `<img src="">` (invalid HTML) is written.
 */
export const LINK_PROTOCOLS = ["http", "https", "irc", "ircs", "mailto", "xmpp"] as const;
export const IMAGE_PROTOCOLS = ["http", "https"] as const;

const SCHEME = /^([a-z][a-z0-9+.-]*):/;

/** What a browser would read as the scheme: entities and escapes decoded, control characters and spaces dropped. */
function schemeOf(url: string): string | null {
  let text = url;
  try {
    text = decodeURIComponent(url);
  } catch {
    // a lone % is not an escape: keep the text as it is
  }
  // Browsers strip leading C0 controls and spaces and drop tabs and newlines anywhere.
  const squeezed = Array.from(text)
    .filter((char) => !isControlOrSpace(char.charCodeAt(0)))
    .join("")
    .toLowerCase();
  return SCHEME.exec(squeezed)?.[1] ?? null;
}

/** True when `url` is relative (no scheme) or its scheme is one of `allowed`. */
export function isAllowedUrl(url: string, allowed: readonly string[]): boolean {
  const scheme = schemeOf(url);
  return scheme === null || allowed.includes(scheme);
}

function createRenderer() {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: false });
  // Let every link and image through the parser; the render rules below decide what the address may be.
  md.validateLink = () => true;

  md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
    const token = tokens[idx]!;
    const href = String(token.attrGet("href") ?? "");
    if (!isAllowedUrl(href, LINK_PROTOCOLS)) token.attrSet("href", "");
    else if (/^https?:\/\//i.test(href.trim())) token.attrSet("rel", "noopener noreferrer");
    return self.renderToken(tokens, idx, options);
  };

  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const src = String(token.attrGet("src") ?? "");
    const alt = self.renderInlineAsText(token.children ?? [], options, env);
    if (!src.trim() || !isAllowedUrl(src, IMAGE_PROTOCOLS)) return md.utils.escapeHtml(alt);
    token.attrSet("alt", alt);
    token.attrSet("loading", "lazy");
    token.attrSet("decoding", "async");
    return self.renderToken(tokens, idx, options);
  };
  return md;
}

let renderer: ReturnType<typeof createRenderer> | undefined;
function markdown() {
  renderer ??= createRenderer();
  return renderer;
}

/** Markdown to sanitized HTML (block level: headings, paragraphs, lists, emphasis, links, images, code). */
export function renderMarkdown(source: string): string {
  return markdown().render(source ?? "");
}

/**
 * A second parser, for plain text only: it reads raw HTML as HTML (`html: true`) so the text
 * helpers can leave its tags out. Never used to render.
 */
let textParser: ReturnType<typeof createTextParser> | undefined;
function createTextParser() {
  const md = new MarkdownIt({ html: true, linkify: false, typographer: false, breaks: false });
  // As in the renderer: every link and image is read as one, so a refused address never shows as markdown source.
  md.validateLink = () => true;
  return md;
}
function textMarkdown() {
  textParser ??= createTextParser();
  return textParser;
}

/** Elements whose content is never readable text. */
const HIDDEN_ELEMENTS = /<(script|style|template|textarea|title)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi;
const HIDDEN_OPEN = /^<(script|style|template|textarea|title)\b/i;
const HIDDEN_CLOSE = /^<\/(script|style|template|textarea|title)\s*>/i;

/** The text of a block of raw HTML: comments, scripts and styles dropped, tags removed, entities decoded. */
function htmlBlockText(html: string): string {
  return textMarkdown().utils.unescapeAll(withoutTags(html.replace(/<!--[\s\S]*?(-->|$)/g, " ").replace(HIDDEN_ELEMENTS, " ")));
}

/**
 * The readable text of a markdown snippet, without markup: for cards, meta descriptions, Open
 * Graph, JSON-LD and feeds. Raw HTML typed into the markdown is left out (its tags, comments,
 * scripts and styles; the words between tags stay), so no literal tag reaches a description.
 */
export function markdownToText(source: string): string {
  const tokens = textMarkdown().parse(source ?? "", {});
  const parts: string[] = [];
  for (const token of tokens) {
    if (token.type === "inline") {
      let hidden = 0;
      for (const child of token.children ?? []) {
        if (child.type === "html_inline") {
          if (HIDDEN_OPEN.test(child.content)) hidden++;
          else if (HIDDEN_CLOSE.test(child.content)) hidden = Math.max(0, hidden - 1);
          else if (isBreakingTag(child.content)) parts.push(" ");
          continue;
        }
        if (hidden > 0) continue;
        if (child.type === "text" || child.type === "code_inline") parts.push(child.content);
        else if (child.type === "softbreak" || child.type === "hardbreak") parts.push(" ");
        else if (child.type === "image") parts.push(child.content);
      }
      parts.push(" ");
    } else if (token.type === "html_block") {
      parts.push(htmlBlockText(token.content), " ");
    } else if (token.type === "code_block" || token.type === "fence") {
      parts.push(token.content, " ");
    }
  }
  return parts.join("").replace(/\s+/g, " ").trim();
}

/**
 * A post's summary as plain text: its excerpt, or else the start of its content cut at a word
 * boundary to about `maxLength` characters (meta descriptions ~160, feed items ~200).
 */
export function postSummary(excerpt: string, content: string, maxLength: number): string {
  return markdownToText(excerpt) || truncateAtWord(markdownToText(content), maxLength);
}

/** C0 controls and space (up to U+0020), DEL and the C1 controls (U+007F to U+009F). */
function isControlOrSpace(code: number) {
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f);
}

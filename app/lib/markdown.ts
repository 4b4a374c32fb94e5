import MarkdownIt from "markdown-it";

/**
 * The one markdown renderer (post content, excerpts, the admin Preview). Server code reaches it
 * through app/server/markdown.server.ts so markdown-it stays out of client bundles.
 *
 * Safety rules:
 * - raw HTML in the source is escaped, never passed through (`html: false`);
 * - a link keeps its address only when it is relative or uses http, https, irc, ircs, mailto or
 *   xmpp; any other address (javascript:, data:, vbscript:, file:…) is emptied;
 * - an image keeps its source only when it is relative or http(s), and loads lazily.
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
    if (!isAllowedUrl(src, IMAGE_PROTOCOLS)) token.attrSet("src", "");
    token.attrSet("alt", self.renderInlineAsText(token.children ?? [], options, env));
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

/** The readable text of a markdown snippet, without markup: for cards, meta descriptions and feeds. */
export function markdownToText(source: string): string {
  const tokens = markdown().parse(source ?? "", {});
  const parts: string[] = [];
  for (const token of tokens) {
    if (token.type === "inline") {
      for (const child of token.children ?? []) {
        if (child.type === "text" || child.type === "code_inline") parts.push(child.content);
        else if (child.type === "softbreak" || child.type === "hardbreak") parts.push(" ");
        else if (child.type === "image") parts.push(child.content);
      }
      parts.push(" ");
    } else if (token.type === "code_block" || token.type === "fence") {
      parts.push(token.content, " ");
    }
  }
  return parts.join("").replace(/\s+/g, " ").trim();
}

/** C0 controls and space (up to U+0020), DEL and the C1 controls (U+007F to U+009F). */
function isControlOrSpace(code: number) {
  return code <= 0x20 || (code >= 0x7f && code <= 0x9f);
}

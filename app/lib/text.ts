/** A tag's slug is its lower-cased name with runs of whitespace replaced by hyphens. */
export function tagSlug(name: string) {
  return name.trim().toLowerCase().replace(/\s+/g, "-");
}

/** A URL-safe slug offered from a post title: lower-case ASCII letters, digits and single hyphens. */
export function slugFromTitle(title: string) {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 96)
    .replace(/-+$/g, "");
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Read time from the content at about 230 words a minute, at least one minute. */
export const WORDS_PER_MINUTE = 230;
export function readTimeMinutes(markdown: string) {
  return Math.max(1, Math.round(wordCount(markdown) / WORDS_PER_MINUTE));
}

/** Words in the content as the read time counts them (runs of non-space); the editor shows it as you type. */
export function wordCount(markdown: string) {
  return markdown.trim().split(/\s+/).filter(Boolean).length;
}

/** Initials for avatars: first letters of the first and last words. */
export function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return "?";
  const first = parts[0]!.charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : "";
  return (first + last).toUpperCase();
}

/**
 * `text` cut to at most `maxLength` characters, at the last word boundary, with "…" when
 * something was cut. A single word longer than that is cut inside.
 */
export function truncateAtWord(text: string, maxLength: number) {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= maxLength) return clean;
  const room = clean.slice(0, Math.max(0, maxLength - 1));
  const boundary = clean.charAt(room.length) === " " ? room.length : room.lastIndexOf(" ");
  const head = boundary > 0 ? room.slice(0, boundary) : room;
  return `${head.replace(/[\s,;:.!?(–—-]+$/, "")}…`;
}

/** Tags that separate words when a page shows them (blocks, line breaks, images); other tags (b, em, span…) do not. */
const BREAKING_TAG =
  /^<\/?(address|article|aside|blockquote|br|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|img|li|main|nav|ol|p|pre|section|table|td|th|tr|ul)\b/i;

/** True for a tag that separates the words around it (see BREAKING_TAG). */
export function isBreakingTag(tag: string) {
  return BREAKING_TAG.test(tag);
}

/**
 * Plain text for a description: anything shaped like an HTML tag or comment is removed and
 * whitespace collapsed (a "<" that starts no tag, as in "a < b", stays).
 */
export function withoutTags(text: string) {
  return text
    .replace(/<!--[\s\S]*?(-->|$)/g, " ")
    .replace(/<\/?[a-zA-Z][^<>]*>/g, (tag) => (isBreakingTag(tag) ? " " : ""))
    .replace(/\s+/g, " ")
    .trim();
}

/** Whether `text` holds a control character (C0 or DEL), those whose codes are in `allowed` aside. */
export function hasControlCharacter(text: string, allowed?: ReadonlySet<number>) {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 || code === 0x7f) && !allowed?.has(code)) return true;
  }
  return false;
}

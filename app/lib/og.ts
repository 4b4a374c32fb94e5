import { ogPageCards, type OgPage } from "~/content/og";
import { hashText } from "./brand-palette";

/** The size every share service expects of a large Open Graph / Twitter card image. */
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

/** Bump when the design of the generated images changes: every image address changes with it. */
const OG_DESIGN_VERSION = 1;

/** What one generated share image shows. `kind` picks the colours: a post's category, or the brand's. */
export type OgCard = { kind: "post" | "page"; eyebrow: string; title: string; brand: string };

/** A share image as `seo()` takes it: its address (path or absolute), size and text alternative. */
export type OgImage = { url: string; width: number; height: number; alt: string };

/**
 * A short fingerprint of everything drawn on a card. It is in the image's address, so a changed
 * title or category is a new address (old copies in caches and share previews never mask it),
 * and the server keeps rendered images under it.
 */
export function ogCardVersion(card: OgCard): string {
  const text = JSON.stringify([OG_DESIGN_VERSION, card.kind, card.eyebrow, card.title, card.brand]);
  // Two differently seeded passes: 64 bits, so two revisions of a post never share a fingerprint.
  return hashText(text).toString(36).padStart(7, "0") + hashText(`${text}\u0000`).toString(36).padStart(7, "0");
}

export function postOgCard(post: { title: string; category: string }, brand: string): OgCard {
  return { kind: "post", eyebrow: post.category, title: post.title, brand };
}

export function pageOgCard(page: OgPage, brand: string): OgCard {
  return { kind: "page", ...ogPageCards[page], brand };
}

export function isOgPage(name: string): name is OgPage {
  return Object.hasOwn(ogPageCards, name);
}

function ogImage(path: string, card: OgCard): OgImage {
  return { url: `${path}?v=${ogCardVersion(card)}`, width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, alt: `${card.eyebrow}: ${card.title}` };
}

/** The generated share image of a published post: /og/post/<slug>.png. */
export function postOgImage(post: { slug: string; title: string; category: string }, brand: string): OgImage {
  return ogImage(`/og/post/${post.slug}.png`, postOgCard(post, brand));
}

/** The generated share image of a public page: /og/page/<name>.png. */
export function pageOgImage(page: OgPage, brand: string): OgImage {
  return ogImage(`/og/page/${page}.png`, pageOgCard(page, brand));
}

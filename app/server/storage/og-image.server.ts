/**
 * Share images (Open Graph / Twitter, 1200×630 PNG) drawn on the server without a browser:
 * Takumi lays out a small node tree (flexbox, gradients, text) and rasterises it natively, with
 * the site's own Inter font read from disk (docs/decisions/0010-og-images.md).
 * Rendered images are kept in memory under the card's fingerprint (app/lib/og.ts).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { Renderer, type ContainerNode, type Node } from "@takumi-rs/core";
import { BRAND_SWATCH, categorySwatch, type Swatch } from "~/lib/brand-palette";
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, ogCardVersion, type OgCard } from "~/lib/og";

/** Inter (variable weight) as the site ships it: Latin, then Latin Extended for accented names. */
const FONT_FILES = [
  { file: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2" },
  { file: "@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2" },
];
const FONT_FAMILY = "Inter";

/** The brand mark of the header (app/components/layout/brand-logo.tsx), as an image source. */
const BRAND_MARK_SRC = "brand-mark.svg";
const BRAND_MARK_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
  '<stop offset="0" stop-color="#a78bfa"/><stop offset="1" stop-color="#22d3ee"/></linearGradient></defs>' +
  '<rect width="32" height="32" rx="9" fill="url(#g)"/><path d="M9 21c3.5 0 4.5-10 8-10s3.5 6 6 6" fill="none" stroke="#07070c" stroke-width="3" stroke-linecap="round"/>' +
  '<circle cx="9" cy="21" r="2.2" fill="#07070c"/><circle cx="23" cy="17" r="2.2" fill="#07070c"/></svg>';

let renderer: Promise<Renderer> | undefined;

/** One renderer per process, its fonts registered once (about 30 ms, on the first image). */
function getRenderer(): Promise<Renderer> {
  renderer ??= (async () => {
    const require = createRequire(import.meta.url);
    const instance = new Renderer();
    for (const { file } of FONT_FILES) await instance.registerFont({ name: FONT_FAMILY, data: fs.readFileSync(require.resolve(file)) });
    return instance;
  })().catch((error: unknown) => {
    renderer = undefined;
    throw error;
  });
  return renderer;
}

/** Smaller type for longer titles, so that three lines hold any title a post form accepts. */
function titleSize(title: string): number {
  if (title.length <= 36) return 80;
  if (title.length <= 64) return 68;
  if (title.length <= 100) return 58;
  return 50;
}

function box(style: ContainerNode["style"], children: Node[] = []): ContainerNode {
  return { type: "container", style, children };
}

function text(value: string, style: ContainerNode["style"]): Node {
  return { type: "text", text: value, style };
}

/** The node tree of one card: brand top left, a dot pattern and a glow in the card's colour, label and title below. */
export function ogCardTree(card: OgCard): Node {
  const swatch: Swatch = card.kind === "post" ? categorySwatch(card.eyebrow) : BRAND_SWATCH;
  const size = titleSize(card.title);
  return box(
    {
      width: OG_IMAGE_WIDTH,
      height: OG_IMAGE_HEIGHT,
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: "64px 72px 72px",
      fontFamily: FONT_FAMILY,
      color: "#f4f4f8",
      backgroundColor: "#07070c",
      backgroundImage: [
        `radial-gradient(circle at 88% 12%, ${swatch.solid}99 0%, ${swatch.solid}00 48%)`,
        `radial-gradient(circle at 0% 100%, ${swatch.deep} 0%, #07070c00 60%)`,
        `linear-gradient(135deg, #0b0b14 0%, ${swatch.deep} 100%)`,
      ].join(", "),
    },
    [
      // Dot pattern over the right half, fading out towards the text.
      box({
        position: "absolute",
        top: 0,
        right: 0,
        width: 640,
        height: OG_IMAGE_HEIGHT,
        backgroundImage: "radial-gradient(circle, #ffffff33 2px, #ffffff00 2.5px)",
        backgroundSize: "32px 32px",
        maskImage: "linear-gradient(to left, #000000 0%, #00000000 100%)",
      }),
      box({ display: "flex", alignItems: "center", gap: 18 }, [
        { type: "image", src: BRAND_MARK_SRC, style: { width: 56, height: 56 } },
        text(card.brand, { fontSize: 34, fontWeight: 700, letterSpacing: "-0.01em" }),
      ]),
      box({ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: 28 }, [
        text(card.eyebrow, {
          fontSize: 26,
          fontWeight: 600,
          color: swatch.soft,
          padding: "10px 24px",
          borderRadius: 999,
          border: `2px solid ${swatch.solid}99`,
          backgroundColor: `${swatch.solid}26`,
        }),
        text(card.title, {
          fontSize: size,
          fontWeight: 800,
          lineHeight: 1.08,
          letterSpacing: "-0.025em",
          maxWidth: 1000,
          lineClamp: 3,
          textOverflow: "ellipsis",
        }),
      ]),
      box({
        position: "absolute",
        left: 0,
        bottom: 0,
        width: OG_IMAGE_WIDTH,
        height: 10,
        backgroundImage: `linear-gradient(90deg, ${swatch.solid} 0%, #22d3ee 100%)`,
      }),
    ],
  );
}

/** Renders a card to PNG bytes. */
export async function renderOgCard(card: OgCard): Promise<Buffer<ArrayBuffer>> {
  const instance = await getRenderer();
  return instance.render(ogCardTree(card), {
    width: OG_IMAGE_WIDTH,
    height: OG_IMAGE_HEIGHT,
    format: "png",
    images: [{ src: BRAND_MARK_SRC, data: new TextEncoder().encode(BRAND_MARK_SVG) }],
  });
}

/** Rendered images by address and fingerprint; the oldest go first past this many (about 60 KB each). */
const MAX_IMAGES = 200;
const images = new Map<string, Promise<Buffer<ArrayBuffer>>>();

/**
 * The PNG of a card, rendered once per fingerprint: concurrent requests share one render, and a
 * changed card (a new fingerprint) renders anew while the old entry ages out.
 */
export function ogCardPng(address: string, card: OgCard): { version: string; png: Promise<Buffer<ArrayBuffer>> } {
  const version = ogCardVersion(card);
  const key = `${address}?v=${version}`;
  let png = images.get(key);
  if (png) {
    // Most recently used last, so the oldest is the first key.
    images.delete(key);
  } else {
    png = renderOgCard(card);
    png.catch(() => images.delete(key));
    if (images.size >= MAX_IMAGES) images.delete(images.keys().next().value!);
  }
  images.set(key, png);
  return { version, png };
}

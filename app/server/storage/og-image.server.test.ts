import { describe, expect, it } from "vitest";
import { ogCardPng, renderOgCard } from "./og-image.server";
import { ogCardVersion, pageOgCard, postOgCard } from "~/lib/og";

/** Width and height from a PNG's IHDR chunk (bytes 16-23), after checking the PNG signature. */
function pngSize(bytes: Uint8Array) {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe("share image rendering", () => {
  it("draws a post card and a page card as 1200×630 PNGs with the site's font, no browser", async () => {
    const post = await renderOgCard(postOgCard({ title: "Évaluer: agents before production", category: "AI Agents" }, "Flowstate"));
    expect(pngSize(post)).toEqual({ width: 1200, height: 630 });
    const page = await renderOgCard(pageOgCard("terms", "Flowstate"));
    expect(pngSize(page)).toEqual({ width: 1200, height: 630 });
    expect(Buffer.compare(post, page)).not.toBe(0);
  });

  it("renders a card once per fingerprint and again when what it shows changes", async () => {
    const card = postOgCard({ title: "Cached card", category: "Automation" }, "Flowstate");
    const first = ogCardPng("post/cached-card", card);
    const again = ogCardPng("post/cached-card", { ...card });
    expect(again.version).toBe(first.version);
    expect(again.png).toBe(first.png);

    const edited = ogCardPng("post/cached-card", { ...card, title: "Cached card, edited" });
    expect(edited.version).toBe(ogCardVersion({ ...card, title: "Cached card, edited" }));
    expect(edited.version).not.toBe(first.version);
    expect(Buffer.compare(await edited.png, await first.png)).not.toBe(0);
  });
});

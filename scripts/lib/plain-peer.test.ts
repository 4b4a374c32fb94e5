import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAIN_PEER_HTML, startPlainPeer, type PlainPeer } from "./plain-peer";

describe("the plain page bench:pages measures as its floor (BENCH_PEER_URL=plain)", () => {
  let peer: PlainPeer;
  beforeAll(async () => {
    peer = await startPlainPeer();
  });
  afterAll(async () => {
    await peer?.stop();
  });

  it("listens on 127.0.0.1 and answers / with the whole page", async () => {
    expect(new URL(peer.url).hostname).toBe("127.0.0.1");
    const answer = await fetch(peer.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await answer.text()).toBe(PLAIN_PEER_HTML);
  });

  it("is one request: no script, stylesheet, font or image to fetch", () => {
    expect(PLAIN_PEER_HTML).not.toMatch(/<script|<img|<iframe|rel="stylesheet"|rel="preload"|@font-face|url\(/i);
    // The icon is inline, so the browser asks for no /favicon.ico either.
    expect(PLAIN_PEER_HTML).toContain('<link rel="icon" href="data:,">');
    expect([...PLAIN_PEER_HTML.matchAll(/\b(?:src|srcset)=/gi)]).toHaveLength(0);
  });

  it("is a page Lighthouse can score whole: a language, a title, a description and a viewport", () => {
    expect(PLAIN_PEER_HTML).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(PLAIN_PEER_HTML).toMatch(/<title>[^<]+<\/title>/);
    expect(PLAIN_PEER_HTML).toMatch(/<meta name="description" content="[^"]+">/);
    expect(PLAIN_PEER_HTML).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(PLAIN_PEER_HTML.match(/<p>/g)?.length).toBeGreaterThanOrEqual(8);
  });

  it("answers any other path with 404 and a write with 405", async () => {
    expect((await fetch(new URL("/blog", peer.url))).status).toBe(404);
    const post = await fetch(peer.url, { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("stops listening when stopped", async () => {
    const other = await startPlainPeer();
    expect((await fetch(other.url)).status).toBe(200);
    await other.stop();
    await expect(fetch(other.url)).rejects.toThrow();
  });
});

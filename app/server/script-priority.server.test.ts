import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lowerScriptPriority, lowerScriptPriorityStream } from "./script-priority.server";

// The shape React Router 7's <Scripts/> renders once React has hoisted its preloads.
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Café – Flowstate</title>',
  '<link rel="preload" href="/assets/inter.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/home-B.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/low-C.js" fetchpriority="low"/>',
  '<link nonce="n0nce" rel="stylesheet" href="/assets/root.css"/></head>',
  '<body><main><h1>Smarter Systems. Better Outcomes.</h1><p>Write &lt;link rel="modulepreload"&gt; in code: <code><link rel="modulepreload" href="/x.js"/></code></p></main>',
  '<script nonce="n0nce" type="module" async="">import * as route0 from "/assets/home-B.js";\nimport("/assets/entry.client-A.js");</script>',
  "</body></html>",
].join("");

const expected = page
  .replace('href="/assets/entry.client-A.js" nonce="n0nce"/>', 'href="/assets/entry.client-A.js" nonce="n0nce" fetchpriority="low"/>')
  .replace('href="/assets/home-B.js" nonce="n0nce"/>', 'href="/assets/home-B.js" nonce="n0nce" fetchpriority="low"/>');

describe("public pages' JavaScript at low fetch priority", () => {
  it("marks every modulepreload link low, once, and leaves everything else alone", () => {
    const head = page.slice(0, page.indexOf("</head>"));
    expect(lowerScriptPriority(head)).toBe(expected.slice(0, expected.indexOf("</head>")));
    expect(expected.match(/fetchpriority="low"/g)).toHaveLength(3);
    expect(expected).toContain('<link rel="preload" href="/assets/inter.woff2" as="font"');
    expect(expected).toContain('<script nonce="n0nce" type="module" async="">');
  });

  it("rewrites the head only, and gives the same document whatever the chunk size, split inside characters too", async () => {
    const bytes = Buffer.from(page, "utf8");
    for (const size of [1, 2, 7, 64, 333, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      let streamed = "";
      for await (const part of Readable.from(chunks).pipe(lowerScriptPriorityStream())) streamed += part;
      expect(streamed).toBe(expected);
    }
  });

  it("passes a document without a head through, rewritten", async () => {
    let streamed = "";
    for await (const part of Readable.from([Buffer.from('<link rel="modulepreload" href="/a.js"/>')]).pipe(lowerScriptPriorityStream())) streamed += part;
    expect(streamed).toBe('<link rel="modulepreload" href="/a.js" fetchpriority="low"/>');
  });
});

import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { pinPage } from "./page-pinning.server";

const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

describe("pinned cached pages", () => {
  it("swaps the nonce for the hashes of the page's own inline scripts", () => {
    const html =
      '<head><link rel="modulepreload" href="/a.js" nonce="abc"/></head><body>' +
      '<script type="application/ld+json">{"@type":"WebSite"}</script>' +
      '<script nonce="abc">window.__ctx = 1;</script>' +
      '<script nonce="abc" type="module" async="">import "/a.js";</script>' +
      '<script src="/b.js" nonce="abc"></script></body>';
    const csp = "default-src 'self'; script-src 'self' 'nonce-abc'; object-src 'none'";
    const pinned = pinPage(html, csp);
    expect(pinned.html).not.toContain("nonce=");
    expect(pinned.csp).toBe(`default-src 'self'; script-src 'self' ${sha("window.__ctx = 1;")} ${sha('import "/a.js";')}; object-src 'none'`);
  });

  it("drops the nonce, leaving no 'none', when every inline script is pinned already (an islands page)", () => {
    const early = "window.early = 1;";
    const html = `<head><script nonce="abc">${early}</script></head><body><script type="module" src="/islands.js" nonce="abc"></script></body>`;
    const csp = `default-src 'self'; script-src 'self' 'nonce-abc' ${sha(early)}; object-src 'none'`;
    const pinned = pinPage(html, csp);
    expect(pinned.html).not.toContain("nonce=");
    expect(pinned.csp).toBe(`default-src 'self'; script-src 'self' ${sha(early)}; object-src 'none'`);
  });

  it("leaves pages without a nonce as they are", () => {
    expect(pinPage("<p>hi</p>", null)).toEqual({ html: "<p>hi</p>", csp: null });
    expect(pinPage("<p>hi</p>", "default-src 'self'")).toEqual({ html: "<p>hi</p>", csp: "default-src 'self'" });
  });
});

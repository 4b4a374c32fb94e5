import { describe, expect, it } from "vitest";
import { earlyHintLinks, sendEarlyHints, type HintRequest } from "./early-hints.server";

const css = "</assets/root-abc.css>; rel=preload; as=style";
const font = '</assets/inter.woff2>; rel=preload; as=font; type="font/woff2"; crossorigin';
const links = [css, font];

function send(overrides: Partial<HintRequest>) {
  const sent: Record<string, string | string[]>[] = [];
  const request: HintRequest = {
    method: "GET",
    url: "/admin/login",
    httpVersionMajor: 1,
    httpVersionMinor: 1,
    headers: { accept: "text/html,*/*" },
    ...overrides,
  };
  const did = sendEarlyHints(request, { writeEarlyHints: (hints) => sent.push(hints) }, links);
  expect(did).toBe(sent.length === 1);
  return sent;
}

describe("earlyHintLinks", () => {
  it("names the root route's stylesheets and the Inter file cut to the pages' characters", () => {
    const hints = earlyHintLinks({ routes: { root: { css: ["/assets/root-abc.css"] }, "routes/admin": { css: ["/assets/admin.css"] } } });
    expect(hints[0]).toBe("</assets/root-abc.css>; rel=preload; as=style");
    expect(hints[1]).toMatch(/^<[^>]*inter-basic-wght[^>]*\.woff2>; rel=preload; as=font; type="font\/woff2"; crossorigin$/);
    expect(hints).toHaveLength(2);
  });
});

describe("sendEarlyHints", () => {
  it("hints a page request that accepts HTML", () => {
    expect(send({})).toEqual([{ link: links }]);
    expect(send({ method: "HEAD", url: "/admin/blog?page=2" })).toEqual([{ link: links }]);
  });

  it("names only the font for a public page, which carries its stylesheet inline", () => {
    expect(send({ url: "/team" })).toEqual([{ link: [font] }]);
    expect(send({ method: "HEAD", url: "/blog?page=2" })).toEqual([{ link: [font] }]);
  });

  it("leaves alone writes, HTTP/1.0, non-HTML, assets, the API and client navigation data", () => {
    expect(send({ method: "POST" })).toEqual([]);
    expect(send({ httpVersionMinor: 0 })).toEqual([]);
    expect(send({ headers: { accept: "image/avif,image/webp" } })).toEqual([]);
    expect(send({ headers: {} })).toEqual([]);
    expect(send({ url: "/assets/root-abc.css" })).toEqual([]);
    expect(send({ url: "/api/leads" })).toEqual([]);
    expect(send({ url: "/team.data?_routes=routes%2Fsite%2Fteam" })).toEqual([]);
  });
});

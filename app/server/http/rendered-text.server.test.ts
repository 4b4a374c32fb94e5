import { afterEach, describe, expect, it, vi } from "vitest";
import { documentResponse, renderedText } from "./rendered-text.server";

describe("documentResponse", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps its text beside it, and encodes its body only when the body is read", async () => {
    const encode = vi.spyOn(TextEncoder.prototype, "encode");
    const html = "<p>Café – “whole”</p>";
    const response = documentResponse(html, { status: 404, headers: { "Content-Type": "text/html; charset=utf-8" } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(renderedText(response)).toBe(html);
    expect(encode).not.toHaveBeenCalled();
    expect(response.status).toBe(404);
    expect(Buffer.from(await response.arrayBuffer()).toString("utf8")).toBe(html);
    expect(encode).toHaveBeenCalledTimes(1);
  });

  it("knows no text of a Response it did not make", () => {
    expect(renderedText(new Response("<p>Other</p>"))).toBeNull();
  });
});

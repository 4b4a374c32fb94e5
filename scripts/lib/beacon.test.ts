import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildBeacon } from "./beacon";

describe("the analytics beacon", () => {
  it("builds to plain minified JavaScript of at most 1.5 KB gzipped, named by its content", async () => {
    const { code, fileName } = await buildBeacon();
    expect(zlib.gzipSync(code, { level: 9 }).byteLength).toBeLessThanOrEqual(1536);
    // A classic script: no module syntax, no React.
    expect(code).not.toMatch(/\bimport\b|\bexport\b|react/i);
    expect(code).toContain("sendBeacon");
    expect(fileName).toMatch(/^assets\/beacon-[A-Za-z0-9]{10}\.js$/);
    expect((await buildBeacon()).fileName).toBe(fileName);
  });
});

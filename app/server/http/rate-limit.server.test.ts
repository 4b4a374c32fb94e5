import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.server";

describe("createRateLimiter", () => {
  it("allows `limit` hits per key and window, then refuses until the window ends", () => {
    let t = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 1000, now: () => t });
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("a").allowed).toBe(true);
    const refused = limiter.hit("a");
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.hit("b").allowed).toBe(true);
    expect(limiter.peek("a").allowed).toBe(false);
    t = 1000;
    expect(limiter.peek("a").allowed).toBe(true);
    expect(limiter.hit("a").allowed).toBe(true);
  });
});

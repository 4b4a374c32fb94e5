import { describe, expect, it } from "vitest";
import { formatCount } from "./count-format";

describe("formatCount", () => {
  it("writes whole numbers with en-US thousands separators", () => {
    expect(formatCount(35)).toBe("35");
    expect(formatCount(6000)).toBe("6,000");
    expect(formatCount(1_250_000)).toBe("1,250,000");
  });

  it("writes zero, which a counter shows before it counts, as 0", () => {
    expect(formatCount(0)).toBe("0");
  });
});

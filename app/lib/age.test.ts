import { describe, expect, it } from "vitest";
import { ageOf } from "./age";

const NOW = "2026-11-28T12:00:00.000Z";
const before = (ms: number) => new Date(Date.parse(NOW) - ms).toISOString();
const MIN = 60_000;

describe("ageOf", () => {
  it("says how long ago in the largest whole unit, short and long", () => {
    expect(ageOf(before(30_000), NOW)).toEqual({ short: "now", long: "just now" });
    expect(ageOf(before(MIN), NOW)).toEqual({ short: "1 min", long: "1 minute ago" });
    expect(ageOf(before(59 * MIN), NOW)).toEqual({ short: "59 min", long: "59 minutes ago" });
    expect(ageOf(before(2 * 60 * MIN + 5 * MIN), NOW)).toEqual({ short: "2 h", long: "2 hours ago" });
    expect(ageOf(before(3 * 24 * 60 * MIN), NOW)).toEqual({ short: "3 d", long: "3 days ago" });
    expect(ageOf(before(45 * 24 * 60 * MIN), NOW)).toEqual({ short: "1 mo", long: "1 month ago" });
    expect(ageOf(before(800 * 24 * 60 * MIN), NOW)).toEqual({ short: "2 y", long: "2 years ago" });
  });

  it("treats a time after now (clocks apart) as now", () => {
    expect(ageOf(before(-5 * MIN), NOW).short).toBe("now");
  });
});

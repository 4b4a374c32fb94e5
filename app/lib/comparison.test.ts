import { describe, expect, it } from "vitest";
import { comparisonCopy } from "~/content/comparison";
import { afterFigures, afterValue, clampPercent } from "./comparison";

describe("After figures from Before figures", () => {
  it("time is 12% of Before, one decimal, at least 0.1", () => {
    expect(afterValue("time", "17")).toBe("2.0");
    expect(afterValue("time", "40")).toBe("4.8");
    expect(afterValue("time", "0.2")).toBe("0.1");
    expect(afterValue("time", "0")).toBe("0.1");
  });

  it("error rate is 10% of Before, one decimal, at least 0.1", () => {
    expect(afterValue("errorRate", "8")).toBe("0.8");
    expect(afterValue("errorRate", "25")).toBe("2.5");
    expect(afterValue("errorRate", "0.5")).toBe("0.1");
  });

  it("cost is 15% of Before, whole value, at least 50 (PRODUCT.md)", () => {
    expect(afterValue("cost", "1200")).toBe("180");
    expect(afterValue("cost", "1001")).toBe("150");
    expect(afterValue("cost", "1003")).toBe("150");
    expect(afterValue("cost", "1004")).toBe("151");
    expect(afterValue("cost", "$2,500")).toBe("375");
    expect(afterValue("cost", "300")).toBe("50");
    expect(afterValue("cost", "0")).toBe("50");
  });

  it("the default After figures follow the rule, so a first edit that keeps a value keeps its After figure", () => {
    const after = afterFigures(comparisonCopy.before.values);
    expect(after.cost).toBe(comparisonCopy.after.values.cost);
    expect(Number(after.time)).toBe(Number(comparisonCopy.after.values.time));
    expect(after.errorRate).toBe(comparisonCopy.after.values.errorRate);
  });

  it("non-numeric input falls back to each rule's minimum", () => {
    expect(afterValue("time", "lots")).toBe("0.1");
    expect(afterValue("errorRate", "")).toBe("0.1");
    expect(afterValue("cost", "n/a")).toBe("50");
    expect(afterFigures({ time: "abc", errorRate: "12", cost: "x" })).toEqual({ time: "0.1", errorRate: "1.2", cost: "50" });
  });

  it("clamps the divider to 0-100", () => {
    expect(clampPercent(-5)).toBe(0);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(42.5)).toBe(42.5);
    expect(clampPercent(Number.NaN)).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { formatDealValue } from "./currency";

describe("a deal's value as the screen shows it", () => {
  it("is written in its currency, two decimals at most", () => {
    expect(formatDealValue("12000", "USD")).toBe("$12,000.00");
    expect(formatDealValue("12500.5", "EUR")).toBe("€12,500.50");
    expect(formatDealValue("800", "JPY")).toBe("¥800");
  });

  it("falls back to the code and the number for a currency the platform does not know", () => {
    expect(formatDealValue("5", "not a currency")).toBe("not a currency 5");
  });
});

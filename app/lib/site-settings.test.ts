import { describe, expect, it } from "vitest";
import { settingsSchema } from "./site-settings";

describe("the booking reminder setting", () => {
  const parse = (value: string | undefined) => settingsSchema.safeParse({ bookingReminderHours: value });

  it("takes Off or one of the offered hours", () => {
    expect(parse("off").data?.bookingReminderHours).toBe(0);
    expect(parse("0").data?.bookingReminderHours).toBe(0);
    expect(parse("24").data?.bookingReminderHours).toBe(24);
    expect(parse(" 2 ").data?.bookingReminderHours).toBe(2);
    expect(parse(undefined).data?.bookingReminderHours).toBeUndefined();
  });

  it("refuses anything else, naming the choices", () => {
    for (const value of ["5", "-1", "24.5", "1e3", "", "soon", "9999"]) {
      const result = parse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Choose when to send the booking reminder: Off, or 1, 2, 4, 8, 12, 24, 48, 72 hours after a request.");
    }
  });
});

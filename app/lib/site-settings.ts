import { z } from "zod";
import { CURRENCIES, type Currency } from "./currency";

/** The site settings an admin changes on /admin/settings (stored by app/server/site/settings.server.ts). */
export type Settings = {
  /** Anyone may create an account at /admin/auth (SPEC.md); off: only invited addresses may. */
  allowSignUp: boolean;
  /** Admins without two-factor sign-in are sent to set it up before anything else. */
  requireTwoFactor: boolean;
  /** The currency of deal values ('Won' on /admin/leads asks the value in it). */
  currency: Currency;
  /**
   * Hours after an audit request at which a lead without a booking is mailed a one-click booking
   * link (docs/decisions/0054); 0: off.
   */
  bookingReminderHours: BookingReminderHours;
};

/** The booking reminder's choices on /admin/settings, in hours after the request (0: off). */
export const BOOKING_REMINDER_CHOICES = [0, 1, 2, 4, 8, 12, 24, 48, 72] as const;
export type BookingReminderHours = (typeof BOOKING_REMINDER_CHOICES)[number];

export function isBookingReminderHours(value: unknown): value is BookingReminderHours {
  return BOOKING_REMINDER_CHOICES.some((choice) => choice === value);
}

/** A choice as the settings screen and the toast name it: "Off", "1 hour", "24 hours". */
export function bookingReminderLabel(hours: number) {
  return hours === 0 ? "Off" : `${hours} hour${hours === 1 ? "" : "s"} after a request`;
}

export const DEFAULT_SETTINGS: Settings = { allowSignUp: true, requireTwoFactor: false, currency: "USD", bookingReminderHours: 24 };

/** The labels used on /admin/settings (and in summaries of a change). */
export const SETTING_LABELS: Record<keyof Settings, string> = {
  allowSignUp: "Allow sign-up",
  requireTwoFactor: "Require two-factor sign-in for admins",
  currency: "Currency of deal values",
  bookingReminderHours: "Booking reminder",
};

/** A switch of /admin/settings: an unchecked one sends nothing, so the form always carries every setting. */
const settingSwitch = z
  .string()
  .optional()
  .transform((v) => v === "on");

const REMINDER_MESSAGE = `Choose when to send the booking reminder: Off, or ${BOOKING_REMINDER_CHOICES.filter(Boolean).join(", ")} hours after a request.`;

/** The reminder's choice as the form sends it ("off" or a number of hours); anything else is refused with the choices named. */
const bookingReminder = z
  .string({ message: REMINDER_MESSAGE })
  .trim()
  .transform((value, ctx) => {
    const hours = value.toLowerCase() === "off" ? 0 : /^\d{1,3}$/.test(value) ? Number(value) : NaN;
    if (isBookingReminderHours(hours)) return hours;
    ctx.addIssue({ code: "custom", message: REMINDER_MESSAGE });
    return z.NEVER;
  })
  .optional();

/** /admin/settings. */
export const settingsSchema = z.object({
  allowSignUp: settingSwitch,
  requireTwoFactor: settingSwitch,
  currency: z.enum(CURRENCIES, { message: "Choose one of the currencies." }).optional(),
  bookingReminderHours: bookingReminder,
}) satisfies z.ZodType<Partial<Settings>>;

import type { Currency } from "./currency";

/** The site settings an admin changes on /admin/settings (stored by app/server/site/settings.server.ts). */
export type Settings = {
  /** Anyone may create an account at /admin/auth (SPEC.md); off: only invited addresses may. */
  allowSignUp: boolean;
  /** Admins without two-factor sign-in are sent to set it up before anything else. */
  requireTwoFactor: boolean;
  /** The currency of deal values ('Won' on /admin/leads asks the value in it). */
  currency: Currency;
};

export const DEFAULT_SETTINGS: Settings = { allowSignUp: true, requireTwoFactor: false, currency: "USD" };

/** The labels used on /admin/settings (and in summaries of a change). */
export const SETTING_LABELS: Record<keyof Settings, string> = {
  allowSignUp: "Allow sign-up",
  requireTwoFactor: "Require two-factor sign-in for admins",
  currency: "Currency of deal values",
};

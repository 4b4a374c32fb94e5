/** The currencies /admin/settings offers for deal values (ISO 4217). */
export const CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD", "CHF", "SEK", "NOK", "DKK", "JPY"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** A deal value as the screen shows it ("$12,000.50", "€8,000"). */
export function formatDealValue(value: string | number, currency: string) {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency, maximumFractionDigits: 2 }).format(Number(value));
  } catch {
    return `${currency} ${value}`;
  }
}

const longDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** Dates are shown the same on the server and in the browser (UTC, US English). */
export function formatDate(value: Date | string) {
  return longDate.format(typeof value === "string" ? new Date(value) : value);
}

const monthYear = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", timeZone: "UTC" });

/** "January 2025" for an ISO year-month ("2025-01") or a date. */
export function formatMonth(value: string) {
  return monthYear.format(new Date(`${value.slice(0, 7)}-01T00:00:00Z`));
}

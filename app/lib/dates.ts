const longDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** Dates are shown the same on the server and in the browser (UTC, US English). */
export function formatDate(value: Date | string) {
  return longDate.format(typeof value === "string" ? new Date(value) : value);
}

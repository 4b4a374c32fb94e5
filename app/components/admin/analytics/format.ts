const count = new Intl.NumberFormat("en-US");
const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const dayLong = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const monthLabel = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

export function formatCount(value: number) {
  return count.format(value);
}

/** A share as a percentage with one decimal ("2.5%"); '—' when there is nothing to divide by. */
export function formatRate(part: number, whole: number) {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : "—";
}

/** A chart bucket ('YYYY-MM-DD' or 'YYYY-MM') as "Nov 3" / "Nov 2026"; `long` adds the year to days. */
export function formatBucket(bucket: string, long = false) {
  if (bucket.length === 7) return monthLabel.format(new Date(`${bucket}-01T00:00:00Z`));
  return (long ? dayLong : dayLabel).format(new Date(`${bucket}T00:00:00Z`));
}

/** How a figure moved against the previous period: "+12.5%", "−3.0%", "No change", "Up from 0". */
export function formatChange(current: number, previous: number) {
  if (current === previous) return "No change";
  if (previous === 0) return "Up from 0";
  const change = ((current - previous) / previous) * 100;
  return `${change > 0 ? "+" : "−"}${Math.abs(change).toFixed(1)}%`;
}

/** The change of a rate in percentage points ("+0.4 pts"); '—' when either rate is undefined. */
export function formatPointChange(current: number | null, previous: number | null) {
  if (current === null || previous === null) return "—";
  const points = current - previous;
  if (Math.abs(points) < 0.05) return "No change";
  return `${points > 0 ? "+" : "−"}${Math.abs(points).toFixed(1)} pts`;
}

/** A median wait: "45 min", "8 h", "2.5 days"; '—' when there is none. */
export function formatHours(hours: number | null) {
  if (hours === null) return "—";
  if (hours < 1) return `${Math.round(hours * 60)} min`;
  if (hours < 48) return `${Math.round(hours)} h`;
  return `${(hours / 24).toFixed(1)} days`;
}

/** The Analytics screen's periods, in UTC days (the days analytics_daily is rolled up by). */
export const PERIODS = [
  { key: "7d", label: "Last 7 days" },
  { key: "30d", label: "Last 30 days" },
  { key: "12m", label: "Last 12 months" },
] as const;

export type PeriodKey = (typeof PERIODS)[number]["key"];
export const DEFAULT_PERIOD: PeriodKey = "30d";

/** A period's days (both included, 'YYYY-MM-DD'), the same span just before it, and its chart buckets. */
export type PeriodRange = {
  key: PeriodKey;
  from: string;
  to: string;
  previous: { from: string; to: string };
  /** 'day' buckets are days ('YYYY-MM-DD'), 'month' buckets are months ('YYYY-MM'). */
  unit: "day" | "month";
  buckets: string[];
};

/** The period a ?period= value names; anything else is the default (Last 30 days). */
export function parsePeriod(value: string | null | undefined): PeriodKey {
  return PERIODS.find((p) => p.key === value)?.key ?? DEFAULT_PERIOD;
}

export function periodLabel(key: PeriodKey) {
  return PERIODS.find((p) => p.key === key)!.label;
}

const DAY = 24 * 60 * 60 * 1000;

function toDay(ms: number) {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number) {
  return toDay(Date.parse(`${day}T00:00:00Z`) + days * DAY);
}

/** The first day of the month `months` after (or before) the month of `day`. */
function monthStart(day: string, months: number) {
  const d = new Date(`${day}T00:00:00Z`);
  return toDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
}

/**
 * 'Last 7 days' and 'Last 30 days' end today (UTC) and count today; 'Last 12 months' is the
 * current calendar month and the eleven before it. The previous period is as long and ends the
 * day before.
 */
export function periodRange(key: PeriodKey, now: Date): PeriodRange {
  const today = toDay(now.getTime());
  if (key === "12m") {
    const from = monthStart(today, -11);
    const buckets = Array.from({ length: 12 }, (_, i) => monthStart(from, i).slice(0, 7));
    return { key, from, to: today, previous: { from: monthStart(from, -12), to: addDays(from, -1) }, unit: "month", buckets };
  }
  const length = key === "7d" ? 7 : 30;
  const from = addDays(today, -(length - 1));
  const buckets = Array.from({ length }, (_, i) => addDays(from, i));
  return { key, from, to: today, previous: { from: addDays(from, -length), to: addDays(from, -1) }, unit: "day", buckets };
}

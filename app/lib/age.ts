/**
 * How long ago something happened, the way an inbox says it: short ("2 h", "3 d") for the eye and
 * long ("2 hours ago") for a screen reader. Both sides compute it from the same `now` (the server's,
 * sent with the page), so the server's HTML and the hydrated page agree.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const UNITS = [
  { limit: HOUR, size: MINUTE, short: "min", long: "minute" },
  { limit: DAY, size: HOUR, short: "h", long: "hour" },
  { limit: 30 * DAY, size: DAY, short: "d", long: "day" },
  { limit: 365 * DAY, size: 30 * DAY, short: "mo", long: "month" },
  { limit: Infinity, size: 365 * DAY, short: "y", long: "year" },
] as const;

export type Age = { short: string; long: string };

export function ageOf(then: Date | string, now: Date | string): Age {
  const elapsed = new Date(now).getTime() - new Date(then).getTime();
  if (!(elapsed >= MINUTE)) return { short: "now", long: "just now" };
  const unit = UNITS.find((u) => elapsed < u.limit)!;
  const n = Math.floor(elapsed / unit.size);
  return { short: `${n} ${unit.short}`, long: `${n} ${unit.long}${n === 1 ? "" : "s"} ago` };
}

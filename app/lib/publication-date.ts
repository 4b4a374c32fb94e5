/**
 * The post form's 'Publication date': a `datetime-local` value ("2026-03-01T10:30:00") read in the
 * editor's IANA time zone, which the browser sends with the form. The server turns the pair into
 * the instant it stores; it never guesses a zone (without JavaScript the form says UTC and means
 * it). Isomorphic: the form and the server use the same conversions.
 */

export const DEFAULT_TIME_ZONE = "UTC";

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string) {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether `zone` is a time zone this runtime knows (an IANA name such as "Europe/Paris", or "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    partsFormatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of `instant` in `zone`. */
function wallClock(instant: Date, zone: string) {
  const fields: Record<string, number> = {};
  for (const part of partsFormatter(zone).formatToParts(instant)) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  return fields as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** How far `zone` is ahead of UTC at `instant`, in minutes (Paris in winter: 60). */
export function zoneOffsetMinutes(zone: string, instant: Date): number {
  const w = wallClock(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** "UTC+01:00", "UTC-03:30", "UTC+00:00". */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** What the form shows beside the field: "Europe/Paris (UTC+01:00)", with the offset in force at `instant`. */
export function zoneLabel(zone: string, instant: Date = new Date()): string {
  return `${zone} (${formatOffset(zoneOffsetMinutes(zone, instant))})`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The `datetime-local` value of `instant` in `zone`, to the second ("2026-03-01T10:30:00"). */
export function toLocalInput(instant: Date, zone: string): string {
  const w = wallClock(instant, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/**
 * The instant a `datetime-local` value names in `zone`, or null when it is no valid date and
 * time. A wall-clock time skipped or repeated by a daylight-saving change resolves to a nearby
 * real instant.
 */
export function fromLocalInput(value: string, zone: string): Date | null {
  const match = LOCAL_INPUT.exec(value.trim());
  if (!match || !isTimeZone(zone)) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  if (year < 1970 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  if (new Date(asUtc).getUTCDate() !== day) return null; // 31 April and the like
  // The zone's offset at that wall-clock time read as UTC, then again at the instant found:
  // the second guess is right unless an offset change lies in between.
  const guess = asUtc - zoneOffsetMinutes(zone, new Date(asUtc)) * 60_000;
  const corrected = asUtc - zoneOffsetMinutes(zone, new Date(guess)) * 60_000;
  return new Date(toLocalInput(new Date(corrected), zone) === toLocalInput(new Date(asUtc), "UTC") ? corrected : guess);
}

/** The same second: what the form showed, unchanged, names the stored instant (its milliseconds are not shown). */
export function sameSecond(a: Date, b: Date): boolean {
  return Math.floor(a.getTime() / 1000) === Math.floor(b.getTime() / 1000);
}

/** "March 3, 2026, 10:30 UTC": a publication time in `zone`, for statuses and banners. */
export function formatDateTime(instant: Date, zone: string = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(instant);
}

/** The browser's time zone (in the browser), or UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

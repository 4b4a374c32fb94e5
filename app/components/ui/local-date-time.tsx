import { useSyncExternalStore } from "react";
import { DEFAULT_TIME_ZONE, browserTimeZone, formatDateTime } from "~/lib/publication-date";

const noSubscription = () => () => {};

/**
 * The reader's time zone: UTC while the server renders and the page hydrates (the server cannot
 * know it), then the browser's own zone.
 */
export function useTimeZone(): string {
  return useSyncExternalStore(noSubscription, browserTimeZone, () => DEFAULT_TIME_ZONE);
}

/** A date and time in the reader's time zone ("March 3, 2026, 10:30 GMT+1"); UTC in the server's HTML. */
export function LocalDateTime({ value, className }: { value: string; className?: string }) {
  const zone = useTimeZone();
  return (
    <time dateTime={value} className={className}>
      {formatDateTime(new Date(value), zone)}
    </time>
  );
}

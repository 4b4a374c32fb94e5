/** The UTC day of a moment, as PostgreSQL's date text ('2026-11-23'): the day analytics count by. */
export function utcDay(at = new Date()) {
  return at.toISOString().slice(0, 10);
}

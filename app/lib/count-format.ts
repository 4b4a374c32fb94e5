/**
 * Whole numbers as the site writes them ("1,250"). One en-US formatter, made on first use: the
 * public pages' shared island chunk and their boot script carry this module, and an Intl
 * formatter's construction (as `toLocaleString` does on every call) loads ICU's number data,
 * a main-thread task that Lighthouse counted in the blocking time of /blog and the landing page
 * (docs/decisions/0074). Zero, which a counter shows before it counts up, needs no formatter.
 */
let formatter: Intl.NumberFormat | undefined;

export function formatCount(n: number) {
  if (n === 0) return "0";
  return (formatter ??= new Intl.NumberFormat("en-US")).format(n);
}

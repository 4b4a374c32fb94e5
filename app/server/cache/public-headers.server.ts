/**
 * Cache-Control of public HTML and feeds: browsers revalidate every time (max-age=0) while a CDN
 * or proxy may share a copy for a minute and serve it stale while it refreshes. Admin and
 * personalised responses never use this (they stay private / no-store).
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/**
 * The `headers` of a public route: the shared Cache-Control, plus the loader's Server-Timing
 * (how long the data took) so benchmarks and browsers' dev tools can read it.
 */
export function publicPageHeaders(source?: Headers): Headers {
  const headers = new Headers({ "Cache-Control": PUBLIC_CACHE_CONTROL });
  const timing = source?.get("Server-Timing");
  if (timing) headers.set("Server-Timing", timing);
  return headers;
}

/** Runs `load` and reports its duration as a Server-Timing entry. */
export async function timed<T>(name: string, load: () => Promise<T>): Promise<{ value: T; serverTiming: string }> {
  const started = performance.now();
  const value = await load();
  return { value, serverTiming: `${name};dur=${(performance.now() - started).toFixed(1)}` };
}

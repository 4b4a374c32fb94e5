/** The p-th percentile (nearest rank) of values sorted in ascending order. */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The middle value (the upper one of the two middle values for an even count). */
export function median(values: number[]) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/**
 * p50 and p95 of `samples` runs of `run` (`i` from 0), after up to ten warm-up runs (`i` from
 * `samples` on: a run that builds its address from `i` asks the warm-up's addresses only then, so
 * a measured "new" page is not one the warm-up had the page cache keep); a run that returns a
 * number says its own time (ms).
 */
export async function measure(samples: number, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(10, samples); i++) await run(samples + i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t = performance.now();
    const own = await run(i);
    times.push(typeof own === "number" ? own : performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

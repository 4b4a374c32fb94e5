/** One figure of `npm run bench:scale`: `value` is checked against `target` (a p95 for timings); `p50` is printed beside it. */
export type Figure = { label: string; value: number; unit: string; target?: number; p50?: number };

/** The figures of each database side by side by size (rows matched by label), each beside its target. */
export function printTable(results: Map<string, Map<number, Figure[]>>, events: number) {
  for (const [kind, bySize] of results) {
    const sizes = [...bySize.keys()];
    const labels = bySize.get(sizes[0]!)!.map((f) => f.label);
    console.log(`\n${kind === "pglite" ? "PGlite (embedded)" : "PostgreSQL"}: ${events.toLocaleString("en")} analytics events, 2,000 tags`);
    console.log(`  ${"".padEnd(42)}${sizes.map((s) => `${s.toLocaleString("en")} posts`.padStart(20)).join("")}${"target".padStart(10)}`);
    for (const label of labels) {
      // A figure one size lacks is shown as "–" instead of failing the table (and losing the run).
      const row = sizes.map((s) => bySize.get(s)!.find((f) => f.label === label));
      const target = row[0]!.target;
      const cells = row
        .map((f) =>
          (f ? `${f.p50 === undefined ? "" : `${f.p50.toFixed(1)} / `}${f.value.toFixed(f.unit === "ms" || f.unit === "s" ? 1 : 0)} ${f.unit}` : "–").padStart(
            20,
          ),
        )
        .join("");
      const missed = target !== undefined && row.some((f) => f !== undefined && f.value > target);
      console.log(`  ${label.padEnd(42)}${cells}${(target === undefined ? "" : `≤ ${target}`).padStart(10)}${missed ? "  MISSED" : ""}`);
    }
  }
}

import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatBucket, formatCount } from "./format";

export type ChartPoint = { bucket: string; visitors: number; auditRequests: number };

/**
 * Visitors and audit requests per day (or month) as two small bar charts over the same buckets,
 * each on its own scale (a dozen leads would vanish beside thousands of visitors on one axis).
 * Server-drawn SVG: no script, no library; each chart is an image whose label states its
 * figures, and the same numbers are in the table under 'Show data table'.
 */
export function VisitsChart({ points, unit }: { points: ChartPoint[]; unit: "day" | "month" }) {
  const per = unit === "month" ? "month" : "day";
  return (
    <figure className="space-y-6">
      <Bars points={points} series="visitors" name="Visitors" per={per} barClass="fill-primary" swatchClass="bg-primary" />
      <Bars points={points} series="auditRequests" name="Audit requests" per={per} barClass="fill-accent" swatchClass="bg-accent" />
      <figcaption className="sr-only">Visitors and audit requests per {per}</figcaption>
      <details className="group rounded-xl border border-border">
        <summary className="cursor-pointer rounded-xl px-4 py-2 text-sm font-medium hover:bg-surface-2">Show data table</summary>
        <div className="px-4 pb-4">
          <Table density="compact">
            <TableCaption>Visitors and audit requests per {per}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>{per === "month" ? "Month" : "Day"}</TableHead>
                <TableHead numeric>Visitors</TableHead>
                <TableHead numeric>Audit requests</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {points.map((p) => (
                <TableRow key={p.bucket}>
                  <TableHead scope="row" className="font-normal">
                    {formatBucket(p.bucket, true)}
                  </TableHead>
                  <TableCell numeric>{formatCount(p.visitors)}</TableCell>
                  <TableCell numeric>{formatCount(p.auditRequests)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </details>
    </figure>
  );
}

const SLOT = 10;
const HEIGHT = 100;

function Bars({
  points,
  series,
  name,
  per,
  barClass,
  swatchClass,
}: {
  points: ChartPoint[];
  series: "visitors" | "auditRequests";
  name: string;
  per: string;
  barClass: string;
  swatchClass: string;
}) {
  const values = points.map((p) => p[series]);
  const total = values.reduce((sum, v) => sum + v, 0);
  const max = Math.max(0, ...values);
  const peak = points[values.indexOf(max)];
  const first = points[0];
  const last = points[points.length - 1];
  const span = first && last ? `${formatBucket(first.bucket, true)} to ${formatBucket(last.bucket, true)}` : "";
  const summary =
    `${name} per ${per}, ${span}: ${formatCount(total)} in total` +
    (peak && max > 0 ? `, most ${formatCount(max)} on ${formatBucket(peak.bucket, true)}.` : ".");
  return (
    <div>
      <p className="mb-2 flex items-baseline justify-between gap-2 text-sm">
        <span className="flex items-center gap-2 font-medium">
          <span aria-hidden="true" className={`inline-block size-2.5 rounded-sm ${swatchClass}`} />
          {name}
        </span>
        <span className="text-muted">Most: {formatCount(max)}</span>
      </p>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${points.length * SLOT} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-28 w-full overflow-visible rounded-md bg-surface-2/40 sm:h-36"
      >
        {points.map((p, i) => {
          const value = p[series];
          const height = max > 0 ? (value / max) * (HEIGHT - 4) : 0;
          return (
            <rect key={p.bucket} x={i * SLOT + 1.5} y={HEIGHT - height} width={SLOT - 3} height={height} className={barClass}>
              <title>{`${formatBucket(p.bucket, true)}: ${formatCount(value)}`}</title>
            </rect>
          );
        })}
        <line x1={0} x2={points.length * SLOT} y1={HEIGHT} y2={HEIGHT} className="stroke-border" strokeWidth={1} vectorEffect="non-scaling-stroke" />
      </svg>
      <p aria-hidden="true" className="mt-1 flex justify-between text-xs text-muted">
        <span>{first ? formatBucket(first.bucket) : ""}</span>
        <span>{last ? formatBucket(last.bucket) : ""}</span>
      </p>
    </div>
  );
}

import type { ReactNode } from "react";
import { Panel } from "../admin-page";
import { cn } from "~/lib/cn";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";

/** `minWidth`: a class keeping the first column readable when the others are wide (it otherwise wraps anywhere). */
export type StatsColumn = { header: string; numeric?: boolean; minWidth?: string };

/** One of the 'Top …' lists: a titled table (its first column names the row), or a sentence when nothing was recorded. */
export function StatsTable({ id, title, columns, rows, empty }: { id: string; title: string; columns: StatsColumn[]; rows: ReactNode[][]; empty: string }) {
  return (
    <section aria-labelledby={id}>
      <Panel className="h-full">
        <h2 id={id} className="mb-3 text-lg font-semibold">
          {title}
        </h2>
        {rows.length === 0 ? (
          <p className="text-sm text-muted">{empty}</p>
        ) : (
          <Table density="compact" aria-labelledby={id} scrollLabel={`${title}, scrolls sideways`}>
            <TableHeader>
              <TableRow>
                {columns.map((c) => (
                  <TableHead key={c.header} numeric={c.numeric}>
                    {c.header}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((cells, r) => (
                <TableRow key={r}>
                  {cells.map((cell, c) =>
                    c === 0 ? (
                      <TableHead key={c} scope="row" className={cn("font-normal [overflow-wrap:anywhere]", columns[0]?.minWidth)}>
                        {cell}
                      </TableHead>
                    ) : (
                      <TableCell key={c} numeric={columns[c]?.numeric}>
                        {cell}
                      </TableCell>
                    ),
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Panel>
    </section>
  );
}

import type { ReactNode } from "react";
import { Panel } from "../admin-page";

export type StatsColumn = { header: string; numeric?: boolean };

/** One of the 'Top …' lists: a titled table, or a sentence when nothing was recorded. */
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
          <table className="w-full text-sm" aria-labelledby={id}>
            <thead>
              <tr className="border-b border-border text-left text-muted">
                {columns.map((c) => (
                  <th key={c.header} scope="col" className={`py-2 font-medium ${c.numeric ? "w-px pl-3 text-right whitespace-nowrap" : ""}`}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((cells, r) => (
                <tr key={r} className="border-b border-border/60 last:border-0">
                  {cells.map((cell, c) =>
                    c === 0 ? (
                      <th key={c} scope="row" className="py-2 text-left font-normal [overflow-wrap:anywhere]">
                        {cell}
                      </th>
                    ) : (
                      <td key={c} className={`py-2 pl-3 ${columns[c]?.numeric ? "text-right whitespace-nowrap tabular-nums" : ""}`}>
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
    </section>
  );
}

import { useState, useSyncExternalStore, type FocusEvent, type KeyboardEvent } from "react";

const noSubscription = () => () => {};
/** False in the server's HTML and while hydrating, true once the page is live. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * The keyboard of a data grid (WAI-ARIA APG "Data Grid"), with one tab stop (roving tabindex):
 * Tab enters the grid at the last focused cell (at first, the open row's); ↓/↑ (or j/k) move a row,
 * →/← a cell, Home/End to the row's first/last cell, Ctrl+Home/End to the first/last row; Enter on
 * a cell follows the row's link. A cell holding a link is focused through the link. Cells hidden at
 * this width (a column shown from a breakpoint up) are skipped.
 *
 * Until the page has hydrated nothing changes the tab order: without JavaScript every link is a tab
 * stop, as in any table.
 *
 * The grid's body cells carry `data-row` and `data-col`; `focusProps(row, col)` gives a cell (or its
 * link) its tabindex.
 */
export function useGridNavigation({ rows, startRow, resetKey }: { rows: number; startRow: number; resetKey: string }) {
  const live = useHydrated();
  // The tab stop of these rows: another page, filter or open lead puts it back on the open row (or the first).
  const key = `${resetKey}|${startRow}`;
  const [moved, setMoved] = useState({ key, row: startRow, col: 0 });
  const active = moved.key === key ? moved : { row: startRow, col: 0 };
  const setActive = (at: { row: number; col: number }) => setMoved({ key, ...at });

  const row = Math.min(Math.max(active.row, 0), Math.max(rows - 1, 0));

  function focusProps(r: number, c: number) {
    if (!live) return {};
    return { tabIndex: r === row && c === active.col ? 0 : -1 };
  }

  function cellAt(grid: HTMLElement, r: number, c: number) {
    return grid.querySelector<HTMLElement>(`[data-row="${r}"][data-col="${c}"]`);
  }

  function move(grid: HTMLElement, r: number, c: number) {
    const cell = cellAt(grid, r, c);
    if (!cell) return;
    setActive({ row: r, col: c });
    (cell.querySelector<HTMLElement>("a[href]") ?? cell).focus();
  }

  function openRow(cell: HTMLElement) {
    const link = cell.parentElement?.querySelector<HTMLElement>("a[href]");
    link?.focus();
    link?.click();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    const cell = target.closest<HTMLElement>("[data-row]");
    if (!cell || event.altKey || event.metaKey) return;
    const grid = event.currentTarget;
    const r = Number(cell.dataset.row);
    const c = Number(cell.dataset.col);
    const visibleCols = [...(cell.parentElement?.querySelectorAll<HTMLElement>("[data-col]") ?? [])]
      .filter((el) => el.checkVisibility())
      .map((el) => Number(el.dataset.col));
    const at = visibleCols.indexOf(c);
    const ctrl = event.ctrlKey;
    let next: [number, number] | null = null;
    switch (event.key) {
      case "ArrowDown":
      case "j":
        next = [Math.min(r + 1, rows - 1), c];
        break;
      case "ArrowUp":
      case "k":
        next = [Math.max(r - 1, 0), c];
        break;
      case "ArrowRight":
        next = [r, visibleCols[Math.min(at + 1, visibleCols.length - 1)] ?? c];
        break;
      case "ArrowLeft":
        next = [r, visibleCols[Math.max(at - 1, 0)] ?? c];
        break;
      case "Home":
        next = ctrl ? [0, c] : [r, visibleCols[0] ?? c];
        break;
      case "End":
        next = ctrl ? [rows - 1, c] : [r, visibleCols.at(-1) ?? c];
        break;
      case "Enter":
        if (target.matches("a[href]")) return;
        event.preventDefault();
        openRow(cell);
        return;
      default:
        return;
    }
    if ((event.key === "j" || event.key === "k") && ctrl) return;
    event.preventDefault();
    move(grid, next[0], next[1]);
  }

  /** A click or Tab onto a cell makes it the tab stop. */
  function onFocus(event: FocusEvent<HTMLElement>) {
    const cell = event.target.closest<HTMLElement>("[data-row]");
    if (cell) setActive({ row: Number(cell.dataset.row), col: Number(cell.dataset.col) });
  }

  return { gridProps: { onKeyDown, onFocus }, focusProps };
}

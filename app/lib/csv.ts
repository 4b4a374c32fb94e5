/**
 * CSV for spreadsheets (RFC 4180): every cell quoted, quotes doubled, CRLF line ends. A cell that
 * starts with = + - @ (or a tab or carriage return) gets a leading apostrophe, so a spreadsheet
 * shows it as text instead of running it as a formula (CSV/formula injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

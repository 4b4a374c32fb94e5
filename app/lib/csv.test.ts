import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv";

describe("CSV export cells", () => {
  it("quotes every cell and doubles quotes, keeping commas and line breaks inside the cell", () => {
    expect(csvCell('He said "hi", then left\nfor good')).toBe('"He said ""hi"", then left\nfor good"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
  });

  it("prefixes cells a spreadsheet would run as a formula with an apostrophe", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}HYPERLINK("http://evil")`)).toBe(`"'${start}HYPERLINK(""http://evil"")"`);
    expect(csvCell("a=b")).toBe('"a=b"');
  });

  it("ends every row with CRLF", () => {
    expect(toCsv(["a", "b"], [["1", "2"]])).toBe('"a","b"\r\n"1","2"\r\n');
  });
});

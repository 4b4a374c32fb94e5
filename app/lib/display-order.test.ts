import { describe, expect, it } from "vitest";
import { moveId, orderedValues, reorderSchema } from "./display-order";

const rows = (entries: [string, number][]) => entries.map(([id, displayOrder]) => ({ id, displayOrder }));
const apply = (current: { id: string; displayOrder: number }[], next: string[]) => {
  const changes = orderedValues(current, next);
  return current
    .map((row, i) => ({ ...row, displayOrder: changes.get(row.id) ?? row.displayOrder, i }))
    .sort((a, b) => a.displayOrder - b.displayOrder || a.i - b.i)
    .map((row) => row.id);
};

describe("display order", () => {
  it("moves an id from one place to another", () => {
    expect(moveId(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveId(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moveId(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
  });

  it("swaps two numbers when a row moves up one place, and touches nothing else", () => {
    const current = rows([
      ["a", 1],
      ["b", 2],
      ["c", 5],
      ["d", 9],
    ]);
    expect(orderedValues(current, ["a", "c", "b", "d"])).toEqual(
      new Map([
        ["c", 2],
        ["b", 5],
      ]),
    );
    expect(orderedValues(current, ["a", "b", "c", "d"]).size).toBe(0);
  });

  it("hands the stretch's numbers out again when a row is dragged far", () => {
    const current = rows([
      ["a", 1],
      ["b", 2],
      ["c", 3],
      ["d", 4],
      ["e", 10],
    ]);
    expect(orderedValues(current, ["d", "a", "b", "c", "e"])).toEqual(
      new Map([
        ["d", 1],
        ["a", 2],
        ["b", 3],
        ["c", 4],
      ]),
    );
  });

  it("breaks ties so the new order holds, pushing later rows only as far as needed", () => {
    const current = rows([
      ["a", 0],
      ["b", 0],
      ["c", 0],
      ["d", 7],
      ["e", 7],
    ]);
    const next = ["a", "c", "b", "d", "e"];
    expect(apply(current, next)).toEqual(next);
    expect(orderedValues(current, next)).toEqual(
      new Map([
        ["c", 1],
        ["b", 2],
      ]),
    );
    // A row tied with the one before the stretch moves above it.
    const tied = rows([
      ["a", 3],
      ["b", 3],
      ["c", 3],
    ]);
    expect(apply(tied, ["a", "c", "b"])).toEqual(["a", "c", "b"]);
    const crowded = rows([
      ["a", 1],
      ["b", 1],
      ["c", 2],
      ["d", 3],
      ["e", 9],
    ]);
    expect(apply(crowded, ["b", "a", "c", "d", "e"])).toEqual(["b", "a", "c", "d", "e"]);
    expect(orderedValues(crowded, ["b", "a", "c", "d", "e"]).has("e")).toBe(false);
  });

  it("accepts a list of distinct record ids only", () => {
    const id = "0b6f8a52-3a55-4a8e-9a3c-2f1d6e1b7c10";
    expect(reorderSchema.safeParse({ intent: "reorder", ids: [id] }).success).toBe(true);
    expect(reorderSchema.safeParse({ intent: "reorder", ids: [id, id] }).success).toBe(false);
    expect(reorderSchema.safeParse({ intent: "reorder", ids: [] }).success).toBe(false);
    expect(reorderSchema.safeParse({ intent: "reorder", ids: ["1; drop table"] }).success).toBe(false);
  });
});

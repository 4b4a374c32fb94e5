import { describe, expect, it } from "vitest";
import { inTurns } from "./in-turns";

/** A clock that only moves when a step says it took time, and turns that wait until the test runs them. */
function harness() {
  let clock = 0;
  const waiting: (() => void)[] = [];
  const ran: string[][] = [[]];
  const step = (name: string, ms: number) => () => {
    ran[ran.length - 1]!.push(name);
    clock += ms;
  };
  const options = {
    budgetMs: 4,
    now: () => clock,
    later: (turn: () => void) => void waiting.push(turn),
  };
  const nextTurn = () => {
    ran.push([]);
    waiting.shift()!();
  };
  return { step, options, ran, waiting, nextTurn };
}

describe("inTurns", () => {
  it("runs steps in order, and leaves the rest for a later task once a turn has used its budget", async () => {
    const { step, options, ran, waiting, nextTurn } = harness();
    const done = inTurns([step("a", 1), step("b", 2), step("c", 1), step("d", 3), step("e", 1)], options);
    // a, b and c use the 4 ms: d waits for the next turn.
    expect(ran).toEqual([["a", "b", "c"]]);
    expect(waiting).toHaveLength(1);
    nextTurn();
    expect(ran).toEqual([
      ["a", "b", "c"],
      ["d", "e"],
    ]);
    expect(waiting).toHaveLength(0);
    await done;
  });

  it("runs a step longer than the budget alone in its turn", () => {
    const { step, options, ran, nextTurn } = harness();
    void inTurns([step("long", 10), step("next", 1)], options);
    expect(ran).toEqual([["long"]]);
    nextTurn();
    expect(ran).toEqual([["long"], ["next"]]);
  });

  it("takes the steps from an iterator as it goes, one ahead (a page changed meanwhile is seen)", () => {
    const { step, options, nextTurn } = harness();
    const taken: number[] = [];
    function* steps() {
      for (let i = 0; i < 3; i++) {
        taken.push(i);
        yield step(String(i), 5);
      }
    }
    void inTurns(steps(), options);
    expect(taken).toEqual([0, 1]);
    nextTurn();
    expect(taken).toEqual([0, 1, 2]);
  });

  it("keeps going after a step that throws, and reports the error", async () => {
    const { step, options, ran } = harness();
    const reported: unknown[] = [];
    const original = globalThis.reportError;
    globalThis.reportError = (error: unknown) => void reported.push(error);
    try {
      await inTurns(
        [
          step("a", 0),
          () => {
            throw new Error("broken starter");
          },
          step("c", 0),
        ],
        options,
      );
    } finally {
      globalThis.reportError = original;
    }
    expect(ran).toEqual([["a", "c"]]);
    expect(reported).toEqual([new Error("broken starter")]);
  });

  it("resolves at once for no steps", async () => {
    const { options, waiting } = harness();
    await inTurns([], options);
    expect(waiting).toHaveLength(0);
  });
});

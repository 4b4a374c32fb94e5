/**
 * Runs steps one after another in turns that each end once they have used `budgetMs`: the rest
 * waits for a later task, so the browser can draw and answer a tap in between. The public pages'
 * motion starts this way (app/boot/behaviours.ts): on the landing page ~25 elements each set up
 * a little (observers, an animation), which together made one task that a slow phone, or
 * Lighthouse's 4× slowdown on a busy day, counted as blocking (issue #29, docs/decisions/0080).
 * A turn runs at least one step, so a step longer than the budget still runs, alone.
 */
const TURN_BUDGET_MS = 4;

export type TurnOptions = {
  budgetMs?: number;
  /** The clock (tests give their own). */
  now?: () => number;
  /** Runs the next turn in a later task (tests give their own). */
  later?: (turn: () => void) => void;
};

/** Resolves once every step has run; a step that throws is reported and the others still run. */
export function inTurns(
  steps: Iterable<() => void>,
  { budgetMs = TURN_BUDGET_MS, now = () => performance.now(), later = (turn) => void setTimeout(turn) }: TurnOptions = {},
) {
  const queue = steps[Symbol.iterator]();
  // One step ahead: a turn that ran the last step resolves instead of leaving an empty turn for later.
  let next = queue.next();
  return new Promise<void>((resolve) => {
    const turn = () => {
      const start = now();
      while (!next.done) {
        try {
          next.value();
        } catch (error) {
          reportUncaught(error);
        }
        next = queue.next();
        if (!next.done && now() - start >= budgetMs) return later(turn);
      }
      resolve();
    };
    turn();
  });
}

/** As an uncaught error would be (the console, window's error event), without stopping the turn. */
function reportUncaught(error: unknown) {
  if (typeof globalThis.reportError === "function") globalThis.reportError(error);
  else
    setTimeout(() => {
      throw error;
    });
}

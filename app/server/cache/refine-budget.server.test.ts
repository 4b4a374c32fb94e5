import { describe, expect, it } from "vitest";
import { inTurn, REFINE_BACKLOG } from "./refine-budget.server";

/** A piece of work that runs until `finish()` is called, noting how many run at once. */
function gate(running: { now: number; most: number; order: string[] }, name: string) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  const work = async () => {
    running.now += 1;
    running.most = Math.max(running.most, running.now);
    running.order.push(name);
    await done;
    running.now -= 1;
  };
  return { work, finish: () => finish() };
}

describe("refinements in turn", () => {
  it("run one at a time, in the order they came, a failed one not stopping the next", async () => {
    const running = { now: 0, most: 0, order: [] as string[] };
    const [a, b] = [gate(running, "a"), gate(running, "b")];
    const first = inTurn(a.work);
    const failing = inTurn(() => Promise.reject(new Error("pruning failed"))).catch((error: unknown) => (error as Error).message);
    const second = inTurn(b.work);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(running.order).toEqual(["a"]);
    a.finish();
    await expect(first).resolves.toBe(true);
    expect(await failing).toBe("pruning failed");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(running.order).toEqual(["a", "b"]);
    b.finish();
    await expect(second).resolves.toBe(true);
    expect(running.most).toBe(1);
  });

  it("lets at most REFINE_BACKLOG wait: past it a refinement is not run", async () => {
    const running = { now: 0, most: 0, order: [] as string[] };
    const blocker = gate(running, "blocker");
    const queued = [inTurn(blocker.work), ...Array.from({ length: REFINE_BACKLOG - 1 }, () => inTurn(() => Promise.resolve()))];
    let ranPast = false;
    expect(
      await inTurn(() => {
        ranPast = true;
        return Promise.resolve();
      }),
    ).toBe(false);
    blocker.finish();
    expect(await Promise.all(queued)).toEqual(Array.from({ length: REFINE_BACKLOG }, () => true));
    expect(ranPast).toBe(false);
    // Once they are done, a new one runs again.
    expect(await inTurn(() => Promise.resolve())).toBe(true);
  });
});

import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * scripts/slow-day.sh refuses what the kernel would refuse before it makes a group (decision 0075):
 * these runs stop at its checks, so they need neither root nor a cgroup controller, and none may
 * leave a `slow-day-<pid>` group behind.
 */
const SCRIPT = path.join(import.meta.dirname, "slow-day.sh");

function slowDay(args: string[], period?: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, SLOW_DAY_PERIOD_US: period };
  if (period === undefined) delete env.SLOW_DAY_PERIOD_US;
  const run = spawnSync("bash", [SCRIPT, ...args], { env, encoding: "utf8" });
  return { status: run.status, stderr: run.stderr, pid: run.pid };
}

function groupLeft(pid: number | undefined) {
  return ["/sys/fs/cgroup/cpu", "/sys/fs/cgroup"].some((root) => fs.existsSync(`${root}/slow-day-${pid}`));
}

describe("slow-day.sh", () => {
  it("refuses a quota under the kernel's least (1 ms): 0.6 of a 1 ms period, and says which period to take", () => {
    const run = slowDay(["0.6", "true"], "1000");
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("0.6 of a 1000 µs period is 600 µs, under the kernel's least quota (1000 µs): take a longer SLOW_DAY_PERIOD_US");
    expect(groupLeft(run.pid)).toBe(false);
  });

  it("refuses a period that is not a number of microseconds from 1,000 to 1,000,000", () => {
    for (const period of ["abc", "500", "2000000", "-5"]) {
      const run = slowDay(["0.6", "true"], period);
      expect(run.status, period).toBe(2);
      expect(run.stderr, period).toContain(`SLOW_DAY_PERIOD_US must be from 1000 to 1000000 (µs), not ${period}`);
      expect(groupLeft(run.pid), period).toBe(false);
    }
  });

  it("refuses a fraction outside 0.1 to 20 of a core, and a call without a command", () => {
    const tooSmall = slowDay(["0.05", "true"]);
    expect(tooSmall.status).toBe(2);
    expect(tooSmall.stderr).toContain("FRACTION must be from 0.1 to 20 (of one core), not 0.05");
    const alone = slowDay(["0.6"]);
    expect(alone.status).toBe(2);
    expect(alone.stderr).toContain("usage: bash scripts/slow-day.sh FRACTION COMMAND");
  });
});

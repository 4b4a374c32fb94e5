import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parseConfig } from "./env.server";
import { log } from "./log.server";

const CONFIG_KEY = Symbol.for("studio.config");
const globals = globalThis as Record<symbol, unknown>;

describe("log", () => {
  const level = process.env.LOG_LEVEL;
  const saved = globals[CONFIG_KEY];
  let lines: string[];

  beforeEach(() => {
    lines = [];
    delete globals[CONFIG_KEY];
    for (const method of ["log", "warn", "error"] as const) vi.spyOn(console, method).mockImplementation((line: string) => void lines.push(line));
  });

  afterEach(() => {
    vi.restoreAllMocks();
    process.env.LOG_LEVEL = level;
    globals[CONFIG_KEY] = saved;
  });

  it("writes from LOG_LEVEL up, read from the environment before the settings are parsed", () => {
    process.env.LOG_LEVEL = "warn";
    log.info("routine");
    log.warn("odd");
    log.error("broken");
    expect(lines.map((line) => line.replace(/^\[[^\]]+\] /, ""))).toEqual(["warn: odd", "error: broken"]);
  });

  it("follows the parsed settings once there are some", () => {
    process.env.LOG_LEVEL = "silent";
    globals[CONFIG_KEY] = parseConfig({ LOG_LEVEL: "info", AUTH_SECRET: "x".repeat(40) });
    log.info("routine", { id: 1 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/info: routine \{"id":1\}$/);
  });

  it("never throws: an invalid level means info, unprintable fields are named, a failing console is ignored", () => {
    process.env.LOG_LEVEL = "verbose";
    const circular: Record<string, unknown> = { a: 1 };
    circular.self = circular;
    expect(() => log.info("circular", circular)).not.toThrow();
    expect(lines[0]).toMatch(/info: circular a,self$/);
    vi.spyOn(console, "error").mockImplementation(() => {
      throw new Error("stdout closed");
    });
    expect(() => log.error("lost")).not.toThrow();
  });

  it("silent writes nothing", () => {
    process.env.LOG_LEVEL = "silent";
    log.info("a");
    log.warn("b");
    log.error("c");
    expect(lines).toEqual([]);
  });
});

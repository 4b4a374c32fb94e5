import { describe, expect, it } from "vitest";
import { blogList } from "./blog";

describe("the blog list's result summary", () => {
  it("counts results in singular and plural, with thousands separators and a lower bound", () => {
    const summary = (count: number, atLeast: boolean, q: string, tag: string | null = null) => blogList.summary({ total: { count, atLeast }, q, tag });
    expect(summary(5, false, "automation")).toBe('5 results for "automation"');
    expect(summary(1, false, "agent")).toBe('1 result for "agent"');
    expect(summary(0, false, "zzqx")).toBe('0 results for "zzqx"');
    expect(summary(500, true, "automation")).toBe('500+ results for "automation"');
    expect(summary(1200, false, "x")).toBe('1,200 results for "x"');
    expect(summary(1, false, "agent", "LLMs")).toBe('1 result for "agent" tagged "LLMs"');
    expect(summary(7, false, "", "LLMs")).toBe('7 articles tagged "LLMs"');
    expect(summary(1, false, "", "CRM")).toBe('1 article tagged "CRM"');
  });
});

import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("lets the caller's class win over the primitive's", () => {
    expect(cn("h-9 text-sm", "h-11")).toBe("text-sm h-11");
    expect(cn("inline-flex px-4 py-2", "px-6")).toBe("inline-flex py-2 px-6");
  });

  it("groups the theme's colour tokens with the colours they replace", () => {
    expect(cn("bg-primary", "bg-surface")).toBe("bg-surface");
    expect(cn("bg-primary-strong hover:bg-primary-hover", "bg-surface-2")).toBe("hover:bg-primary-hover bg-surface-2");
    expect(cn("text-foreground", "text-muted")).toBe("text-muted");
    expect(cn("border border-border", "border-primary")).toBe("border border-primary");
  });

  it("keeps a colour and a size of the same prefix apart", () => {
    expect(cn("text-sm text-primary-foreground", "text-base")).toBe("text-primary-foreground text-base");
    expect(cn("text-sm text-foreground", "text-muted")).toBe("text-sm text-muted");
  });

  it("skips falsy values and flattens arrays", () => {
    expect(cn("a", false, null, undefined, "", ["b", ["c"]])).toBe("a b c");
  });
});

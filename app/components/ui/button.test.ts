import { describe, expect, it } from "vitest";
import { buttonClass } from "./button";

const classes = (value: string) => value.split(" ");

describe("buttonClass", () => {
  it("draws a medium primary button by default", () => {
    const value = classes(buttonClass());
    expect(value).toEqual(expect.arrayContaining(["bg-primary-strong", "text-primary-foreground", "h-11", "px-5", "rounded-full"]));
  });

  it("gives each variant and size its own look", () => {
    expect(classes(buttonClass({ variant: "outline" }))).toEqual(expect.arrayContaining(["border", "border-border", "bg-surface/60"]));
    expect(classes(buttonClass({ variant: "ghost" }))).not.toContain("bg-primary-strong");
    expect(classes(buttonClass({ size: "sm" }))).toEqual(expect.arrayContaining(["h-9", "px-4", "text-sm"]));
    expect(classes(buttonClass({ size: "lg" }))).toEqual(expect.arrayContaining(["h-12", "px-7", "text-base"]));
    expect(classes(buttonClass({ size: "icon" }))).toContain("size-10");
  });

  it("lets the caller's className replace the size's and variant's classes", () => {
    const value = classes(buttonClass({ variant: "ghost", size: "sm", className: "h-11 text-red-300" }));
    expect(value).toContain("h-11");
    expect(value).not.toContain("h-9");
    expect(value).toContain("text-red-300");
    expect(value).not.toContain("text-foreground");
  });

  it("keeps the focus outline and disabled look on every variant", () => {
    for (const variant of ["primary", "outline", "ghost"] as const) {
      expect(classes(buttonClass({ variant }))).toEqual(expect.arrayContaining(["focus-visible:outline-2", "disabled:opacity-60"]));
    }
  });
});

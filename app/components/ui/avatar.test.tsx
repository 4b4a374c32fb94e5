import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Avatar, AvatarTile, firstLetter } from "./avatar";

describe("generated avatars", () => {
  it("show the first letter of the name, upper-cased, also for accented and astral letters", () => {
    expect(firstLetter("  maya Lindqvist")).toBe("M");
    expect(firstLetter("émile")).toBe("É");
    expect(firstLetter("𝒜da")).toBe("𝒜");
    expect(renderToStaticMarkup(<Avatar name="priya Raman" />)).toMatch(/<text[^>]*>P<\/text>/);
  });

  it("are decorative and the same for the same name, different for different names", () => {
    const maya = renderToStaticMarkup(<Avatar name="Maya Lindqvist" className="size-9" />);
    expect(maya).toContain('aria-hidden="true"');
    expect(renderToStaticMarkup(<Avatar name="Maya Lindqvist" className="size-9" />)).toBe(maya);
    expect(renderToStaticMarkup(<Avatar name="Mark Twain" className="size-9" />)).not.toBe(maya);
    expect(maya).not.toContain("<img");
  });

  it("fill a photo-sized tile with the avatar for a member without a photo", () => {
    const tile = renderToStaticMarkup(<AvatarTile name="Daniel Okafor" />);
    expect(tile).toContain('data-avatar="D"');
    expect(tile).toMatch(/^<div aria-hidden="true"/);
  });
});

import { describe, expect, it } from "vitest";
import { categorySwatch, SWATCHES } from "./brand-palette";
import { ogCardVersion, pageOgImage, postOgCard, postOgImage } from "./og";

const post = { slug: "a-post", title: "Agents in production", category: "AI Agents" };

describe("share image addresses", () => {
  it("name a post's image by its slug and a fingerprint of what the card shows, at 1200×630", () => {
    const image = postOgImage(post, "Flowstate");
    expect(image.url).toMatch(/^\/og\/post\/a-post\.png\?v=[0-9a-z]{14}$/);
    expect({ ...image, url: "" }).toEqual({ url: "", width: 1200, height: 630, alt: "AI Agents: Agents in production" });
    // Stable: the page and the image endpoint compute the same address independently.
    expect(postOgImage({ ...post }, "Flowstate").url).toBe(image.url);
  });

  it("change when the title, the category or the brand changes, so caches never show an old card", () => {
    const base = ogCardVersion(postOgCard(post, "Flowstate"));
    expect(ogCardVersion(postOgCard({ ...post, title: "Agents in production!" }, "Flowstate"))).not.toBe(base);
    expect(ogCardVersion(postOgCard({ ...post, category: "Automation" }, "Flowstate"))).not.toBe(base);
    expect(ogCardVersion(postOgCard(post, "Other Studio"))).not.toBe(base);
    // The fields are kept apart: moving text between them is a different card.
    expect(ogCardVersion(postOgCard({ title: "B C", category: "A" }, "x"))).not.toBe(ogCardVersion(postOgCard({ title: "C", category: "A B" }, "x")));
  });

  it("name each public page's image by the page", () => {
    expect(pageOgImage("team", "Flowstate").url).toMatch(/^\/og\/page\/team\.png\?v=/);
    expect(pageOgImage("home", "Flowstate").alt).toBe("AI automation studio: Smarter Systems. Better Outcomes.");
    expect(pageOgImage("audit", "Flowstate").url).toMatch(/^\/og\/page\/audit\.png\?v=/);
  });
});

describe("category colours", () => {
  it("give the studio's four categories four different hues, whatever the case or spacing", () => {
    const hues = ["AI Agents", "Automation", "Case Studies", "Venture Capital"].map((c) => categorySwatch(c).solid);
    expect(new Set(hues).size).toBe(4);
    expect(categorySwatch("  ai agents ")).toEqual(categorySwatch("AI Agents"));
  });

  it("give any other category a stable colour from the palette, even one named like an object property", () => {
    expect(categorySwatch("Operations")).toBe(categorySwatch("operations"));
    for (const name of ["Operations", "constructor", "__proto__", ""]) expect(SWATCHES).toContain(categorySwatch(name));
  });
});

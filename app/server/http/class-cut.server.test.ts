import { describe, expect, it } from "vitest";
import { CUTS_KEPT, classCutOf, classesNeeded, classWordsOf } from "./class-cut.server";

describe("classesNeeded", () => {
  it("reads the classes each selector of a list needs, Tailwind's escapes decoded", () => {
    expect(classesNeeded(".flex")).toEqual([["flex"]]);
    expect(classesNeeded(".md\\:grid-cols-2")).toEqual([["md:grid-cols-2"]]);
    expect(classesNeeded(".\\[\\&_a\\]\\:underline a")).toEqual([["[&_a]:underline"]]);
    expect(classesNeeded(".\\32 xl\\:p-4")).toEqual([["2xl:p-4"]]);
    expect(classesNeeded(".hover\\:text-y:hover")).toEqual([["hover:text-y"]]);
    expect(classesNeeded(".group:hover .group-hover\\:x")).toEqual([["group", "group-hover:x"]]);
    expect(classesNeeded(".a,.b .c")).toEqual([["a"], ["b", "c"]]);
    expect(classesNeeded(":where(.space-y-2>:not(:last-child))")).toEqual([["space-y-2"]]);
    expect(classesNeeded(".peer:checked~.peer-checked\\:x")).toEqual([["peer", "peer-checked:x"]]);
  });

  it("needs nothing of an element, attribute or id selector, of a negated class or of alternatives", () => {
    expect(classesNeeded("h1,h2")).toBeNull();
    expect(classesNeeded(".a,p")).toBeNull();
    expect(classesNeeded('[data-x=".y"]')).toBeNull();
    expect(classesNeeded('[hidden]:where(:not([hidden="until-found"]))')).toBeNull();
    expect(classesNeeded("li:not(.last)")).toBeNull();
    expect(classesNeeded(":is(.a,.b) p")).toBeNull();
    expect(classesNeeded("#main")).toBeNull();
    expect(classesNeeded(".x:not(.y)")).toEqual([["x"]]);
    expect(classesNeeded('.data-\\[state\\=open\\]\\:x[data-state="open"]')).toEqual([["data-[state=open]:x"]]);
  });
});

describe("classWordsOf", () => {
  it("collects the class names of every element, React's escapes decoded", () => {
    const html = `<p class="a  b"><span class="[&amp;_a]:underline after:content-[&#x27;&#x27;] md:x">t</span></p><svg class="c"></svg><p data-class="no">class="no"</p>`;
    expect([...classWordsOf(html)].sort()).toEqual(["[&_a]:underline", "a", "after:content-['']", "b", "c", "md:x"]);
  });
});

describe("classCutOf", () => {
  const css = [
    "/*! legal */\n",
    "@layer theme,base,components,utilities;",
    "@layer base{*{margin:0}h1{font-weight:700}}",
    "@layer components;",
    "@layer utilities{",
    ".flex{display:flex}",
    ".hidden{display:none}",
    ".md\\:grid{@media (width>=48rem){display:grid}}",
    "@media (width>=64rem){.lg\\:flex{display:flex}.lg\\:block{display:block}}",
    "@supports (color:color-mix(in lab,red,red)){.bg-x\\/50{background:color-mix(in oklab,red 50%,transparent)}}",
    ":where(.space-y-2>:not(:last-child)){margin-block-start:.5rem}",
    "}",
    "@keyframes spin{to{transform:rotate(1turn)}}",
    '@property --tw-x{syntax:"*";inherits:false}',
    "\n",
  ].join("");

  it("keeps its last cuts by their words: the same words in any order are one cut, and at most CUTS_KEPT are kept", () => {
    const cut = classCutOf(css);
    const first = cut(new Set(["flex", "lg:block"]));
    expect(cut(new Set(["lg:block", "flex"]))).toBe(first);
    expect(cut.kept()).toBe(1);
    expect(cut(new Set(["hidden"]))).not.toBe(first);
    for (let i = 0; i < CUTS_KEPT + 8; i++) cut(new Set(["flex", `other-${i}`]));
    expect(cut.kept()).toBe(CUTS_KEPT);
    // What was let go is cut again, the same.
    expect(cut(new Set(["flex", "lg:block"]))).toBe(first);
  });

  it("a cut named by its caller gathers its words only when it is not kept, and is the cut of those words", () => {
    const cut = classCutOf(css);
    let gathered = 0;
    const words = () => {
      gathered++;
      return new Set(["flex", "lg:block"]);
    };
    const named = cut.named("a page's words", words);
    expect(cut.named("a page's words", words)).toBe(named);
    expect(gathered).toBe(1);
    expect(named).toBe(cut(new Set(["flex", "lg:block"])));
  });

  it("with every class the page could have, gives the file back as it is", () => {
    const everything = new Set(["flex", "hidden", "md:grid", "lg:flex", "lg:block", "bg-x/50", "space-y-2"]);
    expect(classCutOf(css)(everything)).toBe(css);
  });

  it("leaves out the rules needing a class the page lacks, and a group all of whose rules went; keeps the rest in order", () => {
    const cut = classCutOf(css)(new Set(["flex", "lg:block"]));
    expect(cut).toBe(
      [
        "/*! legal */\n",
        "@layer theme,base,components,utilities;",
        "@layer base{*{margin:0}h1{font-weight:700}}",
        "@layer components;",
        "@layer utilities{",
        ".flex{display:flex}",
        "@media (width>=64rem){.lg\\:block{display:block}}",
        "}",
        "@keyframes spin{to{transform:rotate(1turn)}}",
        '@property --tw-x{syntax:"*";inherits:false}',
        "\n",
      ].join(""),
    );
  });

  it("keeps a cascade layer's block even when none of its rules stays (its place in the layer order)", () => {
    expect(classCutOf("@layer a{.x{color:red}}@layer b{p{margin:0}}")(new Set())).toBe("@layer a{}@layer b{p{margin:0}}");
  });
});

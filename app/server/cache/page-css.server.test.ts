import { describe, expect, it } from "vitest";
import { islandWordsOf, pruneInlineStylesheet, withLayerOrder, withoutUnusedProperties, type IslandWords } from "./page-css.server";
import { pageCharacters, unicodeRanges, withCharactersOf, withoutUnusedFaces } from "./page-fonts.server";

const page = (css: string, body: string) => `<!DOCTYPE html><html><head><style data-href="/assets/root-t.css">${css}</style></head><body>${body}</body></html>`;
const cutOf = (html: string) => /<style data-href="\/assets\/root-t\.css" data-cut="">([\s\S]*?)<\/style>/.exec(html)?.[1];

describe("pruneInlineStylesheet", () => {
  it("keeps the rules the page's elements use, marks the cut and keeps the file's name", async () => {
    const css = ".used{color:red}.unused{color:blue}main p{margin:0}aside p{margin:1px}";
    const html = await pruneInlineStylesheet(page(css, '<main class="used"><p>Hi</p></main>'));
    const cut = cutOf(html);
    expect(cut).toContain(".used{color:red}");
    expect(cut).toContain("main p{margin:0}");
    expect(cut).not.toContain(".unused");
    expect(cut).not.toContain("aside");
    expect(html).toContain('<main class="used"><p>Hi</p></main>');
  });

  it('refines a page already cut by its class words (data-cut="classes") as it refines the whole file', async () => {
    const css = "@layer base{p{margin:0}}@layer utilities{.used{color:var(--c)}.unused{color:blue}}:root{--c:red;--d:blue}";
    const body = '<main class="used"><p>Hi</p></main>';
    const fromWhole = await pruneInlineStylesheet(page(css, body));
    const classesCut = page(css, body).replace('<style data-href="/assets/root-t.css">', '<style data-href="/assets/root-t.css" data-cut="classes">');
    const fromCut = await pruneInlineStylesheet(classesCut.replace(".unused{color:blue}", ""));
    expect(cutOf(fromWhole)).toBe("@layer base{p{margin:0}}@layer utilities{.used{color:var(--c)}}:root{--c:red}");
    expect(fromCut).toBe(fromWhole);
  });

  it("understands Tailwind's escaped class names, variants on attributes and React's escaped quotes", async () => {
    const css = [
      ".after\\:content-\\[\\'\\'\\]:after{content:\"\"}",
      ".data-\\[scrolled\\=true\\]\\:bg-x[data-scrolled=true]{background:red}",
      ".\\[\\&_a\\]\\:underline a{text-decoration:underline}",
      ".md\\:grid-cols-2{grid-template-columns:1fr 1fr}",
      ".hover\\:text-y:hover{color:#fff}",
      ".gone\\:x{color:red}",
    ].join("");
    const body = `<header class="data-[scrolled=true]:bg-x" data-scrolled="false"><p class="after:content-[&#x27;&#x27;] [&amp;_a]:underline md:grid-cols-2 hover:text-y"><a href="/">x</a></p></header>`;
    const cut = cutOf(await pruneInlineStylesheet(page(css, body)))!;
    expect(cut).toContain(".after\\:content-\\[\\'\\'\\]:after");
    expect(cut).toContain(".data-\\[scrolled\\=true\\]\\:bg-x[data-scrolled=true]");
    expect(cut).toContain(".\\[\\&_a\\]\\:underline a");
    expect(cut).toContain(".md\\:grid-cols-2");
    expect(cut).toContain(".hover\\:text-y:hover");
    expect(cut).not.toContain("gone");
  });

  it("keeps the custom properties read by rules or by the page's own style attributes, and only those", async () => {
    const css = ":root{--color-accent:#0ff;--color-unused:#f00;--color-primary:#70f}.b{color:var(--color-primary)}";
    const cut = cutOf(await pruneInlineStylesheet(page(css, '<p class="b">x</p><svg><stop style="stop-color:var(--color-accent)"></stop></svg>')))!;
    expect(cut).toContain("--color-accent:#0ff");
    expect(cut).toContain("--color-primary:#70f");
    expect(cut).not.toContain("--color-unused");
  });

  describe("with the islands' words (docs/decisions/0059)", () => {
    const islands: IslandWords = {
      entry: ["/assets/islands-e.js"],
      chunks: { menu: ["/assets/island-menu.js", "/assets/island-shared.js"], dialog: ["/assets/island-dialog.js", "/assets/island-shared.js"] },
      words: {
        "/assets/islands-e.js": ["fixed", "createElement"],
        "/assets/island-menu.js": ["sm:p-4", "p-2", "nav", "aria-expanded"],
        "/assets/island-shared.js": ["rounded"],
        "/assets/island-dialog.js": ["backdrop:bg-black", "dialog"],
      },
    };
    const script = '<script data-src="/assets/islands-e.js"></script>';
    const menu = '<flow-island data-island="menu" data-on="visible" data-ids="m-" data-props="{}"><button>Menu</button></flow-island>';

    it("counts the words of the islands script and of the page's islands, and none without the script", () => {
      expect(islandWordsOf(`<body>${menu}${script}</body>`, islands).sort()).toEqual([
        "aria-expanded",
        "createElement",
        "fixed",
        "nav",
        "p-2",
        "rounded",
        "sm:p-4",
      ]);
      expect(islandWordsOf(`<body>${menu}</body>`, islands)).toEqual([]);
    });

    it("keeps for an island that starts at a touch what its rules name (variables, registrations, its texts' faces), not its rules", async () => {
      const touchIslands: IslandWords = {
        entry: ["/assets/islands-e.js"],
        chunks: { menu: ["/assets/island-menu.js"] },
        words: { "/assets/islands-e.js": ["fixed"], "/assets/island-menu.js": ["ring", "Close ×"] },
      };
      const css =
        "@layer theme{:root{--color-ring:red;--color-unused:blue}}.fixed{position:fixed}.ring{box-shadow:var(--tw-ring) var(--color-ring)}" +
        "@property --tw-ring{syntax:'*';inherits:false;initial-value:0 0 #0000}@property --tw-unused{syntax:'*';inherits:false}" +
        "@font-face{font-family:Inter;src:url(/a.woff2);unicode-range:U+20-7E}@font-face{font-family:Inter;src:url(/x.woff2);unicode-range:U+D7}";
      const touched = '<flow-island data-island="menu" data-on="interaction" data-ids="m-" data-props="{}"><b>Menu</b></flow-island>';
      const cut = cutOf(await pruneInlineStylesheet(page(css, `${touched}${script}`), touchIslands))!;
      expect(cut).toContain(".fixed{");
      expect(cut).not.toContain(".ring{");
      expect(cut).toContain("--color-ring:red");
      expect(cut).not.toContain("--color-unused");
      expect(cut).toContain("@property --tw-ring{");
      expect(cut).not.toContain("--tw-unused");
      // "×" is drawn by the island only, with the face that covers it.
      expect(cut).toContain("url(/x.woff2)");
    });

    it("works out what a touch island's rules name per stylesheet: two of one length and one opening are two", async () => {
      const touchIslands: IslandWords = {
        entry: ["/assets/islands-e.js"],
        chunks: { menu: ["/assets/island-menu.js"] },
        words: { "/assets/islands-e.js": ["fixed"], "/assets/island-menu.js": ["ring"] },
      };
      // The same length and the same first 64 characters (more than that): only the variable `.ring` reads differs.
      const opening = "@layer theme{:root{--color-aaaa:red;--color-bbbb:blue}}.fixed{position:fixed}";
      const [first, second] = ["aaaa", "bbbb"].map((name) => `${opening}.ring{color:var(--color-${name})}`);
      expect(first!.length).toBe(second!.length);
      const touched = '<flow-island data-island="menu" data-on="interaction" data-ids="m-" data-props="{}"><b>Menu</b></flow-island>';
      const firstCut = cutOf(await pruneInlineStylesheet(page(first!, `${touched}${script}`), touchIslands))!;
      expect(firstCut).toContain("--color-aaaa:red");
      expect(firstCut).not.toContain("--color-bbbb");
      const secondCut = cutOf(await pruneInlineStylesheet(page(second!, `${touched}${script}`), touchIslands))!;
      expect(secondCut).toContain("--color-bbbb:blue");
      expect(secondCut).not.toContain("--color-aaaa");
    });

    it("leaves out the words of an island that starts at a touch: it brings its rules with its code (decision 0078)", () => {
      const touched = menu.replace('data-on="visible"', 'data-on="interaction"');
      expect(islandWordsOf(`<body>${touched}${script}</body>`, islands).sort()).toEqual(["createElement", "fixed"]);
      // An island that starts by itself still counts, whatever else the page has.
      const dialog = '<flow-island data-island="dialog" data-on="load" data-ids="d-" data-props="{}"></flow-island>';
      expect(islandWordsOf(`<body>${touched}${dialog}${script}</body>`, islands).sort()).toEqual([
        "backdrop:bg-black",
        "createElement",
        "dialog",
        "fixed",
        "rounded",
      ]);
    });

    it("keeps the rules the page's islands may write (classes, tags, attributes of any value) in their order, not another island's", async () => {
      const css =
        ".p-2{padding:2px}.rounded{border-radius:4px}.fixed{position:fixed}nav{color:red}[aria-expanded=true]{outline:1px solid}" +
        "@media (min-width:40rem){.sm\\:p-4{padding:4px}}.backdrop\\:bg-black::backdrop{background:#000}dialog{margin:auto}.other{color:blue}";
      const cut = cutOf(await pruneInlineStylesheet(page(css, `<main>${menu}</main>${script}`), islands))!;
      // Order kept: the responsive rule still comes after the one it overrides.
      expect(cut.indexOf(".p-2{")).toBeGreaterThan(-1);
      expect(cut.indexOf(".p-2{")).toBeLessThan(cut.indexOf(".sm\\:p-4"));
      for (const rule of [".rounded{", ".fixed{", "nav{", "[aria-expanded=true]"]) expect(cut).toContain(rule);
      for (const rule of ["backdrop", "dialog{", ".other"]) expect(cut).not.toContain(rule);
      // Without the words, the same page keeps none of them.
      const bare = cutOf(await pruneInlineStylesheet(page(css, `<main>${menu}</main>${script}`)))!;
      for (const rule of [".p-2{", ".rounded{", "nav{", "[aria-expanded=true]"]) expect(bare).not.toContain(rule);
    });

    it("keeps the font faces that draw the islands' texts (escapes decoded) and the accented Latin visitors type", async () => {
      const faces =
        "@font-face{font-family:Inter;src:url(/ascii.woff2);unicode-range:U+0000-007F}" +
        "@font-face{font-family:Inter;src:url(/arrows.woff2);unicode-range:U+2190-21FF}" +
        "@font-face{font-family:Inter;src:url(/latin-ext.woff2);unicode-range:U+0100-017F}" +
        "@font-face{font-family:Inter;src:url(/greek.woff2);unicode-range:U+0370-03FF}";
      const withArrow: IslandWords = { ...islands, words: { ...islands.words, "/assets/island-menu.js": ["Next\\u2192"] } };
      const kept = cutOf(await pruneInlineStylesheet(page(faces, `<p>Hi</p>${menu}${script}`), withArrow))!;
      expect(kept).toContain("/arrows.woff2");
      expect(kept).toContain("/latin-ext.woff2");
      expect(kept).not.toContain("/greek.woff2");
      expect(cutOf(await pruneInlineStylesheet(page(faces, `<p>Hi</p>${menu}${script}`), islands))).not.toContain("/arrows.woff2");
      // A page without the islands script has nobody typing: only its own characters' faces.
      expect(cutOf(await pruneInlineStylesheet(page(faces, "<p>Hi</p>"), islands))).not.toContain("/latin-ext.woff2");
      expect(withCharactersOf(["a\\u{1F600}"], new Set())).toEqual(new Set([0x61, 0x1f600]));
      expect(withCharactersOf(["x"], null)).toBeNull();
    });
  });

  it("leaves a page without an inline stylesheet as it is", async () => {
    const html = '<html><head><link rel="stylesheet" href="/a.css"></head><body></body></html>';
    expect(await pruneInlineStylesheet(html)).toBe(html);
  });
});

describe("withoutUnusedProperties", () => {
  it("drops the @property registrations no declaration reads", () => {
    const css = '@property --tw-a{syntax:"*";inherits:false}@property --tw-b{syntax:"*";inherits:false}.x{box-shadow:var(--tw-a,0 0 #0000)}';
    const out = withoutUnusedProperties(css);
    expect(out).toContain("@property --tw-a");
    expect(out).not.toContain("--tw-b");
  });
});

describe("the page's font faces", () => {
  const faces =
    "@font-face{font-family:Inter;font-weight:100 900;src:url(/latin.woff2);unicode-range:U+0000-00FF,U+2000-206F}" +
    "@font-face{font-family:Inter;font-weight:100 900;src:url(/greek.woff2);unicode-range:U+0370-03FF}" +
    "@font-face{font-family:Inter;font-weight:100 900;src:url(/cut.woff2);unicode-range:U+20-7E,U+A9,U+2019}" +
    "@font-face{font-family:Fallback;src:local(Arial)}";

  it("keeps only the faces that draw one of the page's characters: the last defined wins where ranges overlap", () => {
    const ascii = withoutUnusedFaces(faces, pageCharacters("<p>It\u2019s \u00a9 2026\n\t</p>"));
    expect(ascii).toContain("/cut.woff2");
    expect(ascii).toContain("local(Arial)");
    expect(ascii).not.toContain("/latin.woff2");
    expect(ascii).not.toContain("/greek.woff2");

    const accented = withoutUnusedFaces(faces, pageCharacters("<p>Caf&#xe9; \u03a9</p>"));
    expect(accented).toContain("/latin.woff2");
    expect(accented).toContain("/greek.woff2");
    expect(accented).toContain("/cut.woff2");
  });

  it("keeps a family later in a font stack only for the characters the families before it do not cover", () => {
    const stacked =
      "@font-face{font-family:Rest;font-weight:100 900;src:url(/latin.woff2);unicode-range:U+0000-00FF}" +
      "@font-face{font-family:Rest;font-weight:100 900;src:url(/greek.woff2);unicode-range:U+0370-03FF}" +
      '@font-face{font-family:"Cut";font-weight:100 900;src:url(/cut.woff2);unicode-range:U+20-7E}' +
      "@font-face{font-family:Fallback;src:local(Arial)}" +
      ':root{--font-sans:"Cut", "Rest", Fallback, sans-serif}body{font-family:var(--font-sans)}';
    const ascii = withoutUnusedFaces(stacked, pageCharacters("<p>Plain text</p>"));
    expect(ascii).toContain("/cut.woff2");
    expect(ascii).toContain("local(Arial)");
    expect(ascii).not.toContain("/latin.woff2");
    expect(ascii).not.toContain("/greek.woff2");
    // "é" is not in the cut: the next family draws it.
    const accented = withoutUnusedFaces(stacked, pageCharacters("<p>Caf&#xe9;</p>"));
    expect(accented).toContain("/cut.woff2");
    expect(accented).toContain("/latin.woff2");
    expect(accented).not.toContain("/greek.woff2");
    // A stack that names the later family first reaches it with every character.
    expect(withoutUnusedFaces(`${stacked}code{font-family:Rest,monospace}`, pageCharacters("<p>Plain</p>"))).toContain("/latin.woff2");
    // An earlier family covers a character only with a face alike (here: no bold weight in the cut).
    const boldRest = stacked.replace("font-family:Rest;font-weight:100 900;src:url(/latin.woff2)", "font-family:Rest;font-weight:700;src:url(/latin.woff2)");
    expect(withoutUnusedFaces(boldRest, pageCharacters("<p>Plain</p>"))).toContain("/latin.woff2");
  });

  it("keeps every face when the page names a character it does not decode", () => {
    expect(pageCharacters("<p>Caf&eacute;</p>")).toBeNull();
    expect(withoutUnusedFaces(faces, null)).toBe(faces);
    expect(pageCharacters("<p>a &amp; b &lt;c&gt;</p>")).not.toBeNull();
  });

  it("reads unicode-range values, wildcards included", () => {
    expect(unicodeRanges("U+0000-00FF, U+0131, U+4??")).toEqual([
      [0, 0xff],
      [0x131, 0x131],
      [0x400, 0x4ff],
    ]);
  });
});

describe("withLayerOrder", () => {
  it("states the whole file's layer order when the cut lost a layer", () => {
    const whole = "@layer theme{:root{--a:1}}@layer base{p{margin:0}}@layer components;@layer utilities{.x{color:red}}";
    expect(withLayerOrder("@layer theme{:root{--a:1}}@layer utilities{.x{color:red}}", whole)).toBe(
      "@layer theme,base,components,utilities;@layer theme{:root{--a:1}}@layer utilities{.x{color:red}}",
    );
    const full = "@layer theme{:root{--a:1}}@layer base{p{margin:0}}@layer components;@layer utilities{.x{color:red}}";
    expect(withLayerOrder(full, whole)).toBe(full);
  });
});

describe("rules on state", () => {
  it("keeps Tailwind's [hidden] rule, and rules on a <details> opened without scripts", async () => {
    const css =
      "[hidden]:where(:not([hidden=until-found])){display:none!important}:is(:where(.group):is([open],:popover-open,:open) .group-open\\:rotate-180){rotate:180deg}";
    const cut = cutOf(
      await pruneInlineStylesheet(
        page(css, '<p hidden="">Loading</p><details class="group"><summary><svg class="group-open:rotate-180"></svg></summary></details>'),
      ),
    )!;
    expect(cut).toContain("[hidden]:where(:not([hidden=until-found]))");
    expect(cut).toContain("group-open\\:rotate-180");
  });

  it("keeps a rule on pseudo-classes alone (the site's focus ring), which PurgeCSS dropped, and not a rule on a class nobody has", async () => {
    const css = ":focus-visible{outline:2px solid red}:-moz-ui-invalid{box-shadow:none}.unused:focus-visible,.other:hover{outline:none}";
    const cut = cutOf(await pruneInlineStylesheet(page(css, '<a href="/">Home</a>')))!;
    expect(cut).toContain(":focus-visible{outline:2px solid red}");
    expect(cut).toContain(":-moz-ui-invalid{box-shadow:none}");
    expect(cut).not.toContain(".unused");
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inlineStylesheetLink, stylesheetInliner, stylesheetText } from "./inline-stylesheet.server";

describe("inlineStylesheetLink", () => {
  it("puts the stylesheet's text in place of its link, whatever the attributes' order", () => {
    const css = "body{color:red}";
    expect(inlineStylesheetLink('<head><link rel="stylesheet" href="/assets/root-a.css"/></head>', "/assets/root-a.css", css)).toBe(
      '<head><style data-href="/assets/root-a.css" data-cut="classes">body{color:red}</style></head>',
    );
    expect(
      inlineStylesheetLink('<link nonce="x" rel="stylesheet" href="/assets/root-a.css"/><link rel="icon" href="/i.svg"/>', "/assets/root-a.css", css),
    ).toBe('<style data-href="/assets/root-a.css" data-cut="classes">body{color:red}</style><link rel="icon" href="/i.svg"/>');
  });

  it("leaves other links, and a stylesheet that would close the element early", () => {
    const html = '<link rel="stylesheet" href="/assets/other.css"/>';
    expect(inlineStylesheetLink(html, "/assets/root-a.css", "a{}")).toBe(html);
    const own = '<link rel="stylesheet" href="/assets/root-a.css"/>';
    expect(inlineStylesheetLink(own, "/assets/root-a.css", 'a{content:"</style>"}')).toBe(own);
  });
});

describe("stylesheetText", () => {
  it("reads a built stylesheet once and refuses anything but an /assets CSS file", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inline-css-")) + path.sep;
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "assets", "root-t1.css"), "p{margin:0}");
    expect(stylesheetText("/assets/root-t1.css", dir)).toBe("p{margin:0}");
    fs.writeFileSync(path.join(dir, "assets", "root-t1.css"), "changed");
    expect(stylesheetText("/assets/root-t1.css", dir)).toBe("p{margin:0}");
    expect(stylesheetText("/assets/missing-t1.css", dir)).toBeNull();
    expect(stylesheetText("/assets/../secret.css", dir)).toBeNull();
    fs.rmSync(dir, { recursive: true });
  });
});

describe("stylesheetInliner", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inline-css-")) + path.sep;
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "assets", "root-t2.css"), "h1{font-weight:700}.used{color:red}.unused{color:blue}.opened{color:green}");
  const page = '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/root-t2.css"/></head><body><p class="used">Café – “quoted”</p></body></html>';
  const noIslands = { entry: [], chunks: {}, words: {} };

  it("inlines the stylesheet of a public page cut to its classes", () => {
    const html = stylesheetInliner("/privacy", ["/assets/root-t2.css"], dir, noIslands)!(page);
    expect(html).toBe(
      page.replace(
        '<link rel="stylesheet" href="/assets/root-t2.css"/>',
        '<style data-href="/assets/root-t2.css" data-cut="classes">h1{font-weight:700}.used{color:red}</style>',
      ),
    );
  });

  it("keeps the rules of the classes the page's islands may write", () => {
    const islands = { entry: ["/assets/islands-e.js"], chunks: { menu: ["/assets/island-menu.js"] }, words: { "/assets/island-menu.js": ["opened"] } };
    const withIsland = page.replace(
      "</body>",
      '<flow-island data-island="menu"></flow-island><script type="module" data-src="/assets/islands-e.js"></script></body>',
    );
    const html = stylesheetInliner("/privacy", ["/assets/root-t2.css"], dir, islands)!(withIsland);
    expect(html).toContain('<style data-href="/assets/root-t2.css" data-cut="classes">h1{font-weight:700}.used{color:red}.opened{color:green}</style>');
  });

  it("changes nothing in the back-office or when the file is not there", () => {
    expect(stylesheetInliner("/admin/blog", ["/assets/root-t2.css"], dir)).toBeNull();
    expect(stylesheetInliner("/privacy", ["/assets/root-none.css"], dir)).toBeNull();
  });
});

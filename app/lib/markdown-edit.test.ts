import { describe, expect, it } from "vitest";
import {
  altFromFileName,
  applyEdit,
  blockRemoval,
  formatCommand,
  insertBlock,
  linkSelection,
  prefixLines,
  wrapSelection,
  type TextEdit,
} from "./markdown-edit";
import { readTimeMinutes, wordCount } from "./text";

/** Applies an edit and shows the selection afterwards as [brackets] (or | for a caret). */
function show(text: string, edit: TextEdit) {
  const next = applyEdit(text, edit);
  if (edit.selectStart === edit.selectEnd) return `${next.slice(0, edit.selectStart)}|${next.slice(edit.selectStart)}`;
  return `${next.slice(0, edit.selectStart)}[${next.slice(edit.selectStart, edit.selectEnd)}]${next.slice(edit.selectEnd)}`;
}

/** `text` with its selection written as [..] or a caret as |: the text and the offsets. */
function sel(marked: string) {
  const caret = marked.indexOf("|");
  if (caret !== -1) return [marked.replace("|", ""), caret, caret] as const;
  const start = marked.indexOf("[");
  const end = marked.indexOf("]") - 1;
  return [marked.replace("[", "").replace("]", ""), start, end] as const;
}

describe("wrapSelection", () => {
  it("wraps the selection and keeps it selected", () => {
    expect(show("Some bold words", wrapSelection(...sel("Some [bold] words"), "**", "**", "bold text"))).toBe("Some **[bold]** words");
  });
  it("inserts a selected placeholder at a caret", () => {
    expect(show("Hi ", wrapSelection(...sel("Hi |"), "_", "_", "italic text"))).toBe("Hi _[italic text]_");
  });
  it("unwraps a selection inside the marks", () => {
    expect(show("a **b** c", wrapSelection(...sel("a **[b]** c"), "**", "**", "x"))).toBe("a [b] c");
  });
  it("unwraps a selection that includes the marks", () => {
    expect(show("a **b** c", wrapSelection(...sel("a [**b**] c"), "**", "**", "x"))).toBe("a [b] c");
  });
});

describe("prefixLines", () => {
  it("prefixes every line the selection touches", () => {
    expect(show("one\ntwo\nthree", prefixLines(...sel("o[ne\ntw]o\nthree"), "- "))).toBe("[- one\n- two]\nthree");
  });
  it("takes the prefix off when every line has it", () => {
    expect(show("> one\n> two", prefixLines(...sel("[> one\n> two]"), "> "))).toBe("[one\ntwo]");
  });
  it("prefixes only the lines that lack it when some have it", () => {
    expect(applyEdit("- one\ntwo", prefixLines(...sel("[- one\ntwo]"), "- "))).toBe("- one\n- two");
  });
  it("keeps a caret in its place in the line", () => {
    expect(show("intro\nTitle here", prefixLines(...sel("intro\nTitle| here"), "## "))).toBe("intro\n## Title| here");
    expect(show("## Title", prefixLines(...sel("## Ti|tle"), "## "))).toBe("Ti|tle");
  });
  it("does not prefix the line after a selection ending with its line break", () => {
    expect(applyEdit("one\ntwo", prefixLines(...sel("[one\n]two"), "> "))).toBe("> one\ntwo");
  });
});

describe("toolbar commands", () => {
  it("links the selection and selects the url to type over", () => {
    expect(show("see docs", linkSelection(...sel("see [docs]")))).toBe("see [docs]([url])");
    expect(show("see ", linkSelection(...sel("see |")))).toBe("see [[link text]](url)");
  });
  it("uses backticks within a line and a fence around several lines", () => {
    expect(show("run npm", formatCommand("code", ...sel("run [npm]")))).toBe("run `[npm]`");
    expect(applyEdit("a\nb", formatCommand("code", ...sel("[a\nb]")))).toBe("```\na\nb\n```");
  });
  it("maps heading, bold, italic, list and quote to their markdown", () => {
    expect(applyEdit("x", formatCommand("heading", ...sel("[x]")))).toBe("## x");
    expect(applyEdit("x", formatCommand("bold", ...sel("[x]")))).toBe("**x**");
    expect(applyEdit("x", formatCommand("italic", ...sel("[x]")))).toBe("_x_");
    expect(applyEdit("x\ny", formatCommand("list", ...sel("[x\ny]")))).toBe("- x\n- y");
    expect(applyEdit("x", formatCommand("quote", ...sel("[x]")))).toBe("> x");
  });
});

describe("insertBlock", () => {
  it("puts an image on a line of its own with the caret after it", () => {
    expect(show("before after", insertBlock(...sel("before| after"), "![a](/u.png)"))).toBe("before\n![a](/u.png)|\n after");
    expect(show("", insertBlock(...sel("|"), "![a](/u.png)"))).toBe("![a](/u.png)|");
    expect(show("x\n\ny", insertBlock(...sel("x\n|\ny"), "![a](/u.png)"))).toBe("x\n![a](/u.png)|\ny");
  });
});

describe("blockRemoval", () => {
  const image = "![Uploading image...](#upload-1)";
  /** Inserts the placeholder at the marked caret, lets `meanwhile` edit the text, then takes it back. */
  function insertThenRemove(marked: string, meanwhile: (text: string) => string = (t) => t) {
    const [text, start, end] = sel(marked);
    const inserted = insertBlock(text, start, end, image);
    const now = meanwhile(applyEdit(text, inserted));
    const { from, to } = blockRemoval(now, now.indexOf(image), image, inserted);
    return now.slice(0, from) + now.slice(to);
  }

  it("leaves the text as it was before the insert, wherever the caret was", () => {
    for (const marked of ["Intro.|", "|Intro.", "Intro|duction", "Intro.\n|", "Intro.\n|\nMore", "|", "a\n|b"]) {
      expect(insertThenRemove(marked), marked).toBe(marked.replace("|", ""));
    }
  });

  it("takes back one of two placeholders and keeps the other on its own line", () => {
    const second = "![Uploading image...](#upload-2)";
    const withBoth = (text: string) => applyEdit(text, insertBlock(text, text.length, text.length, second));
    expect(insertThenRemove("Intro.|", withBoth)).toBe(`Intro.\n${second}`);
  });

  it("cuts only the placeholder when the writer took out the line break before it meanwhile", () => {
    // The writer removed the line break insertBlock put before it: nothing else is cut.
    expect(insertThenRemove("Intro.|", (t) => t.replace("\n", ""))).toBe("Intro.");
  });
});

describe("altFromFileName", () => {
  it("turns a file name into words", () => {
    expect(altFromFileName("team-photo_2.png")).toBe("team photo 2");
    expect(altFromFileName("[x].jpg")).toBe("x");
    expect(altFromFileName(".png")).toBe("image");
  });
});

describe("wordCount", () => {
  it("counts what the read time counts", () => {
    const text = `## Title\n\nSome **bold** words.\n\n${"word ".repeat(700)}`;
    expect(wordCount(text)).toBe(705);
    expect(readTimeMinutes(text)).toBe(Math.max(1, Math.round(wordCount(text) / 230)));
    expect(wordCount("   ")).toBe(0);
  });
});

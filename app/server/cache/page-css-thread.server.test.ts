import { describe, expect, it } from "vitest";
import { islandSheetInThread, pruneInThread } from "./page-css-thread.server";

const NO_ISLANDS = { entry: [], chunks: {}, words: {} };
const page = (body: string) =>
  `<!DOCTYPE html><html><head><style data-href="/assets/root-k.css">.used{color:red}.unused{margin:1px}</style></head><body>${body}</body></html>`;

describe("the stylesheet cut of a kept page", () => {
  it("runs in a thread of its own, not on the thread that answers requests", async () => {
    const { html, threadId } = await pruneInThread(page('<p class="used">Kept</p>'), NO_ISLANDS);
    expect(threadId).toBeGreaterThan(0); // 0 is the main thread
    expect(html).toContain('<style data-href="/assets/root-k.css" data-cut="">.used{color:red}</style>');
    expect(html).not.toContain(".unused");
  });

  it("answers pages sent together, each with its own cut", async () => {
    const answers = await Promise.all(["a", "b", "c"].map((name) => pruneInThread(page(`<p class="used ${name}">${name}</p>`), NO_ISLANDS)));
    for (const [i, name] of ["a", "b", "c"].entries()) expect(answers[i]!.html).toContain(`<p class="used ${name}">${name}</p>`);
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(1);
  });

  it("makes an island's sheet there too (decision 0078)", async () => {
    const islands = { entry: [], chunks: { menu: ["/assets/island-menu.js"] }, words: { "/assets/island-menu.js": ["used"] } };
    const { css, threadId } = await islandSheetInThread(".used{color:red}.unused{margin:1px}", "menu", islands);
    expect(threadId).toBeGreaterThan(0);
    expect(css).toBe('@scope (flow-island[data-island="menu"]){.used{color:red}}');
  });
});

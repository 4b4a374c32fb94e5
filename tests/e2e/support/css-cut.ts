import { expect, type APIRequestContext, type Page } from "@playwright/test";

/**
 * Reading a public page's cut stylesheet in browser tests (site-css-cut, site-island-sheets;
 * docs/decisions/0036, 0059, 0063 and 0078).
 */

export const CUT = /<style data-href="([^"]+)" data-cut="">([\s\S]*?)<\/style>/;
/** A first render's stylesheet: cut by the page's class words on the request's path (app/server/http/class-cut.server.ts). */
export const CLASSES_CUT = /<style data-href="([^"]+)" data-cut="classes">([\s\S]*?)<\/style>/;

/** The page cache's refined copy of `path` (polled: it is made in the background once the page is kept). */
export async function keptCopy(request: APIRequestContext, path: string) {
  let body = "";
  await expect
    .poll(
      async () => {
        body = await (await request.get(path)).text();
        return CUT.test(body);
      },
      { message: `${path} is kept with its stylesheet cut`, timeout: 15_000 },
    )
    .toBe(true);
  return body;
}

/**
 * `path` as its first reader gets it: asked under a spelling the page cache has not kept yet (some
 * of its letters percent-encoded: the same page under another key), until one is rendered.
 */
export async function firstRender(request: APIRequestContext, path: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const spelled = path.replace(/[a-z]/g, (letter) => (Math.random() < 0.5 ? `%${letter.charCodeAt(0).toString(16)}` : letter));
    const response = await request.get(spelled);
    expect(response.status(), spelled).toBe(200);
    const body = await response.text();
    if (CLASSES_CUT.test(body)) return body;
  }
  throw new Error(`${path}: every spelling tried was answered from the page cache`);
}

/** The first post of the sitemap. */
export async function firstPost(request: APIRequestContext) {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const post = /<loc>[^<]*?(\/blog\/(?!category\/|tag\/)[^<]+)<\/loc>/.exec(sitemap)?.[1];
  expect(post).toBeDefined();
  return post!;
}

/**
 * Waits until the page's running transitions and finite animations have ended (a page with scripts
 * on; without, a frame never comes). A transition that a change just started, even one of 0.01 ms
 * as under reduced motion, gets its start time at the next frame, and until then the element keeps
 * its old value: the header stayed transparent for a frame after its menu opened, one read in two.
 */
export function settled(page: Page) {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ending = document.getAnimations().filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
}

/**
 * A hash of every computed style (custom properties aside) of every element of the page (or of the
 * subtree at `selector`, itself included) and of its ::before, ::after and ::marker boxes where the
 * element has them (a ::before or ::after with content, the marker of a list item; the others draw
 * nothing): one number per element, in document order.
 */
export function styleHashes(page: Page, selector = ":root") {
  return page.locator(selector).evaluate((root) => {
    const hash = (text: string) => {
      let h = 2166136261;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
      return h >>> 0;
    };
    // Custom properties aside: they count only through the properties that read them, compared here.
    const describe = (style: CSSStyleDeclaration) =>
      Array.from(style)
        .filter((name) => !name.startsWith("--"))
        .map((name) => `${name}:${style.getPropertyValue(name)}`)
        .join(";");
    const boxes = (el: Element, style: CSSStyleDeclaration) => [
      ...["::before", "::after"].map((p) => getComputedStyle(el, p)).filter((box) => box.content !== "none" && box.content !== "normal"),
      ...(style.display.includes("list-item") ? [getComputedStyle(el, "::marker")] : []),
    ];
    return [root, ...root.querySelectorAll("*")].map((el) => {
      const style = getComputedStyle(el);
      return hash([style, ...boxes(el, style)].map(describe).join("|"));
    });
  });
}

/** The computed styles that differ between two pages, for the `indexes` of elements given (for the failure message). */
export async function differences(a: Page, b: Page, indexes: number[]) {
  const read = (page: Page) =>
    page.evaluate((indexes) => {
      const all = Array.from(document.querySelectorAll("*"));
      return indexes.map((i) => {
        const el = all[i]!;
        const style: Record<string, string> = {};
        for (const pseudo of ["", "::before", "::after", "::marker"]) {
          const computed = getComputedStyle(el, pseudo || null);
          for (const name of Array.from(computed)) if (!name.startsWith("--")) style[`${pseudo}${name}`] = computed.getPropertyValue(name);
        }
        return { el: `${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""}`, style };
      });
    }, indexes);
  const [left, right] = [await read(a), await read(b)];
  return left.map((l, i) => ({
    el: l.el,
    props: Object.keys(l.style)
      .filter((n) => l.style[n] !== right[i]!.style[n])
      .map((n) => `${n}: ${l.style[n]} / ${right[i]!.style[n]}`),
  }));
}

import { expect, type Page, type Request } from "@playwright/test";

/** The public site's phone layout: below 768 px (Tailwind's `md`). */
export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1440) < 768;

/** Scrolls the page half a screen at a time to its end, two frames each: every island that starts on sight sees the screen. */
export async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
  });
}

/** The page's islands that are not live, as `name: state` (an island inside another is its part, not counted). */
function islandsNotLive(page: Page, { touched }: { touched: boolean }) {
  return page.evaluate(
    (touched) =>
      Array.from(document.querySelectorAll<HTMLElement>("flow-island[data-island]"))
        .filter((el) => !el.parentElement?.closest("flow-island") && (touched || el.dataset.on !== "interaction"))
        .filter((el) => el.dataset.state !== "live")
        .map((el) => `${el.dataset.island}: ${el.dataset.state ?? "asleep"}`),
    touched,
  );
}

/**
 * Waits until every island that starts without a touch (at load, when idle, or on sight: call after
 * `scrollThrough`) is live, so the scripts it needed have all arrived. Quiet on the network is not
 * enough: an on-sight island is woken by an IntersectionObserver callback that a busy machine can
 * run after the network has gone quiet. And a busy machine can skip the frames in which the scroll
 * passed an on-sight island, which the observer then never saw on the screen: such an island is
 * brought to the screen again, one at a time, until each is live.
 */
export async function islandsSettled(page: Page) {
  await expect
    .poll(async () => {
      await page.evaluate(() => {
        const asleep = Array.from(document.querySelectorAll('flow-island[data-on="visible"]:not([data-state])')).find(
          (el) => !el.parentElement?.closest("flow-island"),
        );
        asleep?.firstElementChild?.scrollIntoView({ block: "center" });
      });
      return islandsNotLive(page, { touched: false });
    })
    .toEqual([]);
}

/**
 * Wakes every island of the page, those waiting for a touch too (as a visitor using each of them
 * would), and waits until all are live: the page has then loaded every script it can ever need.
 */
export async function everyIslandLive(page: Page) {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll("flow-island[data-island]")) window.__wakeIsland?.(el);
  });
  await expect.poll(() => islandsNotLive(page, { touched: true })).toEqual([]);
}

/**
 * Waits until the page's island `name` is live. An island that starts on sight (the landing's
 * sections below the fold) is hydrated once it comes near the screen, after `hydrated(page)`:
 * a drag, unlike a click or an arrow key, is not held and replayed, so it needs the island live.
 */
export async function islandLive(page: Page, name: string) {
  await expect(page.locator(`flow-island[data-island="${name}"]`).first()).toHaveAttribute("data-hydrated", "");
}

/** The audit dialog ('Book Your Automation Audit'), open on `page`, filled with `values`; answers the dialog. */
export async function fillAuditRequest(page: Page, values: { name: string; email: string; company: string; message: string }) {
  const dialog = page.getByRole("dialog", { name: "Book Your Automation Audit" });
  await dialog.getByLabel("Name").fill(values.name);
  await dialog.getByLabel("Work email").fill(values.email);
  await dialog.getByLabel("Company").fill(values.company);
  await dialog.getByLabel("What would you like to automate?").fill(values.message);
  return dialog;
}

/**
 * Moves the pointer over the hero, between `xs` at height `y`, until its dot grid's canvas is live
 * (it starts at the first pointer move: app/components/landing/hero-backdrop.ts); the canvas.
 */
export async function startDotGrid(page: Page, xs: [number, number], y: number) {
  const canvas = page.getByTestId("dot-grid");
  let x = xs[0];
  await expect
    .poll(async () => {
      x = x === xs[0] ? xs[1] : xs[0];
      await page.mouse.move(x, y);
      return canvas.getAttribute("data-live");
    })
    .toBe("true");
  return canvas;
}

/** A script file a page fetched: its path, its bytes on the wire (compressed body and response headers, as Lighthouse counts them) and its body's. */
export type ScriptFetch = { url: string; bytes: number; body: number };

/**
 * Counts the script files the page fetches from now on, with the browser's cache off (every file
 * is fetched, none comes from a previous test). One entry per path: a modulepreload and its import
 * are one download. `stop()` ends the count.
 */
export async function countScripts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  const fetched = new Map<string, Promise<ScriptFetch>>();
  const finished = (request: Request) => {
    const url = new URL(request.url()).pathname;
    if (!url.endsWith(".js") || fetched.has(url)) return;
    fetched.set(
      url,
      request.sizes().then((sizes) => ({ url, bytes: sizes.responseHeadersSize + sizes.responseBodySize, body: sizes.responseBodySize })),
    );
  };
  page.on("requestfinished", finished);
  const list = () => Promise.all(fetched.values());
  return {
    paths: () => [...fetched.keys()],
    list,
    total: async () => (await list()).reduce((sum, s) => sum + s.bytes, 0),
    stop: async () => {
      page.off("requestfinished", finished);
      await cdp.detach();
    },
  };
}

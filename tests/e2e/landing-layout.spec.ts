import { expect, test, type Locator, type Page } from "@playwright/test";
import { problems, whoWeAre } from "../../app/content/landing";
import { hydrated } from "./support/admin";
import { islandLive } from "./support/site";

type Box = { left: number; top: number; right: number; bottom: number };
type Layers = { before: Box[]; after: Box[]; badges: { before: Box | null; after: Box | null } };

/**
 * The text a reader sees in the comparison, per side: every non-empty text node under a
 * `data-layer` element, as its line boxes, dropped when it or an ancestor is transparent, hidden
 * or not displayed, and cut to every clip on the way up (clip-path insets, overflow, the frame).
 * So each box is text of that side that is actually painted, where it is painted.
 */
function visibleText(frame: Locator) {
  return frame.evaluate((root): Layers => {
    const intersect = (a: Box, b: Box): Box => ({
      left: Math.max(a.left, b.left),
      top: Math.max(a.top, b.top),
      right: Math.min(a.right, b.right),
      bottom: Math.min(a.bottom, b.bottom),
    });
    const empty = (b: Box) => b.right - b.left <= 0.5 || b.bottom - b.top <= 0.5;
    const length = (value: string, of: number) => (value.endsWith("%") ? (parseFloat(value) / 100) * of : parseFloat(value) || 0);
    /** The part of `el` a clip-path inset(...) lets through, or the whole box. */
    const clipOf = (el: Element, style: CSSStyleDeclaration): Box | null => {
      const r = el.getBoundingClientRect();
      const box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      const inset = /^inset\(([^)]*)\)$/.exec(style.clipPath);
      if (inset) {
        const v = inset[1]!.split(/\s+/);
        const [t, ri, b, l] = [v[0]!, v[1] ?? v[0]!, v[2] ?? v[0]!, v[3] ?? v[1] ?? v[0]!];
        box.top += length(t, r.height);
        box.right -= length(ri, r.width);
        box.bottom -= length(b, r.height);
        box.left += length(l, r.width);
      }
      const clips = inset || style.overflowX !== "visible" || style.overflowY !== "visible" || el === root;
      return clips ? box : null;
    };
    const out: Layers = { before: [], after: [], badges: { before: null, after: null } };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const layerEl = node.parentElement?.closest<HTMLElement>("[data-layer]");
      if (!layerEl || !root.contains(layerEl)) continue;
      let area: Box = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
      let shown = true;
      for (let el: Element | null = node.parentElement; el && shown; el = el === root ? null : el.parentElement) {
        const style = getComputedStyle(el);
        if (style.display === "none" || style.visibility !== "visible" || Number(style.opacity) === 0) shown = false;
        const clip = clipOf(el, style);
        if (clip) area = intersect(area, clip);
      }
      if (!shown) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) {
        const box = intersect({ left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom }, area);
        if (empty(box)) continue;
        const side = layerEl.dataset.layer as "before" | "after";
        out[side].push(box);
        if (layerEl.dataset.pair?.startsWith("badge-")) out.badges[side] = box;
      }
    }
    return out;
  });
}

/** Overlap or touch across x (a cut word meeting the other side's text reads as one line), overlap in y. */
const collide = (a: Box, b: Box) => a.left <= b.right + 1 && b.left <= a.right + 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;

async function setDivider(page: Page, slider: Locator, percent: number) {
  await slider.focus();
  await page.keyboard.press("Home");
  for (let p = 0; p < percent; p += 10) await page.keyboard.press("PageUp");
  await expect(slider).toHaveAttribute("aria-valuenow", String(percent));
}

test.describe("landing layout", () => {
  test("the comparison's two sides never draw text over each other, and the handle leaves the After badge free @phone", async ({ page }) => {
    await page.goto("/");
    const frame = page.getByTestId("comparison");
    const slider = page.getByRole("slider", { name: "Comparison divider" });
    await frame.scrollIntoViewIfNeeded();
    // Nothing of the frame spills sideways (on a phone that would be a horizontal scroll).
    expect(await frame.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

    for (const percent of [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]) {
      await setDivider(page, slider, percent);
      const text = await visibleText(frame);
      for (const a of text.before) for (const b of text.after) expect(collide(a, b), `texts collide at ${percent}%: ${JSON.stringify([a, b])}`).toBe(false);
      // The badges follow the sides' measured spans, which the island reads once it is laid out after
      // waking (a ResizeObserver): the side hidden at either end is checked once the frame settles.
      if (percent === 0) await expect.poll(async () => (await visibleText(frame)).before, "nothing of Before shows at 0%").toEqual([]);
      if (percent === 100) await expect.poll(async () => (await visibleText(frame)).after, "nothing of After shows at 100%").toEqual([]);
      if (percent === 50 || percent === 80) {
        // Both sides are there to compare (the test is not passing on an empty frame).
        expect(text.before.length, `Before text at ${percent}%`).toBeGreaterThan(0);
        expect(text.after.length, `After text at ${percent}%`).toBeGreaterThan(0);
      }
      // The handle never sits on the After badge.
      const handle = (await slider.boundingBox())!;
      const handleBox = { left: handle.x, top: handle.y, right: handle.x + handle.width, bottom: handle.y + handle.height };
      if (text.badges.after) expect(collide(handleBox, text.badges.after)).toBe(false);
      if (percent === 80) expect(text.badges.after, "the After badge shows at the starting 80%").not.toBeNull();
    }
  });

  test("a Before figure hidden behind the After side shows while the keyboard edits it @phone", async ({ page }) => {
    await page.goto("/");
    const slider = page.getByRole("slider", { name: "Comparison divider" });
    await slider.scrollIntoViewIfNeeded();
    await setDivider(page, slider, 0);
    const button = page.getByRole("button", { name: /Edit Before Manual labor cost/ });
    const layerOpacity = (side: "before" | "after") =>
      page
        .locator(`[data-pair="metric-cost"] > [data-layer="${side}"]`)
        .evaluate((el) => getComputedStyle(el).opacity)
        .then(Number);
    expect(await layerOpacity("before")).toBe(0);
    expect(await layerOpacity("after")).toBe(1);
    await page.keyboard.press("Shift+Tab");
    await expect(button).toBeFocused();
    await expect.poll(() => layerOpacity("before")).toBe(1);
    expect(await layerOpacity("after")).toBe(0);
    await page.keyboard.press("Enter");
    await page.getByRole("textbox", { name: "Before Manual labor cost ($)" }).fill("2000");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("after-cost")).toHaveText("$300");
  });

  test("a swipe changes the testimonial; a short drag does not @phone", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    // A drag is not replayed like a click: it needs the island live.
    await hydrated(page);
    const carousel = page.getByRole("region", { name: "Client testimonials" });
    await carousel.scrollIntoViewIfNeeded();
    await islandLive(page, "testimonials");
    const current = carousel.locator("[aria-roledescription='slide']:not([aria-hidden])");
    await expect(current).toHaveAttribute("aria-label", /^1 of \d+$/);
    const viewport = (await current.boundingBox())!;
    const y = viewport.y + viewport.height / 2;
    const from = viewport.x + viewport.width * 0.8;
    const to = viewport.x + viewport.width * 0.2;
    const phone = (page.viewportSize()?.width ?? 1440) < 768;

    const drag = async (start: number, end: number) => {
      if (phone) {
        // A finger: touch events through the DevTools protocol, as a phone's screen sends them.
        const cdp = await page.context().newCDPSession(page);
        const points = (x: number) => [{ x, y, id: 1 }];
        await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: points(start) });
        for (let i = 1; i <= 5; i++) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: points(start + ((end - start) * i) / 5) });
        await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
        await cdp.detach();
      } else {
        await page.mouse.move(start, y);
        await page.mouse.down();
        await page.mouse.move(end, y, { steps: 5 });
        await page.mouse.up();
      }
    };

    await drag(from, to);
    await expect(current).toHaveAttribute("aria-label", /^2 of /);
    await drag(to, from);
    await expect(current).toHaveAttribute("aria-label", /^1 of /);
    await drag(from, from - 20);
    await expect(current).toHaveAttribute("aria-label", /^1 of /);
    await drag(to, from);
    const total = /of (\d+)/.exec((await current.getAttribute("aria-label")) ?? "")?.[1];
    await expect(current).toHaveAttribute("aria-label", `${total} of ${total}`);
  });

  test("with reduced motion a swipe still changes the slide, without sliding", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/");
    // A drag is not replayed like a click: it needs the island live.
    await hydrated(page);
    const carousel = page.getByRole("region", { name: "Client testimonials" });
    await carousel.scrollIntoViewIfNeeded();
    await islandLive(page, "testimonials");
    const current = carousel.locator("[aria-roledescription='slide']:not([aria-hidden])");
    const viewport = (await current.boundingBox())!;
    const y = viewport.y + viewport.height / 2;
    await page.mouse.move(viewport.x + viewport.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(viewport.x + viewport.width * 0.2, y, { steps: 5 });
    await page.mouse.up();
    await expect(current).toHaveAttribute("aria-label", /^2 of /);
    // The track jumps: no transition on it.
    expect(await current.locator("..").evaluate((el) => (el as HTMLElement).style.transition)).toBe("none");
    await context.close();
  });

  test("pain-point quotes are shown whole, never cut to one line @phone", async ({ page }) => {
    await page.goto("/");
    const list = page.getByRole("list", { name: problems.listLabel });
    await list.scrollIntoViewIfNeeded();
    await expect(list.getByRole("listitem")).toHaveCount(problems.messages.length);
    const rows = await list.getByRole("listitem").evaluateAll((items) =>
      items.map((item) => {
        const quote = item.querySelector("p")!;
        const style = getComputedStyle(quote);
        return {
          text: quote.textContent,
          fitsWidth: quote.scrollWidth <= quote.clientWidth,
          fitsHeight: quote.scrollHeight <= quote.clientHeight,
          insideRow: quote.getBoundingClientRect().bottom <= item.getBoundingClientRect().bottom + 0.5,
          ellipsis: style.textOverflow,
          clamp: style.webkitLineClamp,
          whiteSpace: style.whiteSpace,
        };
      }),
    );
    expect(rows.map((r) => r.text)).toEqual(problems.messages.map((m) => `“${m.text}”`));
    for (const row of rows) expect(row, row.text ?? "").toMatchObject({ fitsWidth: true, fitsHeight: true, insideRow: true, ellipsis: "clip", clamp: "none" });
    expect(rows.some((r) => r.whiteSpace === "nowrap")).toBe(false);
    // The highlighted quote is wholly inside the scrolling window.
    const windowBox = (await list.locator("xpath=../..").boundingBox())!;
    const active = (await list.locator("[data-active='true'] p").first().boundingBox())!;
    expect(active.y).toBeGreaterThanOrEqual(windowBox.y);
    expect(active.y + active.height).toBeLessThanOrEqual(windowBox.y + windowBox.height);
  });

  test("the integrations are a labelled grid below 1024 px and the diagram above @phone", async ({ page }) => {
    await page.goto("/");
    const who = page.locator("section", { has: page.getByRole("heading", { name: "An automation studio that ships" }) });
    const grid = who.getByRole("list", { name: whoWeAre.diagramLabel });
    const diagram = who.getByRole("img", { name: whoWeAre.diagramLabel });
    if ((page.viewportSize()?.width ?? 1440) < 1024) {
      await expect(grid).toBeVisible();
      await expect(diagram).toBeHidden();
      const tools = [...whoWeAre.diagramLeft, ...whoWeAre.diagramRight];
      await expect(grid.getByRole("listitem")).toHaveText(tools);
      for (const item of await grid.getByRole("listitem").all()) {
        const { fontSize, icon } = await item.evaluate((el) => ({
          fontSize: parseFloat(getComputedStyle(el).fontSize),
          icon: el.querySelector("svg")!.getBoundingClientRect().width,
        }));
        expect(fontSize).toBeGreaterThanOrEqual(14);
        expect(icon).toBeGreaterThanOrEqual(24);
      }
      await expect(who.getByText(whoWeAre.diagramHub)).toBeVisible();
    } else {
      await expect(diagram).toBeVisible();
      await expect(grid).toBeHidden();
    }
    // One picture of the tools: the desktop-only tools box is gone.
    await expect(page.getByRole("heading", { name: "One hub for the tools you already use" })).toHaveCount(0);
  });

  test("client wordmarks share one size and one colour; partners are text, not imitated logos @phone", async ({ page }) => {
    await page.goto("/");
    const trusted = page.locator("section", { has: page.getByRole("heading", { name: "Trusted by teams that move fast" }) });
    const marks = trusted.getByRole("img");
    await expect(marks).toHaveCount(8);
    const looks = await marks.evaluateAll((els) =>
      els.map((el) => {
        const style = getComputedStyle(el);
        const svg = el.querySelector("svg")!.getBoundingClientRect();
        return { fontSize: style.fontSize, fontWeight: style.fontWeight, color: style.color, mark: `${svg.width}x${svg.height}`, tag: el.tagName };
      }),
    );
    expect(new Set(looks.map((l) => JSON.stringify(l))).size).toBe(1);
    await expect(trusted.locator("img")).toHaveCount(0);

    const who = page.locator("section", { has: page.getByRole("heading", { name: "An automation studio that ships" }) });
    const partners = who.getByRole("list").filter({ has: page.getByRole("link", { name: "Zapier" }) });
    await expect(partners.getByRole("link")).toHaveText(whoWeAre.partners.map((p) => p.name));
    await expect(partners.locator("img, svg")).toHaveCount(0);
  });
});

import { expect, test } from "@playwright/test";
import { axeViolations } from "./support/axe";

/**
 * The specs' axe helper (support/axe.ts) scans a page and the frames in it: the landing editor's
 * preview is a frame, and a helper that stopped looking inside frames would pass every spec.
 * Two made-up documents (served by the test, not the app): an image without a text alternative
 * in the page, an unlabelled field in its frame.
 */
test("the axe helper reports a violation in the page and one inside its frame", async ({ page }) => {
  const html = (title: string, body: string) => `<!doctype html><html lang="en"><title>${title}</title><main><h1>${title}</h1>${body}</main>`;
  await page.route("**/axe-helper-page", (route) =>
    route.fulfill({ contentType: "text/html", body: html("Page", '<img src="/missing.png"><iframe title="Inner" src="/axe-helper-frame"></iframe>') }),
  );
  await page.route("**/axe-helper-frame", (route) => route.fulfill({ contentType: "text/html", body: html("Frame", '<input type="text">') }));
  await page.goto("/axe-helper-page");
  await page.frameLocator("iframe").locator("input").waitFor();
  const found = await axeViolations(page);
  expect(found.filter((v) => v.startsWith("image-alt:"))).toEqual(["image-alt: img"]);
  expect(found.filter((v) => v.startsWith("label:"))).toEqual(["label: iframe input"]);
});

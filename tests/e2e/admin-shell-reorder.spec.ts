// Reordering team members and testimonials in the back-office, by keyboard and by dragging the
// handle; the admin lists and the public /team follow.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { adminState, hydrated, isPhone, toastText, unique } from "./support/admin";

let statePath = "";
test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});
async function createMember(request: APIRequestContext, baseURL: string, name: string, displayOrder: number) {
  const response = await request.post("/admin/team/new", {
    headers: { Origin: baseURL },
    form: { name, position: "Reorder tester", displayOrder: String(displayOrder), active: "on" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

/** Moves the named members (or testimonials) to the trash; their edit links give their ids. */
async function removeMembers(request: APIRequestContext, baseURL: string, names: string[], kind: "team" | "testimonials" = "team") {
  const html = await (await request.get(`/admin/${kind}`)).text();
  for (const name of names) {
    const id = new RegExp(`aria-label="Edit ${name}"[^>]*href="/admin/${kind}/edit/([0-9a-f-]{36})"`).exec(html)?.[1];
    expect(id).toBeTruthy();
    expect((await request.post(`/admin/${kind}`, { headers: { Origin: baseURL }, form: { intent: "delete", id: id! } })).status()).toBe(200);
  }
}

/** The order of `names` among the rows of an admin list. */
async function adminOrder(page: Page, list: string, names: string[]) {
  const headings = await page.getByRole("list", { name: list }).getByRole("heading", { level: 2 }).allTextContents();
  return headings.filter((h) => names.includes(h));
}

async function publicTeamOrder(request: APIRequestContext, names: string[]) {
  const html = await (await request.get("/team")).text();
  return [...names].sort((a, b) => html.indexOf(`>${a}<`) - html.indexOf(`>${b}<`));
}

test("team members move up and down by keyboard; the admin list and the public /team follow @phone", async ({ browser, viewport, baseURL }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined });
  const page = await context.newPage();
  const first = unique("Order first");
  const second = unique("Order second");
  // Far below the others, next to each other (a number of their own: earlier runs left members behind).
  const base = 10_000 + Math.floor(Math.random() * 400_000) * 2;
  await createMember(page.request, baseURL!, first, base);
  await createMember(page.request, baseURL!, second, base + 1);
  await page.goto("/admin/team");
  await hydrated(page);
  expect(await adminOrder(page, "Team members", [first, second])).toEqual([first, second]);
  expect(await publicTeamOrder(page.request, [first, second])).toEqual([first, second]);

  const up = page.getByRole("button", { name: `Move ${second} up` });
  await up.focus();
  await page.keyboard.press("Enter");
  await expect(toastText(page, "Order saved")).toBeVisible();
  await expect.poll(() => adminOrder(page, "Team members", [first, second])).toEqual([second, first]);
  // The focus stays on the button that moved the row.
  await expect(up).toBeFocused();
  if (isPhone(page)) {
    // On phones the toast sits at the top, clear of a bottom action bar.
    const box = await toastText(page, "Order saved").boundingBox();
    expect(box!.y).toBeLessThan(page.viewportSize()!.height / 2);
  }
  expect(await publicTeamOrder(page.request, [first, second])).toEqual([second, first]);
  await page.reload();
  expect(await adminOrder(page, "Team members", [first, second])).toEqual([second, first]);

  // The two swapped their numbers; the Display Order field shows the saved one.
  await page.goto(`/admin/team`);
  await page.getByRole("button", { name: `Edit ${second}` }).click();
  await expect(page.getByLabel("Display Order")).toHaveValue(String(base));

  await page.goto("/admin/team");
  await hydrated(page);
  await page.getByRole("button", { name: `Move ${second} down` }).focus();
  await page.keyboard.press("Space");
  await expect.poll(() => adminOrder(page, "Team members", [first, second])).toEqual([first, second]);
  await expect.poll(() => publicTeamOrder(page.request, [first, second])).toEqual([first, second]);
  await removeMembers(page.request, baseURL!, [first, second]);
  await context.close();
});

test("testimonials and team members reorder by dragging the handle", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  const a = unique("Drag A");
  const b = unique("Drag B");
  const base = 10_000 + Math.floor(Math.random() * 400_000) * 2;
  for (const [name, order] of [
    [a, base],
    [b, base + 1],
  ] as const) {
    const response = await page.request.post("/admin/testimonials/new", {
      headers: { Origin: baseURL! },
      form: { name, company: "Drag Co", quote: "They reorder nicely.", displayOrder: String(order), active: "on" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
  }
  await page.goto("/admin/testimonials");
  await hydrated(page);
  expect(await adminOrder(page, "Testimonials", [a, b])).toEqual([a, b]);
  await dragAbove(page, `Drag ${b} to reorder`, `Drag ${a} to reorder`);
  await expect(toastText(page, "Order saved")).toBeVisible();
  await expect.poll(() => adminOrder(page, "Testimonials", [a, b])).toEqual([b, a]);
  await page.reload();
  expect(await adminOrder(page, "Testimonials", [a, b])).toEqual([b, a]);
  await removeMembers(page.request, baseURL!, [a, b], "testimonials");

  const c = unique("Drag member C");
  const d = unique("Drag member D");
  await createMember(page.request, baseURL!, c, base);
  await createMember(page.request, baseURL!, d, base + 1);
  await page.goto("/admin/team");
  await hydrated(page);
  await dragAbove(page, `Drag ${d} to reorder`, `Drag ${c} to reorder`);
  await expect.poll(() => adminOrder(page, "Team members", [c, d])).toEqual([d, c]);
  await expect.poll(() => publicTeamOrder(page.request, [c, d])).toEqual([d, c]);
  await removeMembers(page.request, baseURL!, [c, d]);
  await context.close();
});

/** Drags the row of handle `from` by the mouse onto the row of handle `to`. */
async function dragAbove(page: Page, from: string, to: string) {
  const source = page.getByRole("button", { name: from });
  const target = page.getByRole("button", { name: to });
  await source.scrollIntoViewIfNeeded();
  const start = (await source.boundingBox())!;
  const end = (await target.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2 - 10, { steps: 5 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2 - 5, { steps: 15 });
  await page.mouse.up();
}

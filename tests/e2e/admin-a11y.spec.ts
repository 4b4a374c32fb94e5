import { expect, test } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { adminState, hydrated, isPhone, unique } from "./support/admin";

let statePath = "";
test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});

test("every admin screen has no axe violations @phone", async ({ browser, viewport, baseURL }) => {
  // Twenty screens, each loaded, hydrated and analysed: minutes on a busy CI machine.
  test.setTimeout(300_000);
  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined, reducedMotion: "reduce" });
  const page = await context.newPage();
  // A post of its own, for the edit and history screens.
  const title = unique("A11y post");
  const created = await page.request.post("/admin/blog/new", {
    headers: { Origin: baseURL! },
    form: { intent: "save", title, slug: title.toLowerCase().replace(/\s+/g, "-"), category: "Automation", content: "Body text.", excerpt: "" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  await page.goto("/admin/dashboard");
  const edit = await page.getByRole("list", { name: "Recent posts" }).getByRole("link", { name: title }).getAttribute("href");
  expect(edit).toMatch(/^\/admin\/blog\/edit\/[0-9a-f-]{36}$/);
  // The first team member's and testimonial's edit forms (the demo content has both).
  const firstEdit = async (list: string) => {
    await page.goto(list);
    return page
      .getByRole("button", { name: /^Edit / })
      .first()
      .getAttribute("href");
  };
  const editMember = await firstEdit("/admin/team");
  const editTestimonial = await firstEdit("/admin/testimonials");

  for (const path of [
    "/admin/dashboard",
    "/admin/blog",
    "/admin/blog/new",
    edit!,
    `${edit!}/history`,
    // /admin/site and its history: scanned at both widths, preview frame included, in admin-site-landing.spec.ts.
    "/admin/tags",
    "/admin/team",
    "/admin/team/new",
    editMember!,
    "/admin/testimonials",
    "/admin/testimonials/new",
    editTestimonial!,
    "/admin/leads",
    "/admin/analytics",
    "/admin/users",
    "/admin/trash",
    "/admin/redirects",
    "/admin/settings",
    "/admin/audit-log",
    "/admin/account",
  ]) {
    await page.goto(path, { waitUntil: "networkidle" });
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await axeViolations(page), path).toEqual([]);
  }
  await context.close();
});

test("the sign-in screen, with and without its error, has no axe violations @phone", async ({ browser, viewport }) => {
  const context = await browser.newContext({ viewport: viewport ?? undefined, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/admin/auth", { waitUntil: "networkidle" });
  expect(await axeViolations(page)).toEqual([]);
  await hydrated(page);
  await page.getByLabel("Email").fill("nobody-here@studio.test");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("main").getByRole("alert")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});

test("the open navigation menu, account menu and a confirmation dialog have no axe violations @phone", async ({ browser, viewport }) => {
  const context = await browser.newContext({ storageState: statePath, viewport: viewport ?? undefined, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/admin/team", { waitUntil: "networkidle" });
  await hydrated(page);
  if (isPhone(page)) {
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
  } else {
    await page.getByRole("button", { name: /^Account/ }).click();
    await expect(page.getByText("Signed in as", { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
  }
  await page
    .getByRole("list", { name: "Team members" })
    .getByRole("button", { name: /^Delete / })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this team member?" });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await context.close();
});

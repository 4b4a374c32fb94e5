import { expect, test, type Locator, type Page } from "@playwright/test";
import { axeViolations } from "./support/axe";
import { hydrated, pngBytes, toastText, unique, whenStill } from "./support/admin";
import { adminSuite } from "./support/admin-suite";

/* The team member and testimonial forms on the post editor's parts: the photo's drop zone, the sticky action bar, the error summary; the bio and the role they save, shown on the public pages. */

test.describe.configure({ mode: "serial" });

const { adminPage, records } = adminSuite();

const actionBar = (page: Page, name: string) => page.getByRole("region", { name });
const dropZone = (page: Page) => page.getByRole("button", { name: "Drop an image here or choose a file" });
const summary = (page: Page) => page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "There is a problem" }) });

/** Drops a PNG on `target` as a browser does: dragenter, dragover and drop carrying a DataTransfer with the file. */
async function dropPng(page: Page, target: Locator, name: string) {
  const base64 = (await pngBytes(64, 64, "#22d3ee")).toString("base64");
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type: "image/png" }));
      return transfer;
    },
    { base64, name },
  );
  for (const type of ["dragenter", "dragover", "drop"]) await target.dispatchEvent(type, { dataTransfer });
}

/** The id in the edit form's address the list's 'Edit' button leads to, kept for the clean-up. */
async function remember(page: Page, list: "/admin/team" | "/admin/testimonials", name: string) {
  const href = await page.getByRole("button", { name: `Edit ${name}` }).getAttribute("href");
  const id = /\/edit\/([0-9a-f-]{36})$/.exec(href ?? "")?.[1];
  if (!id) throw new Error(`no edit link for ${name}: ${href}`);
  records.push([list, id]);
  return href!;
}

test("a team member: a photo dropped on the zone, a bio, saved from the sticky bar; /team shows the bio @phone", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const name = unique("Bio Member");
  const bio = unique("Keeps the pipelines honest and the on-call rota quiet.");
  await page.goto("/admin/team/new");
  await hydrated(page);
  const bar = actionBar(page, "Team member actions");
  // At the top of a long form on a phone, the submit button is already in view.
  await expect(bar.getByRole("button", { name: "Create", exact: true })).toBeInViewport({ ratio: 1 });
  await expect(bar.getByRole("link", { name: "View team page" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Choose File" })).toHaveCount(0);

  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Position").fill("Reliability Engineer");
  await page.getByLabel("Bio").fill(bio);
  await page.getByLabel("Display Order").fill("8");
  await dropPng(page, dropZone(page), "face.png");
  await expect(toastText(page, "Image uploaded")).toBeVisible();
  await expect(page.getByRole("status").getByText("Photo uploaded successfully.")).toBeVisible();
  const photo = page.locator('input[type="hidden"][name="photoUrl"]');
  await expect(photo).toHaveValue(/^\/uploads\/blog-images\/team\//);
  await expect(page.getByRole("img", { name: "Photo preview" })).toHaveAttribute("src", await photo.inputValue());
  await expect(page.getByRole("button", { name: "Replace" })).toBeVisible();
  await bar.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/team$/);
  await expect(toastText(page, "Team member created")).toBeVisible();
  const edit = await remember(page, "/admin/team", name);

  await page.goto("/team");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card.getByText(bio)).toBeVisible();

  // Edit: the bar says it is active and leads to the team page; a changed bio is saved with 'Update'.
  await page.goto(edit);
  await hydrated(page);
  await expect(page.getByLabel("Bio")).toHaveValue(bio);
  await expect(bar.getByText("Active", { exact: true })).toBeVisible();
  await expect(bar.getByRole("link", { name: "View team page" })).toHaveAttribute("href", "/team");
  await page.getByLabel("Bio").fill("");
  await bar.getByRole("button", { name: "Update", exact: true }).click();
  await expect(toastText(page, "Team member updated")).toBeVisible();
  await page.goto("/team");
  await expect(card).toBeVisible();
  await expect(card.getByText(bio)).toHaveCount(0);
  await context.close();
});

test("a testimonial: an avatar chosen from the zone by keyboard, a role; the landing carousel shows the role beside the company @phone", async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser);
  page.on("filechooser", () => undefined);
  const name = unique("Role Client");
  const role = unique("Chief Operating Officer");
  const quote = unique("They found the hours we lost every week");
  await page.goto("/admin/testimonials/new");
  await hydrated(page);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Company").fill("Quarry Lane Freight");
  await page.getByLabel("Role").fill(role);
  await page.getByLabel("Quote").fill(quote);
  // Last in the carousel: the landing suites expect the demo testimonials first.
  await page.getByLabel("Display Order").fill("99");
  await dropZone(page).focus();
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Enter");
  await (await chooser).setFiles({ name: "avatar.png", mimeType: "image/png", buffer: await pngBytes() });
  await expect(page.getByRole("status").getByText("Avatar uploaded successfully.")).toBeVisible();
  await expect(page.getByRole("img", { name: "Avatar preview" })).toBeVisible();
  await actionBar(page, "Testimonial actions").getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/testimonials$/);
  await expect(toastText(page, "Testimonial created")).toBeVisible();
  await remember(page, "/admin/testimonials", name);

  await page.goto("/");
  // Its slide (out of view, so hidden from assistive technology until the carousel reaches it).
  const slide = page.locator('[aria-roledescription="slide"]', { hasText: quote });
  await expect(slide.getByText(`${role},`, { exact: true })).toBeAttached();
  await expect(slide.getByText("Quarry Lane Freight", { exact: true })).toBeAttached();
  await context.close();
});

test("a bad value is listed in the error summary and focused, from the browser's checks and the server's; axe finds nothing so shown @phone", async ({
  browser,
}) => {
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/team/new");
  await hydrated(page);
  const bar = actionBar(page, "Team member actions");
  await page.getByLabel("Name").fill(unique("Bad Value Member"));
  await page.getByLabel("Position").fill("Tester");
  // Not a whole number: the browser refuses it before sending.
  await page.getByLabel("Display Order").fill("1.5");
  await bar.getByRole("button", { name: "Create", exact: true }).click();
  await expect(summary(page).getByRole("link")).toHaveText([/^Display Order: /]);
  await expect(page.getByLabel("Display Order")).toBeFocused();
  await page.getByLabel("Display Order").fill("2");
  await expect(summary(page)).toHaveCount(0);

  // Past the field's limit (as a script or an old browser could send it): the server's message.
  const bio = page.getByLabel("Bio");
  await bio.evaluate((field) => field.removeAttribute("maxlength"));
  await bio.fill("x".repeat(601));
  await (await whenStill(bar.getByRole("button", { name: "Create", exact: true }))).click();
  await expect(summary(page).getByRole("link")).toHaveText(["Bio must be at most 600 characters."]);
  await expect(page.getByLabel("Bio")).toBeFocused();
  await expect(page.getByLabel("Bio")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/admin\/team\/new$/);
  expect(await axeViolations(page), "team form with the error summary").toEqual([]);
  await context.close();
});

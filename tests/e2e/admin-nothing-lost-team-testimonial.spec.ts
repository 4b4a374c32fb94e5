import { expect, test, type Page } from "@playwright/test";
import { hydrated, toastText, unique } from "./support/admin";
import { nothingLostSuite, restoreButton, signInAgain } from "./support/nothing-lost";

/**
 * Nothing an editor typed into a team member's or a testimonial's form is lost by a session that
 * expired before the save: the typed values are kept in the browser, sign-in returns to the form,
 * which offers them back.
 */

test.describe.configure({ mode: "serial" });

const { adminPage, madeRecords } = nothingLostSuite();

/** Creates an inactive team member and returns the address of its edit form. */
async function teamMember(page: Page, name: string) {
  const origin = { Origin: new URL(test.info().project.use.baseURL!).origin };
  const created = await page.request.post("/admin/team/new", {
    headers: origin,
    form: { name, position: "Stored position", displayOrder: "9" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  await page.goto("/admin/team");
  const href = await page.getByRole("button", { name: `Edit ${name}` }).getAttribute("href");
  const id = /\/admin\/team\/edit\/([0-9a-f-]{36})$/.exec(href ?? "")?.[1];
  if (!id) throw new Error(`no edit link for ${name}: ${href}`);
  madeRecords.push(["/admin/team", id]);
  return `/admin/team/edit/${id}`;
}

test("a team member's form saved after the session expired is offered back after signing in, every field as typed", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  const name = unique("Kept Member");
  const form = await teamMember(page, name);
  await page.goto(form);
  await hydrated(page);

  await context.clearCookies();
  const typed = { name: unique("Renamed Member"), position: "Head of kept typing", linkedinUrl: "https://linkedin.com/in/kept-typing", displayOrder: "4" };
  await page.getByLabel("Name").fill(typed.name);
  await page.getByLabel("Position").fill(typed.position);
  await page.getByLabel("LinkedIn URL").fill(typed.linkedinUrl);
  await page.getByLabel("Display Order").fill(typed.displayOrder);
  await page.getByRole("button", { name: "Update", exact: true }).click();

  await expect(page).toHaveURL(/\/admin\/auth\?redirectTo=/);
  await signInAgain(page);
  await expect(page).toHaveURL(new RegExp(`${form}$`));
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByRole("region", { name: "This team member has changes that were not saved" })).toBeVisible();
  await restoreButton(page).click();
  await expect(page.getByLabel("Name")).toHaveValue(typed.name);
  await expect(page.getByLabel("Position")).toHaveValue(typed.position);
  await expect(page.getByLabel("LinkedIn URL")).toHaveValue(typed.linkedinUrl);
  await expect(page.getByLabel("Display Order")).toHaveValue(typed.displayOrder);
  await expect(page.getByRole("switch", { name: "Active" })).not.toBeChecked();

  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(toastText(page, "Team member updated")).toBeVisible();
  await page.goto(form);
  await expect(page.getByLabel("Name")).toHaveValue(typed.name);
  await expect(page.getByLabel("Position")).toHaveValue(typed.position);
  await hydrated(page);
  await expect(restoreButton(page)).toHaveCount(0);
  await context.close();
});

test("a new testimonial saved after the session expired is offered back after signing in; 'Discard' forgets it", async ({ browser }) => {
  const { context, page } = await adminPage(browser);
  await page.goto("/admin/testimonials/new");
  await hydrated(page);

  await context.clearCookies();
  const typed = { name: unique("Kept Client"), company: "Kept Typing Ltd", quote: "They kept every word.\nEven this second line.", displayOrder: "6" };
  await page.getByLabel("Name").fill(typed.name);
  await page.getByLabel("Company").fill(typed.company);
  await page.getByLabel("Quote").fill(typed.quote);
  await page.getByLabel("Display Order").fill(typed.displayOrder);
  await page.getByRole("switch", { name: "Active" }).uncheck();
  await page.getByRole("button", { name: "Create", exact: true }).click();

  await signInAgain(page);
  await expect(page).toHaveURL(/\/admin\/testimonials\/new$/);
  await expect(page.getByRole("region", { name: "This testimonial has changes that were not saved" })).toBeVisible();
  await restoreButton(page).click();
  await expect(page.getByLabel("Name")).toHaveValue(typed.name);
  await expect(page.getByLabel("Company")).toHaveValue(typed.company);
  await expect(page.getByLabel("Quote")).toHaveValue(typed.quote);
  await expect(page.getByLabel("Display Order")).toHaveValue(typed.displayOrder);
  await expect(page.getByRole("switch", { name: "Active" })).not.toBeChecked();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(toastText(page, "Testimonial created")).toBeVisible();
  const href = await page.getByRole("button", { name: `Edit ${typed.name}` }).getAttribute("href");
  madeRecords.push(["/admin/testimonials", href!.split("/").pop()!]);

  // Created: nothing is offered on the new form.
  await page.goto("/admin/testimonials/new");
  await hydrated(page);
  await expect(restoreButton(page)).toHaveCount(0);
  // A copy the editor does not want is forgotten with 'Discard'.
  await page.getByLabel("Name").fill("Not wanted");
  await page.getByLabel("Company").fill("Nobody");
  await page.getByRole("button", { name: "Back to Testimonials" }).click();
  await expect(page).toHaveURL(/\/admin\/testimonials$/);
  await page.goto("/admin/testimonials/new");
  await page.getByRole("button", { name: "Discard" }).click();
  await expect(restoreButton(page)).toHaveCount(0);
  await expect(page.getByLabel("Name")).toHaveValue("");
  await page.reload();
  await hydrated(page);
  await expect(restoreButton(page)).toHaveCount(0);

  // Typed a moment before the tab reloads, in the same task: kept all the same.
  const loaded = page.waitForEvent("load");
  await page.evaluate(() => {
    const field = document.querySelector<HTMLInputElement>("#field-name")!;
    field.value = "Typed just before a reload";
    field.dispatchEvent(new Event("input", { bubbles: true }));
    window.location.reload();
  });
  await loaded;
  await restoreButton(page).click();
  await expect(page.getByLabel("Name")).toHaveValue("Typed just before a reload");
  await context.close();
});

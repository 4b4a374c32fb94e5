// The admin's content journeys, through the browser: posts (cover, tags, publish, unpublish,
// delete), team members and testimonials, each followed onto the public site.
import { expect, test, type Page } from "@playwright/test";
import { adminState, confirmDialog, pngBytes, toastText, unique } from "./support/admin";

test.describe.configure({ mode: "serial" });

let statePath = "";
test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});

async function uploadImage(page: Page, label: string) {
  await page.getByLabel(label, { exact: true }).setInputFiles({ name: "image.png", mimeType: "image/png", buffer: await pngBytes() });
}

test("posts: create with cover and tags, edit tags, clear them, publish, unpublish and delete; the public site follows", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  const title = unique("E2E post");
  const slug = title.toLowerCase().replace(/\s+/g, "-");
  const tagA = unique("Alpha tag");
  const tagB = unique("Beta tag");
  const tagC = unique("Gamma tag");

  await page.goto("/admin/blog");
  await page.getByRole("button", { name: "New Post" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New Post" })).toBeVisible();
  await expect(page.getByLabel("Excerpt")).toHaveAttribute("rows", "3");
  await expect(page.getByLabel("Content (Markdown)")).toHaveAttribute("rows", "15");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Slug").fill(slug);
  await page.getByLabel("Category").fill("Automation");
  await page.getByLabel("Excerpt").fill("An excerpt written by the e2e journey.");
  // 711 words: the read time is computed as 3 minutes.
  await page.getByLabel("Content (Markdown)").fill(`## Heading from e2e\n\nSome **bold** words.\n\n- one\n- two\n\n${"word ".repeat(700)}`);
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(page.getByRole("tabpanel").getByRole("heading", { name: "Heading from e2e" })).toBeVisible();
  await page.getByRole("tab", { name: "Write" }).click();

  await uploadImage(page, "Cover Image");
  await expect(toastText(page, "Image uploaded")).toBeVisible();
  await expect(page.getByRole("status").getByText("Cover image uploaded successfully.")).toBeVisible();
  await expect(page.getByRole("img", { name: "Cover preview" })).toBeVisible();

  for (const name of [tagA, tagB]) {
    await page.getByPlaceholder("New tag name").fill(name);
    await page.getByRole("button", { name: "Add Tag" }).click();
    await expect(page.getByRole("button", { name })).toHaveAttribute("aria-pressed", "true");
  }
  await expect(toastText(page, "Tag created")).toBeVisible();
  await page.getByPlaceholder("New tag name").fill("   ");
  await page.getByRole("button", { name: "Add Tag" }).click();
  await page.getByRole("switch", { name: "Published" }).check();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(toastText(page, "Post created")).toBeVisible();
  await expect(page.getByRole("status").getByText("Blog post saved successfully.")).toBeVisible();
  // Other suites add posts meanwhile: the post is reached by searching for it (paging: tests/e2e/admin-lists.spec.ts).
  const findPost = () => page.goto(`/admin/blog?q=${encodeURIComponent(title)}`);
  const postRow = (name: string) => page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
  await findPost();
  const row = postRow(title);
  await expect(row.getByText("Published")).toBeVisible();

  const publicPage = await context.newPage();
  await publicPage.goto(`/blog/${slug}`);
  await expect(publicPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(publicPage.getByText("3 min read").first()).toBeVisible();
  await expect(publicPage.getByText(tagA)).toBeVisible();
  await expect(publicPage.getByText(tagB)).toBeVisible();

  // Edit: change the title and the tags (drop A, add C).
  await row.getByRole("button", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Post" })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await page.getByRole("button", { name: tagA }).click();
  await page.getByPlaceholder("New tag name").fill(tagC);
  await page.getByRole("button", { name: "Add Tag" }).click();
  await expect(page.getByRole("button", { name: tagC })).toHaveAttribute("aria-pressed", "true");
  await page.getByLabel("Title", { exact: true }).fill(`${title} updated`);
  await page.getByRole("button", { name: "Update Post" }).click();
  // Back on the list means this save is done (an earlier 'Post updated' toast may still show).
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(toastText(page, "Post updated")).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByRole("heading", { level: 1, name: `${title} updated` })).toBeVisible();
  await expect(publicPage.getByText(tagC)).toBeVisible();
  await expect(publicPage.getByText(tagA)).toHaveCount(0);

  // Clear every tag.
  await findPost();
  await page.getByRole("button", { name: `Edit ${title} updated` }).click();
  await page.getByRole("button", { name: tagB }).click();
  await page.getByRole("button", { name: tagC }).click();
  await page.getByRole("button", { name: "Update Post" }).click();
  // Back on the list means this save is done (an earlier 'Post updated' toast may still show).
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(toastText(page, "Post updated")).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByText(tagB)).toHaveCount(0);
  await expect(publicPage.getByText(tagC)).toHaveCount(0);

  // Unpublish: gone from the public site at once.
  await findPost();
  await page.getByRole("button", { name: `Edit ${title} updated` }).click();
  await page.getByRole("switch", { name: "Published" }).uncheck();
  await page.getByRole("button", { name: "Update Post" }).click();
  // Back on the list means this save is done (an earlier 'Post updated' toast may still show).
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(toastText(page, "Post updated")).toBeVisible();
  await findPost();
  await expect(postRow(`${title} updated`).getByText("Draft")).toBeVisible();
  const gone = await browser.newContext().then(async (visitor) => {
    const status = (await visitor.request.get(`/blog/${slug}`)).status();
    await visitor.close();
    return status;
  });
  expect(gone).toBe(404);
  // The signed-in admin still sees it, as a preview.
  await publicPage.reload();
  await expect(publicPage.getByRole("complementary", { name: "Preview" })).toBeVisible();

  // Delete after the confirmation question, which names the post.
  await page.getByRole("button", { name: `Delete ${title} updated` }).click();
  await confirmDialog(page, "Are you sure you want to delete this post?", `${title} updated`);
  await expect(toastText(page, "Post deleted")).toBeVisible();
  await expect(postRow(`${title} updated`)).toHaveCount(0);
  await context.close();
});

test("team members: create with photo, order and active, edit, deactivate and delete; /team follows", async ({ browser }) => {
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  const name = unique("Tess Member");
  await page.goto("/admin/team");
  await page.getByRole("button", { name: "New Member" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New Team Member" })).toBeVisible();
  // Required fields are labelled exactly as specified; the '*' mark is beside the label.
  for (const label of ["Name", "Position", "Display Order"]) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    await expect(page.getByRole(label === "Display Order" ? "spinbutton" : "textbox", { name: label, exact: true })).toHaveAttribute("required", "");
  }
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Position").fill("Automation Engineer");
  await page.getByLabel("LinkedIn URL").fill("https://www.linkedin.com/in/tess-member");
  await page.getByLabel("Display Order").fill("7");
  await uploadImage(page, "Photo");
  await expect(toastText(page, "Image uploaded")).toBeVisible();
  await expect(page.getByRole("switch", { name: "Active" })).toBeChecked();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/team$/);
  await expect(toastText(page, "Team member created")).toBeVisible();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card.getByText("Order: 7")).toBeVisible();
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
  expect(await (await page.request.get("/team")).text()).toContain(name);

  await card.getByRole("button", { name: `Edit ${name}` }).click();
  await expect(page.getByLabel("Display Order")).toHaveValue("7");
  await page.getByLabel("Display Order").fill("3");
  await page.getByRole("switch", { name: "Active" }).uncheck();
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(toastText(page, "Team member updated")).toBeVisible();
  await expect(card.getByText("Order: 3")).toBeVisible();
  await expect(card.getByText("Inactive")).toBeVisible();
  expect(await (await page.request.get("/team")).text()).not.toContain(name);

  await card.getByRole("button", { name: `Delete ${name}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this team member?", name);
  await expect(toastText(page, "Team member deleted")).toBeVisible();
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
  await context.close();
});

test("testimonials: create with avatar, order and active, edit, deactivate and delete; the landing carousel follows", async ({ browser }) => {
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  const name = unique("Quinn Client");
  const quote = unique("They automated our whole intake process");
  await page.goto("/admin/testimonials");
  await page.getByRole("button", { name: "New Testimonial" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New Testimonial" })).toBeVisible();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Company").fill("Acme Test Corp");
  await page.getByLabel("Quote").fill(quote);
  await page.getByLabel("Display Order").fill("2");
  await uploadImage(page, "Avatar (Optional)");
  await expect(toastText(page, "Image uploaded")).toBeVisible();
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/testimonials$/);
  await expect(toastText(page, "Testimonial created")).toBeVisible();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
  await expect(card.getByText("Order: 2")).toBeVisible();
  await expect(card.getByText("Status: Active")).toBeVisible();
  expect(await (await page.request.get("/")).text()).toContain(quote);

  await card.getByRole("button", { name: `Edit ${name}` }).click();
  await page.getByRole("switch", { name: "Active" }).uncheck();
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(toastText(page, "Testimonial updated")).toBeVisible();
  await expect(card.getByText("Inactive")).toBeVisible();
  expect(await (await page.request.get("/")).text()).not.toContain(quote);

  await card.getByRole("button", { name: `Delete ${name}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this testimonial?", name);
  await expect(toastText(page, "Testimonial deleted")).toBeVisible();
  await context.close();
});

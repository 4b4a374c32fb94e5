// What the admin sees when something fails: save, upload, load and delete errors as toasts, with
// the form kept filled.
import { expect, test } from "@playwright/test";
import { adminState, errorToast, hydrated, unique } from "./support/admin";

test.describe.configure({ mode: "serial" });

let statePath = "";
test.beforeAll(async ({ browser }) => {
  statePath = await adminState(browser);
});
test("error toasts: save and upload failures keep the form filled", async ({ browser }) => {
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  // Duplicate slug of a seeded post.
  await page.goto("/admin/blog/new");
  await page.getByLabel("Title", { exact: true }).fill("Duplicate slug attempt");
  await page.getByLabel("Slug").fill("designing-ai-agents-that-hand-off-to-humans");
  await page.getByLabel("Category").fill("Automation");
  await page.getByLabel("Content (Markdown)").fill("Body");
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(errorToast(page, "Error saving post")).toBeVisible();
  await expect(page.getByText(/already used by another post/).first()).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Duplicate slug attempt");
  await page.getByRole("button", { name: 'Use "duplicate-slug-attempt"' }).click();
  await expect(page.getByLabel("Slug")).toHaveValue("duplicate-slug-attempt");

  // Upload refused: an HTML file named .png.
  await page
    .getByLabel("Cover Image", { exact: true })
    .setInputFiles({ name: "evil.png", mimeType: "image/png", buffer: Buffer.from("<html><script>alert(1)</script></html>") });
  await expect(errorToast(page, "Upload error")).toBeVisible();

  await page.goto("/admin/team/new");
  await page.getByLabel("Photo").setInputFiles({ name: "x.svg", mimeType: "image/svg+xml", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await expect(errorToast(page, "Error uploading image")).toBeVisible();
  await page.getByLabel("Name").fill("Invalid link person");
  await page.getByLabel("Position").fill("Tester");
  await page.getByLabel("LinkedIn URL").fill("not a url");
  // Past the browser's own check, to see the server's.
  await page
    .getByRole("main")
    .locator("form")
    .evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(errorToast(page, "Error saving team member")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Invalid link person");

  await page.goto("/admin/testimonials/new");
  await page.getByLabel("Name").fill("Order person");
  await page.getByLabel("Company").fill("Co");
  await page.getByLabel("Quote").fill("Quote");
  await page.getByLabel("Display Order").fill("1.5");
  await page
    .getByRole("main")
    .locator("form")
    .evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await expect(errorToast(page, "Error saving testimonial")).toBeVisible();
  await expect(page.getByText("Display Order must be a whole number.").first()).toBeVisible();

  // An unknown id is a clear not-found with the 'Error loading …' toasts.
  for (const [path, title] of [
    ["/admin/blog/edit/00000000-0000-4000-8000-000000000000", "Error loading post"],
    ["/admin/team/edit/00000000-0000-4000-8000-000000000000", "Error loading team member"],
    ["/admin/testimonials/edit/not-an-id", "Error loading testimonial"],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
    await expect(errorToast(page, title)).toBeVisible();
  }
  await context.close();
});

/*
 * Deleting a record another tab already deleted: one test per kind of record, each with its own
 * time (four page loads and two hydrations each; all three in one test ran out of its 45 s in CI).
 */
const goneCases = [
  {
    kind: "post",
    list: "/admin/blog",
    create: "/admin/blog/new",
    form: (n: string) => ({ intent: "save", title: n, slug: n.toLowerCase().replace(/\s+/g, "-"), category: "Automation", content: "Body" }),
    title: "Error deleting post",
  },
  {
    kind: "team member",
    list: "/admin/team",
    create: "/admin/team/new",
    form: (n: string) => ({ name: n, position: "Tester", displayOrder: "9" }),
    title: "Error deleting team member",
  },
  {
    kind: "testimonial",
    list: "/admin/testimonials",
    create: "/admin/testimonials/new",
    form: (n: string) => ({ name: n, company: "Co", quote: "Quote", displayOrder: "9" }),
    title: "Error deleting testimonial",
  },
];
for (const c of goneCases) {
  test(`deleting a ${c.kind} that is already gone shows '${c.title}'`, async ({ browser }) => {
    const context = await browser.newContext({ storageState: statePath });
    const page = await context.newPage();
    const other = await context.newPage();
    const name = unique("Gone record");
    await page.goto(c.list);
    const base = new URL(page.url()).origin;
    expect((await page.request.post(c.create, { headers: { Origin: base }, form: c.form(name), maxRedirects: 0 })).status()).toBe(302);
    // The post list is paged: the post is reached by searching for it (the other lists ignore ?q=).
    await page.goto(`${c.list}?q=${encodeURIComponent(name)}`);
    await other.goto(`${c.list}?q=${encodeURIComponent(name)}`);
    await Promise.all([hydrated(page), hydrated(other)]);
    await other.getByRole("button", { name: `Delete ${name}` }).click();
    await other.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
    await expect(other.getByText(name, { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: `Delete ${name}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
    await expect(errorToast(page, c.title)).toBeVisible();
    await context.close();
  });
}

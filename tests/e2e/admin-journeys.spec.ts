import { expect, test, type Page } from "@playwright/test";
import { ADMIN_EMAIL, adminState, confirmDialog, errorToast, hydrated, pngBytes, signUpAndConfirm, toastText, unique } from "./support/admin";
import { waitForMail } from "./support/mail-server";

test.describe.configure({ mode: "serial" });

let statePath = "";

test("the first account signs up, confirms by the mailed link and lands on /admin/blog as admin", async ({ browser }) => {
  statePath = await adminState(browser);
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  const response = await page.goto("/admin/blog");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  // A session on load of /admin/auth goes to /admin/blog.
  await page.goto("/admin/auth");
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await context.close();
});

test("a second account only sees the waiting screen until the admin grants access, then signs out", async ({ browser }) => {
  const email = `${unique("waiting").replace(" ", "-")}@studio.test`;
  const user = await browser.newContext();
  const userPage = await user.newPage();
  await signUpAndConfirm(userPage, email, "second-password");
  await expect(userPage.getByRole("heading", { name: "Waiting for access" })).toBeVisible();
  for (const path of ["/admin/dashboard", "/admin/team", "/admin/users", "/admin/blog/new"]) {
    const response = await userPage.goto(path);
    expect(response?.status()).toBe(403);
    await expect(userPage.getByRole("heading", { name: "Waiting for access" })).toBeVisible();
    await expect(userPage.getByRole("button", { name: "New Post" })).toHaveCount(0);
  }

  const admin = await browser.newContext({ storageState: statePath });
  const adminPage = await admin.newPage();
  // Other suites sign accounts up meanwhile: the account is reached by searching for it.
  await adminPage.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await hydrated(adminPage);
  await adminPage.getByRole("button", { name: `Grant admin for ${email}` }).click();
  await confirmDialog(adminPage, "Grant admin access?", email, "Grant admin");
  await expect(toastText(adminPage, "Access granted")).toBeVisible();
  await expect(adminPage.getByRole("button", { name: `Revoke admin for ${email}` })).toBeVisible();
  // The admin cannot change their own account.
  await adminPage.goto(`/admin/users?q=${encodeURIComponent(ADMIN_EMAIL)}`);
  await expect(adminPage.getByRole("row").filter({ hasText: ADMIN_EMAIL })).toContainText("(you)");
  await expect(adminPage.getByRole("button", { name: `Revoke admin for ${ADMIN_EMAIL}` })).toHaveCount(0);

  await userPage.goto("/admin/dashboard");
  await expect(userPage.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await userPage.getByRole("button", { name: "Sign Out" }).click();
  await expect(userPage).toHaveURL(/\/admin\/auth$/);
  await userPage.goto("/admin/blog");
  await expect(userPage).toHaveURL(/\/admin\/auth$/);

  // Clean up: delete the account.
  await adminPage.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await hydrated(adminPage);
  await adminPage.getByRole("button", { name: `Delete ${email}` }).click();
  await confirmDialog(adminPage, "Are you sure you want to delete this account?", email);
  await expect(toastText(adminPage, "Account deleted")).toBeVisible();
  await admin.close();
  await user.close();
});

test("sign-in errors and the forgot-password flow", async ({ browser }) => {
  // A separate account: a password reset ends that account's sessions.
  const email = `${unique("reset").replace(" ", "-")}@studio.test`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpAndConfirm(page, email, "original-password");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/admin\/auth$/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(errorToast(page, "Authentication error")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Authentication error" })).toContainText("Invalid email or password");

  const since = Date.now();
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(toastText(page, "Check your email")).toBeVisible();
  const mail = await waitForMail(email, { since, pattern: /reset-password/ });
  const link = /https?:\/\/[^\s"<>]+reset-password[^\s"<>]*/.exec(mail.body)![0].replace(/&amp;/g, "&");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password").fill("a-new-password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(toastText(page, "Password updated")).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a-new-password");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("heading", { name: "Waiting for access" })).toBeVisible();
  await context.close();
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

test("a lead sent from the landing page appears in /admin/leads and can be marked handled", async ({ browser }) => {
  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  const name = unique("Lena Lead");
  await page.goto("/");
  await page.getByRole("button", { name: "Book Your Automation Audit" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Work email").fill("lena@lead.test");
  await dialog.getByLabel("Company").fill("Lead Co");
  await dialog.getByLabel("What would you like to automate?").fill("Invoice matching");
  await dialog.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Request received")).toBeVisible();
  await visitor.close();

  const context = await browser.newContext({ storageState: statePath });
  const admin = await context.newPage();
  await admin.goto("/admin/leads");
  const lead = admin.getByRole("article", { name: `${name}, Lead Co` });
  await expect(lead).toContainText("Invoice matching");
  await expect(lead.getByText("Status: New")).toBeVisible();
  await lead.getByRole("button", { name: `Mark as handled: ${name}` }).click();
  await expect(lead.getByText("Status: Contacted")).toBeVisible();
  await context.close();
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

test("deleting a record that is already gone shows the delete error toasts", async ({ browser }) => {
  const context = await browser.newContext({ storageState: statePath });
  const page = await context.newPage();
  const other = await context.newPage();
  const cases = [
    {
      list: "/admin/blog",
      create: "/admin/blog/new",
      form: (n: string) => ({ intent: "save", title: n, slug: n.toLowerCase().replace(/\s+/g, "-"), category: "Automation", content: "Body" }),
      title: "Error deleting post",
    },
    {
      list: "/admin/team",
      create: "/admin/team/new",
      form: (n: string) => ({ name: n, position: "Tester", displayOrder: "9" }),
      title: "Error deleting team member",
    },
    {
      list: "/admin/testimonials",
      create: "/admin/testimonials/new",
      form: (n: string) => ({ name: n, company: "Co", quote: "Quote", displayOrder: "9" }),
      title: "Error deleting testimonial",
    },
  ];
  for (const c of cases) {
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
  }
  await context.close();
});

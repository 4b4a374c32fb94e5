import { expect, test } from "@playwright/test";
import { confirmDialog, pngBytes, toastText, unique } from "./support/admin";
import { openList, postsMatching, row, trashSuite } from "./support/trash";

/* The trash page: deleted posts, team members and testimonials wait there, grouped by type, until restored or deleted forever. */

const { createPost, adminContext } = trashSuite({ "/admin/team": ["Trash member"], "/admin/testimonials": ["Trash client"] });

test("a deleted post waits in /admin/trash, grouped by type, and 'Restore' puts it back", async ({ browser, baseURL }) => {
  const context = await adminContext(browser);
  const page = await context.newPage();
  const { title, slug } = await createPost(page.request, baseURL!);
  await openList(page, postsMatching(title));
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this post?", title);
  await expect(toastText(page, "Post deleted")).toBeVisible();

  await page.getByRole("button", { name: "Dashboard" }).click();
  await page.getByRole("link", { name: "Trash", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/trash$/);
  await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
  for (const group of ["Posts", "Case studies", "Team members", "Testimonials"])
    await expect(page.getByRole("heading", { level: 2, name: group })).toBeVisible();
  const posts = page.getByRole("region", { name: "Posts" });
  const entry = posts.getByRole("listitem").filter({ hasText: title });
  await expect(entry.getByText(/^Deleted \w+ \d+, \d{4}/)).toBeVisible();
  await entry.getByRole("button", { name: `Restore ${title}` }).click();
  await expect(toastText(page, "Post restored")).toBeVisible();
  await expect(posts.getByText(title)).toHaveCount(0);
  expect((await page.request.get(`/blog/${slug}`)).status()).toBe(200);
  await openList(page, postsMatching(title));
  await expect(row(page, title)).toHaveCount(1);
  await context.close();
});

test("'Delete forever' asks first, then removes the post and its uploaded cover; its slug was kept until then", async ({ browser, baseURL }) => {
  const context = await adminContext(browser);
  const page = await context.newPage();
  const upload = await page.request.post("/api/admin/upload", {
    headers: { Origin: baseURL! },
    multipart: { file: { name: "cover.png", mimeType: "image/png", buffer: await pngBytes() }, folder: "" },
  });
  expect(upload.status()).toBe(201);
  const { url } = (await upload.json()) as { url: string };
  const { title, slug } = await createPost(page.request, baseURL!, { imageUrl: url });
  await openList(page, postsMatching(title));
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this post?", title);
  await expect(toastText(page, "Post deleted")).toBeVisible();
  expect((await page.request.get(url)).status()).toBe(200);

  // While it is in the trash, its slug stays taken.
  const again = await page.request.post("/admin/blog/new", {
    headers: { Origin: baseURL! },
    form: { intent: "save", title, slug, category: "Automation", content: "Body" },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain("already used by a post in the trash");

  await openList(page, "/admin/trash");
  await page.getByRole("button", { name: `Delete forever: ${title}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this post forever?", title, "Delete forever");
  await expect(toastText(page, "Post deleted forever")).toBeVisible();
  await expect(page.getByRole("region", { name: "Posts" }).getByText(title)).toHaveCount(0);
  expect((await page.request.get(url)).status()).toBe(404);
  expect((await page.request.get(url.replace(/\.png$/, "-480.webp"))).status()).toBe(404);
  await context.close();
});

test("team members and testimonials go to the trash and come back, on /team and the landing page too", async ({ browser, baseURL }) => {
  const context = await adminContext(browser);
  const page = await context.newPage();
  const name = unique("Trash member");
  const client = unique("Trash client");
  const quote = unique("They never lost a record");
  const origin = { Origin: baseURL! };
  expect(
    (
      await page.request.post("/admin/team/new", { headers: origin, form: { name, position: "Engineer", displayOrder: "8", active: "on" }, maxRedirects: 0 })
    ).status(),
  ).toBe(302);
  expect(
    (
      await page.request.post("/admin/testimonials/new", {
        headers: origin,
        form: { name: client, company: "Co", quote, displayOrder: "8", active: "on" },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(302);

  await openList(page, "/admin/team");
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this team member?", name);
  await expect(toastText(page, "Team member deleted")).toBeVisible();
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
  expect(await (await page.request.get("/team")).text()).not.toContain(name);

  await openList(page, "/admin/testimonials");
  await page.getByRole("button", { name: `Delete ${client}` }).click();
  await confirmDialog(page, "Are you sure you want to delete this testimonial?", client);
  await expect(toastText(page, "Testimonial deleted")).toBeVisible();
  expect(await (await page.request.get("/")).text()).not.toContain(quote);

  await openList(page, "/admin/trash");
  await page
    .getByRole("region", { name: "Team members" })
    .getByRole("button", { name: `Restore ${name}` })
    .click();
  await expect(toastText(page, "Team member restored")).toBeVisible();
  await page
    .getByRole("region", { name: "Testimonials" })
    .getByRole("button", { name: `Restore ${client}` })
    .click();
  await expect(toastText(page, "Testimonial restored")).toBeVisible();
  expect(await (await page.request.get("/team")).text()).toContain(name);
  expect(await (await page.request.get("/")).text()).toContain(quote);
  await openList(page, "/admin/team");
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await context.close();
});

// Who may open and change the back-office: only the admin. Anonymous visitors are sent to sign in,
// a signed-in account without the admin role gets 403, and another site's requests are refused, on
// every page, action and the upload endpoint. (Bad and hostile input: admin-security-input.spec.ts;
// refused bodies and the connection: admin-security-bodies.spec.ts.)
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminState, nonAdminState, pngBytes, unique } from "./support/admin";
import { BASE, ORIGIN } from "./support/base-url";

test.describe.configure({ mode: "serial" });

let admin: APIRequestContext;
let waiting: APIRequestContext;
let anonymous: APIRequestContext;
let adminStatePath = "";

test.beforeAll(async ({ browser }) => {
  adminStatePath = await adminState(browser);
  const waitingState = await nonAdminState(browser, `${unique("nonadmin").replace(" ", "-")}@studio.test`);
  admin = await playwrightRequest.newContext({ baseURL: BASE, storageState: adminStatePath });
  waiting = await playwrightRequest.newContext({ baseURL: BASE, storageState: waitingState });
  anonymous = await playwrightRequest.newContext({ baseURL: BASE });
});

test.afterAll(async () => {
  await Promise.all([admin?.dispose(), waiting?.dispose(), anonymous?.dispose()]);
});

function idFrom(html: string, label: string, kind: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`aria-label="Edit ${escaped}"[^>]*href="/admin/${kind}/edit/([0-9a-f-]{36})"`).exec(html);
  if (!match) throw new Error(`No edit link for ${label}`);
  return match[1]!;
}

async function createRecords() {
  const title = unique("Authz post");
  const slug = title.toLowerCase().replace(/\s+/g, "-");
  const member = unique("Authz member");
  const quote = unique("Authz quote");
  const name = unique("Authz client");
  expect(
    (
      await admin.post("/admin/blog/new", {
        headers: ORIGIN,
        form: { intent: "save", title, slug, category: "Automation", content: "Body", excerpt: "" },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(302);
  expect(
    (
      await admin.post("/admin/team/new", { headers: ORIGIN, form: { name: member, position: "Tester", displayOrder: "5", active: "on" }, maxRedirects: 0 })
    ).status(),
  ).toBe(302);
  expect(
    (
      await admin.post("/admin/testimonials/new", { headers: ORIGIN, form: { name, company: "Co", quote, displayOrder: "5", active: "on" }, maxRedirects: 0 })
    ).status(),
  ).toBe(302);
  const postId = idFrom(await (await admin.get(`/admin/blog?q=${encodeURIComponent(title)}`)).text(), title, "blog");
  const memberId = idFrom(await (await admin.get("/admin/team")).text(), member, "team");
  const testimonialId = idFrom(await (await admin.get("/admin/testimonials")).text(), name, "testimonials");
  return { title, slug, member, quote, name, postId, memberId, testimonialId };
}

test("the admin signs in whether the site is opened as 127.0.0.1 or localhost", async ({ browser, baseURL }) => {
  await adminState(browser); // the admin account exists
  // The server's configured address is the 127.0.0.1 one; open it by its other loopback name.
  const other = baseURL!.replace("127.0.0.1", "localhost");
  expect(other).not.toBe(baseURL);
  const context = await browser.newContext({ baseURL: other });
  const page = await context.newPage();
  await page.goto("/admin/auth");
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(`${other}/admin/blog`);
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await context.close();
});

test("every admin page lets only the admin through (redirect for anonymous, 403 for a non-admin)", async () => {
  const r = await createRecords();
  const pages = [
    "/admin/dashboard",
    "/admin/blog",
    "/admin/blog/new",
    `/admin/blog/edit/${r.postId}`,
    `/admin/blog/edit/${r.postId}/history`,
    "/admin/team",
    "/admin/team/new",
    `/admin/team/edit/${r.memberId}`,
    "/admin/testimonials",
    "/admin/testimonials/new",
    `/admin/testimonials/edit/${r.testimonialId}`,
    "/admin/leads",
    "/admin/analytics",
    "/admin/users",
    "/admin/trash",
    "/admin/redirects",
  ];
  for (const path of pages) {
    const anon = await anonymous.get(path, { maxRedirects: 0 });
    expect(anon.status(), `anonymous ${path}`).toBe(302);
    expect(anon.headers().location, `anonymous ${path}`).toBe("/admin/auth");
    const user = await waiting.get(path, { maxRedirects: 0 });
    expect(user.status(), `non-admin ${path}`).toBe(403);
    const body = await user.text();
    expect(body).toContain("Waiting for access");
    expect(body).not.toContain(r.title);
    expect(body).not.toContain(r.member);
    const ok = await admin.get(path, { maxRedirects: 0 });
    expect(ok.status(), `admin ${path}`).toBe(200);
    expect(ok.headers()["cache-control"]).toBe("private, no-store");
  }
  // The leads' CSV export (a resource route) has the same guard.
  const csv = "/admin/leads/export.csv";
  expect((await anonymous.get(csv, { maxRedirects: 0 })).headers().location).toBe("/admin/auth");
  expect((await waiting.get(csv, { maxRedirects: 0 })).status()).toBe(403);
  const exported = await admin.get(csv, { maxRedirects: 0 });
  expect(exported.status()).toBe(200);
  expect(exported.headers()["cache-control"]).toBe("private, no-store");
  // The /admin index sends everybody somewhere else, never content.
  expect((await anonymous.get("/admin", { maxRedirects: 0 })).status()).toBe(302);
  expect((await anonymous.get("/admin/dashboard.data", { maxRedirects: 0 })).status()).not.toBe(200);

  // Clean up.
  await admin.post("/admin/blog", { headers: ORIGIN, form: { intent: "delete", id: r.postId } });
  await admin.post("/admin/team", { headers: ORIGIN, form: { intent: "delete", id: r.memberId } });
  await admin.post("/admin/testimonials", { headers: ORIGIN, form: { intent: "delete", id: r.testimonialId } });
});

test("every admin action and the upload endpoint refuse anonymous, non-admin and cross-site requests without changing data", async () => {
  const r = await createRecords();
  // A record in the trash, for the trash screen's actions.
  const trashed = await createRecords();
  expect((await admin.post("/admin/blog", { headers: ORIGIN, form: { intent: "delete", id: trashed.postId } })).status()).toBe(200);
  // A redirect, for the redirects screen's 'Remove'.
  const kept = `/authz-kept-${r.slug}`;
  expect((await admin.post("/admin/redirects", { headers: ORIGIN, form: { intent: "add", from: kept, to: "/" }, maxRedirects: 0 })).status()).toBe(302);
  const redirectsHtml = await (await admin.get("/admin/redirects")).text();
  const redirectId = new RegExp(`${kept}[\\s\\S]*?name="id" value="([0-9a-f-]{36})"`).exec(redirectsHtml)?.[1];
  expect(redirectId).toBeTruthy();
  const png = await pngBytes();
  // The post's one revision (its creation), for the history's 'Restore this version'.
  const revisions = async () =>
    [...(await (await admin.get(`/admin/blog/edit/${r.postId}/history`)).text()).matchAll(/\?revision=([0-9a-f-]{36})/g)].map((m) => m[1]);
  const [revisionId] = await revisions();
  expect(revisionId).toBeTruthy();
  const writes: { path: string; form: Record<string, string> }[] = [
    { path: "/admin/blog", form: { intent: "delete", id: r.postId } },
    { path: "/admin/blog", form: { intent: "publish", ids: r.postId } },
    { path: "/admin/blog", form: { intent: "trash", ids: r.postId } },
    { path: "/admin/blog", form: { intent: "restore", ids: trashed.postId } },
    { path: "/admin/team", form: { intent: "restore", ids: r.memberId } },
    { path: "/admin/testimonials", form: { intent: "restore", ids: r.testimonialId } },
    { path: "/admin/trash", form: { intent: "restore", kind: "post", id: trashed.postId } },
    { path: "/admin/trash", form: { intent: "delete-forever", kind: "post", id: trashed.postId } },
    { path: "/admin/blog/new", form: { intent: "save", title: "Intruder post", slug: "intruder-post", category: "X", content: "x" } },
    { path: `/admin/blog/edit/${r.postId}`, form: { intent: "save", title: "Hijacked", slug: r.slug, category: "X", content: "x" } },
    { path: `/admin/blog/edit/${r.postId}`, form: { intent: "add-tag", name: "intruder-tag" } },
    { path: `/admin/blog/edit/${r.postId}`, form: { intent: "create-preview-link" } },
    { path: `/admin/blog/edit/${r.postId}`, form: { intent: "revoke-preview-link" } },
    { path: `/admin/blog/edit/${r.postId}`, form: { intent: "autosave", title: "Hijacked", slug: r.slug, category: "X", content: "x" } },
    { path: `/admin/blog/edit/${r.postId}`, form: { intent: "discard-autosave" } },
    { path: `/admin/blog/edit/${r.postId}/history`, form: { intent: "restore", revisionId: revisionId!, version: "1" } },
    { path: "/admin/team", form: { intent: "delete", id: r.memberId } },
    { path: "/admin/team", form: { intent: "reorder", ids: r.memberId } },
    { path: "/admin/testimonials", form: { intent: "reorder", ids: r.testimonialId } },
    { path: "/admin/team/new", form: { name: "Intruder member", position: "x", displayOrder: "1" } },
    { path: `/admin/team/edit/${r.memberId}`, form: { name: "Hijacked member", position: "x", displayOrder: "1" } },
    { path: "/admin/testimonials", form: { intent: "delete", id: r.testimonialId } },
    { path: "/admin/testimonials/new", form: { name: "Intruder", company: "x", quote: "x", displayOrder: "1" } },
    { path: `/admin/testimonials/edit/${r.testimonialId}`, form: { name: "Hijacked", company: "x", quote: "x", displayOrder: "1" } },
    { path: "/admin/leads", form: { id: "00000000-0000-4000-8000-000000000000", handled: "true" } },
    { path: "/admin/leads", form: { intent: "status", id: "00000000-0000-4000-8000-000000000000", status: "won" } },
    { path: "/admin/leads", form: { intent: "note", id: "00000000-0000-4000-8000-000000000000", body: "intruder note" } },
    { path: "/admin/leads", form: { intent: "retry-webhook", id: "00000000-0000-4000-8000-000000000000" } },
    { path: "/admin/users", form: { intent: "grant", id: "someone" } },
    { path: "/admin/redirects", form: { intent: "add", from: `/authz-intruder-${r.slug}`, to: "/" } },
    { path: "/admin/redirects", form: { intent: "remove", id: redirectId! } },
  ];
  for (const { path, form } of writes) {
    const anon = await anonymous.post(path, { headers: ORIGIN, form, maxRedirects: 0 });
    expect(anon.status(), `anonymous POST ${path}`).toBe(302);
    expect(anon.headers().location).toBe("/admin/auth");
    const user = await waiting.post(path, { headers: ORIGIN, form, maxRedirects: 0 });
    expect(user.status(), `non-admin POST ${path}`).toBe(403);
    const crossSite = await admin.post(path, { headers: { Origin: "https://evil.example" }, form, maxRedirects: 0 });
    // Our origin check answers 403; React Router's own CSRF check may answer 400 first.
    expect([400, 403], `cross-site POST ${path}`).toContain(crossSite.status());
  }
  const upload = { file: { name: "a.png", mimeType: "image/png", buffer: png }, folder: "" };
  expect((await anonymous.post("/api/admin/upload", { headers: ORIGIN, multipart: upload })).status()).toBe(401);
  expect((await waiting.post("/api/admin/upload", { headers: ORIGIN, multipart: upload })).status()).toBe(403);
  expect((await admin.post("/api/admin/upload", { headers: { Origin: "https://evil.example" }, multipart: upload })).status()).toBe(403);
  const ok = await admin.post("/api/admin/upload", { headers: ORIGIN, multipart: upload });
  expect(ok.status()).toBe(201);
  const { url } = (await ok.json()) as { url: string };
  expect(url).toMatch(/^\/uploads\/blog-images\/[0-9a-f-]{36}\.png$/);
  // Resized WebP variants sit next to the original.
  const variant = await anonymous.get(url.replace(/\.png$/, "-480.webp"));
  expect(variant.status()).toBe(200);
  expect(variant.headers()["content-type"]).toBe("image/webp");
  for (const folder of ["team", "testimonials"]) {
    const stored = await admin.post("/api/admin/upload", { headers: ORIGIN, multipart: { ...upload, folder } });
    expect(stored.status()).toBe(201);
    expect(((await stored.json()) as { url: string }).url).toMatch(new RegExp(`^/uploads/blog-images/${folder}/[0-9a-f-]{36}\\.png$`));
  }

  // Sign-in from another site (login CSRF) is refused by the auth endpoint and the page action.
  const crossSignIn = await anonymous.post("/api/auth/sign-in/email", {
    headers: { Origin: "https://evil.example" },
    data: { email: "x@studio.test", password: "whatever" },
  });
  expect(crossSignIn.status()).toBe(403);
  expect([400, 403]).toContain(
    (
      await anonymous.post("/admin/auth", {
        headers: { Origin: "https://evil.example" },
        form: { intent: "sign-in", email: "x@studio.test", password: "whatever" },
        maxRedirects: 0,
      })
    ).status(),
  );

  // Nothing changed.
  const posts = await (await admin.get("/admin/blog")).text();
  expect(posts).not.toContain("Intruder post");
  const post = await (await admin.get(`/admin/blog?q=${encodeURIComponent(r.title)}`)).text();
  expect(post).toContain(r.title);
  expect(post).not.toContain("Hijacked");
  const team = await (await admin.get("/admin/team")).text();
  expect(team).toContain(r.member);
  expect(team).not.toContain("Intruder member");
  expect(team).not.toContain("Hijacked member");
  const testimonials = await (await admin.get("/admin/testimonials")).text();
  expect(testimonials).toContain(r.name);
  expect(testimonials).not.toContain("Intruder");
  const edit = await (await admin.get(`/admin/blog/edit/${r.postId}`)).text();
  expect(edit).not.toContain("intruder-tag");
  // No preview link was made for the draft: its address stays closed to everybody else.
  expect(edit).not.toContain("?preview=");
  // No save and no restore: the post still has only the revision of its creation.
  expect(await revisions()).toEqual([revisionId]);
  // Still a draft, and the trashed post is still in the trash (neither restored nor removed).
  expect((await anonymous.get(`/blog/${r.slug}`)).status()).toBe(404);
  // A signed-in account without the admin role gets no preview of the draft either.
  expect((await waiting.get(`/blog/${r.slug}`)).status()).toBe(404);
  expect(posts).not.toContain(trashed.title);
  expect(await (await admin.get("/admin/trash")).text()).toContain(trashed.title);
  // No redirect was added, and the existing one was not removed.
  expect((await anonymous.get(`/authz-intruder-${r.slug}`, { maxRedirects: 0 })).status()).toBe(404);
  expect((await anonymous.get(kept, { maxRedirects: 0 })).status()).toBe(301);
  expect((await admin.post("/admin/redirects", { headers: ORIGIN, form: { intent: "remove", id: redirectId! } })).status()).toBe(200);

  await admin.post("/admin/blog", { headers: ORIGIN, form: { intent: "delete", id: r.postId } });
  await admin.post("/admin/team", { headers: ORIGIN, form: { intent: "delete", id: r.memberId } });
  await admin.post("/admin/testimonials", { headers: ORIGIN, form: { intent: "delete", id: r.testimonialId } });
  await admin.post("/admin/team", { headers: ORIGIN, form: { intent: "delete", id: trashed.memberId } });
  await admin.post("/admin/testimonials", { headers: ORIGIN, form: { intent: "delete", id: trashed.testimonialId } });
});

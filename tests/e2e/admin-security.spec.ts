import fs from "node:fs";
import http from "node:http";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, adminState, nonAdminState, pngBytes, unique } from "./support/admin";

test.describe.configure({ mode: "serial" });

const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}`;
const ORIGIN = { Origin: BASE };

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

test("bad input gets a clear 4xx, never a 500, and stores nothing", async () => {
  const marker = unique("bad").replace(" ", "-");
  const post = (extra: Record<string, string>) => ({
    intent: "save",
    title: `Bad ${marker}`,
    slug: `bad-${marker}`,
    category: "Automation",
    content: "Body",
    ...extra,
  });
  const postCases: [string, Record<string, string>, number, string][] = [
    ["missing fields", { intent: "save" }, 400, "Title is required."],
    ["a 1 MB title", post({ title: "x".repeat(1024 * 1024) }), 400, "Title must be at most 200 characters."],
    ["SQL metacharacters in the slug", post({ slug: "x'; drop table blog_posts;--" }), 400, "Slug may only contain"],
    ["a script URL as cover", post({ imageUrl: "javascript:alert(1)" }), 400, "Cover image must be an uploaded image."],
    ["a tag that is not an id", { ...post({}), tagIds: "1 OR 1=1" }, 400, "Unknown tag."],
    ["a duplicate slug", post({ slug: "designing-ai-agents-that-hand-off-to-humans" }), 409, "already used by another post"],
    ["an oversized body", post({ content: "y".repeat(3 * 1024 * 1024) }), 413, "too large"],
  ];
  // One kept-alive client for all: a body refused before it was read leaves the connection usable.
  for (const [what, form, status, message] of postCases) {
    const response = await admin.post("/admin/blog/new", { headers: ORIGIN, form, maxRedirects: 0 });
    expect(response.status(), what).toBe(status);
    if (status !== 413) expect(await response.text(), what).toContain(message);
  }
  expect(await (await admin.get("/admin/blog")).text()).not.toContain(marker);

  const teamCases: [string, Record<string, string>, string][] = [
    ["missing fields", {}, "Name is required."],
    ["a non-integer display order", { name: `M ${marker}`, position: "p", displayOrder: "1.5" }, "Display Order must be a whole number."],
    ["a text display order", { name: `M ${marker}`, position: "p", displayOrder: "abc" }, "Display Order must be a whole number."],
    ["a huge display order", { name: `M ${marker}`, position: "p", displayOrder: "99999999999" }, "Display Order must be between"],
    [
      "a script LinkedIn URL",
      { name: `M ${marker}`, position: "p", displayOrder: "1", linkedinUrl: "javascript:alert(1)" },
      "LinkedIn URL must be a full address",
    ],
    ["a long name", { name: "n".repeat(5000), position: "p", displayOrder: "1" }, "Name must be at most 120 characters."],
  ];
  for (const [what, form, message] of teamCases) {
    const response = await admin.post("/admin/team/new", { headers: ORIGIN, form, maxRedirects: 0 });
    expect(response.status(), what).toBe(400);
    expect(await response.text(), what).toContain(message);
  }
  expect(await (await admin.get("/admin/team")).text()).not.toContain(marker);

  const testimonialCases: [string, Record<string, string>, string][] = [
    ["missing fields", {}, "Quote is required."],
    ["an exponent display order", { name: `T ${marker}`, company: "c", quote: "q", displayOrder: "1e3" }, "Display Order must be a whole number."],
    ["a 1 MB quote", { name: `T ${marker}`, company: "c", quote: "q".repeat(1024 * 1024), displayOrder: "1" }, "Quote must be at most 2,000 characters."],
    [
      "a foreign avatar",
      { name: `T ${marker}`, company: "c", quote: "q", displayOrder: "1", avatarUrl: "data:image/svg+xml,<svg/>" },
      "Avatar must be an uploaded image.",
    ],
  ];
  for (const [what, form, message] of testimonialCases) {
    const response = await admin.post("/admin/testimonials/new", { headers: ORIGIN, form, maxRedirects: 0 });
    expect(response.status(), what).toBe(400);
    expect(await response.text(), what).toContain(message);
  }
  expect(await (await admin.get("/admin/testimonials")).text()).not.toContain(marker);

  const uploads: [string, { name: string; mimeType: string; buffer: Buffer }, string, number][] = [
    ["an HTML file named .png", { name: "x.png", mimeType: "image/png", buffer: Buffer.from("<html><script>alert(1)</script></html>") }, "", 415],
    [
      "an SVG",
      { name: "x.svg", mimeType: "image/svg+xml", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
      "team",
      415,
    ],
    [
      "an 11 MB image",
      { name: "big.png", mimeType: "image/png", buffer: Buffer.concat([await pngBytes(), Buffer.alloc(11 * 1024 * 1024)]) },
      "testimonials",
      413,
    ],
    ["an empty file", { name: "e.png", mimeType: "image/png", buffer: Buffer.alloc(0) }, "", 415],
  ];
  for (const [what, file, folder, status] of uploads) {
    const response = await admin.post("/api/admin/upload", { headers: ORIGIN, multipart: { file, folder } });
    expect(response.status(), what).toBe(status);
    expect(typeof ((await response.json()) as { error?: unknown }).error, what).toBe("string");
  }
  expect((await admin.post("/api/admin/upload", { headers: ORIGIN, multipart: { folder: "" } })).status()).toBe(400);
  expect(
    (
      await admin.post("/api/admin/upload", {
        headers: ORIGIN,
        multipart: { file: { name: "a.png", mimeType: "image/png", buffer: await pngBytes() }, folder: "../etc" },
      })
    ).status(),
  ).toBe(400);

  // Unknown ids are a clear not-found.
  expect((await admin.get("/admin/blog/edit/not-a-uuid")).status()).toBe(404);
  expect((await admin.get("/admin/team/edit/00000000-0000-4000-8000-000000000000")).status()).toBe(404);
  expect(
    (
      await admin.post("/admin/testimonials/edit/00000000-0000-4000-8000-000000000000", {
        headers: ORIGIN,
        form: { name: "n", company: "c", quote: "q", displayOrder: "1" },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(404);

  // Auth form.
  expect((await anonymous.post("/admin/auth", { headers: ORIGIN, form: { intent: "sign-in", email: "not-an-email", password: "x" } })).status()).toBe(400);
  expect((await anonymous.post("/admin/auth", { headers: ORIGIN, form: { intent: "sign-up" } })).status()).toBe(400);
});

/** The Cookie header of a session saved by Playwright. */
function cookieHeader(statePath: string) {
  const state = JSON.parse(fs.readFileSync(statePath, "utf8")) as { cookies: { name: string; value: string }[] };
  return state.cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
}

type Answer = { status: number; body: string; reused: boolean };

/** A request through `agent` whose headers go first; its body is sent only once the answer has arrived. */
/**
 * Sends the headers of a POST, waits for the answer, then sends `body` (one buffer, or one chunk
 * `times` times): `sent` settles when the whole body was handed over, or fails when the server
 * closed the connection first.
 */
function answeredBeforeTheBody(agent: http.Agent, path: string, headers: http.OutgoingHttpHeaders, body: Buffer, times = 1) {
  return new Promise<Answer & { sent: Promise<void> }>((resolve, reject) => {
    const request = http.request(`${BASE}${path}`, { method: "POST", agent, headers: { ...headers, "Content-Length": body.length * times } });
    request.once("error", reject);
    request.once("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.once("end", () => {
        // Now the rest: a server that closed the connection after answering resets it under this write.
        const sent = new Promise<void>((done, failed) => {
          const closed = () => failed(new Error(`${path}: the server closed the connection before the body was sent`));
          request.off("error", reject);
          request.once("error", failed);
          if (request.socket?.destroyed !== false) return closed();
          const socket = request.socket;
          socket.once("close", closed);
          void (async () => {
            for (let i = 1; i < times && !socket.destroyed; i++) {
              // Each chunk once the last one is handed over ('drain' is not emitted once the answer has ended).
              await new Promise((written) => request.write(body, written));
            }
            request.end(body, () => {
              socket.off("close", closed);
              done();
            });
          })();
        });
        resolve({ status: response.statusCode ?? 0, body: text, reused: request.reusedSocket, sent });
      });
    });
    request.flushHeaders();
  });
}

function get(agent: http.Agent, path: string) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.get(`${BASE}${path}`, { agent }, (response) => {
      response.resume();
      response.once("end", () => resolve({ status: response.statusCode ?? 0, body: "", reused: request.reusedSocket }));
    });
    request.once("error", reject);
  });
}

test("a body refused before it is read gets its answer, is still taken to the end, and the connection serves the next request", async () => {
  const cookie = cookieHeader(adminStatePath);
  const multipart = (size: number) =>
    Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n'),
      Buffer.alloc(size),
      Buffer.from("\r\n--b--\r\n"),
    ]);
  const cases: [string, string, http.OutgoingHttpHeaders, Buffer, number, string][] = [
    [
      "an 11 MB upload from the admin",
      "/api/admin/upload",
      { Cookie: cookie, "Content-Type": "multipart/form-data; boundary=b" },
      multipart(11 * 1024 * 1024),
      413,
      "The image is larger than 10 MB.",
    ],
    [
      "a 3 MB post form from the admin",
      "/admin/blog/new",
      { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      Buffer.from(`intent=save&title=Big&content=${"y".repeat(3 * 1024 * 1024)}`),
      413,
      "The form is too large to save (2 MB at most).",
    ],
    [
      "an 11 MB upload from a visitor",
      "/api/admin/upload",
      { "Content-Type": "multipart/form-data; boundary=b" },
      multipart(11 * 1024 * 1024),
      401,
      "Sign in to continue.",
    ],
  ];
  for (const [what, path, headers, body, status, message] of cases) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answer = await answeredBeforeTheBody(agent, path, { ...ORIGIN, ...headers }, body);
      expect(answer.status, what).toBe(status);
      expect(answer.body, what).toContain(message);
      await answer.sent;
      const next = await get(agent, "/robots.txt");
      expect(next.status, what).toBe(200);
      expect(next.reused, `${what}: the next request went over the same connection`).toBe(true);
    } finally {
      agent.destroy();
    }
  }
});

test("a refused body is read only up to 32 MB: past that the connection is closed", async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const headers = { ...ORIGIN, "Content-Type": "multipart/form-data; boundary=b" };
    // 512 MB offered: far more than the cap plus what the two sides' socket buffers can hold.
    const answer = await answeredBeforeTheBody(agent, "/api/admin/upload", headers, Buffer.alloc(1024 * 1024), 512);
    expect(answer.status).toBe(401);
    await expect(answer.sent).rejects.toThrow();
  } finally {
    agent.destroy();
  }
});

test("hostile text is stored as text and rendered escaped", async () => {
  const marker = unique("hostile").replace(" ", "-");
  const title = `<script>alert("${marker}")</script> ' OR 1=1 --`;
  const response = await admin.post("/admin/blog/new", {
    headers: ORIGIN,
    form: {
      intent: "save",
      title,
      slug: `hostile-${marker}`,
      category: "<img src=x onerror=alert(1)>",
      content: "<script>alert(1)</script>\n\n[x](javascript:alert(1))",
      published: "on",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const list = await (await admin.get(`/admin/blog?q=${marker}`)).text();
  expect(list).not.toContain(`<script>alert("${marker}")`);
  expect(list).toContain(`&lt;script&gt;alert(&quot;${marker}&quot;)&lt;/script&gt;`);
  const publicPage = await (await anonymous.get(`/blog/hostile-${marker}`)).text();
  expect(publicPage).not.toContain("<script>alert(1)</script>");
  expect(publicPage).not.toContain('href="javascript:');
  const id = /href="\/admin\/blog\/edit\/([0-9a-f-]{36})"/.exec(list.slice(list.indexOf(marker)))?.[1];
  expect(id).toBeTruthy();
  expect((await admin.post("/admin/blog", { headers: ORIGIN, form: { intent: "delete", id: id! } })).status()).toBe(200);
});

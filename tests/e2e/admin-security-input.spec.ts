// What the back-office does with bad or hostile input from the admin: a clear 4xx (never a 500)
// that stores nothing, and text that is stored as text and rendered escaped.
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { adminState, pngBytes, unique } from "./support/admin";
import { BASE, ORIGIN } from "./support/base-url";

test.describe.configure({ mode: "serial" });

let admin: APIRequestContext;
let anonymous: APIRequestContext;

test.beforeAll(async ({ browser }) => {
  admin = await playwrightRequest.newContext({ baseURL: BASE, storageState: await adminState(browser) });
  anonymous = await playwrightRequest.newContext({ baseURL: BASE });
});

test.afterAll(async () => {
  await Promise.all([admin?.dispose(), anonymous?.dispose()]);
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

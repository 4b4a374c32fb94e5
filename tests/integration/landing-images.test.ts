import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { freshTestDatabase } from "../support/test-db";
import type * as DbClient from "~/server/db/client.server";
import type { DbHandle } from "~/server/db/client.server";
import { users } from "~/server/db/schema.server";
import { landingEditorState } from "~/server/site/landing-content.server";
import { purgeOrphanUploads } from "~/server/storage/orphan-uploads.server";
import { LocalStorage } from "~/server/storage/storage.server";
import { isImageInUse } from "~/server/trash/trash-queries.server";
import { landingFormValues } from "~/lib/landing-form";
import type { FormValues } from "~/lib/form-result";
import { LandingPage } from "~/components/landing/landing-page";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
// The uploads go to this run's own disk store (read by `storage()` at the first upload).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "landing-images-"));
process.env.DATA_DIR = dataDir;
const root = path.join(dataDir, "uploads", "blog-images");

/**
 * The landing page's images (docs/decisions/0057): uploaded through the one upload endpoint
 * (/api/admin/upload, the same as covers and photos), held by the draft, published, and rendered
 * by the home page with the pipeline's WebP variants; an image from another site is refused on its
 * field; the orphaned-uploads purge and the trash keep what the landing page or its history shows.
 */
vi.mock("~/server/db/client.server", async (original) => ({
  ...(await original<typeof DbClient>()),
  db: () => Promise.resolve(handle.db),
}));
const signInScreen = await import("~/routes/admin/auth");
const sitePage = await import("~/routes/admin/site");
const uploadEndpoint = await import("~/routes/resources/upload");
const homePage = await import("~/routes/site/home");

const BASE = "http://localhost:3000";
const EMAIL = "images-admin@studio.test";
const PASSWORD = "images-test-password-1";
const HOUR = 60 * 60 * 1000;
let handle: DbHandle;
let cookie = "";

function post(route: { action: (args: never) => unknown }, url: string, fields: FormValues, withCookie = "") {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) body.append(key, one);
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", origin: BASE, "x-client-ip": "10.9.0.2" });
  if (withCookie) headers.set("cookie", withCookie);
  return Promise.resolve(route.action({ request: new Request(`${BASE}${url}`, { method: "POST", headers, body }), params: {}, context: {} } as never));
}

/** A JPEG carrying camera metadata, sent to the upload endpoint as the admin's form would. */
async function upload(folder: "" | "testimonials", color: string): Promise<string> {
  const jpeg = await sharp({ create: { width: 1200, height: 660, channels: 3, background: color } })
    .jpeg()
    .withExif({ IFD0: { Artist: "Secret Photographer", Make: "PhoneCam" } })
    .toBuffer();
  const body = new FormData();
  body.set("file", new File([new Uint8Array(jpeg)], "illustration.jpg", { type: "image/jpeg" }));
  body.set("folder", folder);
  const request = new Request(`${BASE}/api/admin/upload`, { method: "POST", headers: { origin: BASE, cookie, "x-client-ip": "10.9.0.2" }, body });
  const response = await uploadEndpoint.action({ request, params: {}, context: {} } as never);
  expect(response.status).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

const stem = (url: string) => url.replace("/uploads/blog-images/", "").replace(/\.[a-z]+$/, "");
const filesOf = (url: string) => [url.replace("/uploads/blog-images/", ""), ...[480, 960, 1600].map((w) => `${stem(url)}-${w}.webp`)];
const exists = (key: string) => fs.existsSync(path.join(root, key));
/** Makes an upload's files look written two days ago, old enough for the purge. */
const age = (url: string) =>
  filesOf(url).forEach((key) => fs.utimesSync(path.join(root, key), new Date(Date.now() - 48 * HOUR), new Date(Date.now() - 48 * HOUR)));

/** The home page as a visitor gets it: its loader's content rendered by the landing page. */
async function homeHtml() {
  const data = await homePage.loader({ request: new Request(`${BASE}/`), params: {}, context: {} } as never);
  return renderToStaticMarkup(createElement(LandingPage, { content: data.content, testimonials: null, communityUrl: "https://c.example" }));
}

async function publish(values: FormValues) {
  return post(sitePage, "/admin/site", { ...values, intent: "publish" }, cookie);
}

beforeAll(async () => {
  handle = await freshTestDatabase();
  await post(signInScreen, "/admin/auth", { intent: "sign-up", email: EMAIL, password: PASSWORD });
  await handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, EMAIL));
  const signedIn = (await post(signInScreen, "/admin/auth", { intent: "sign-in", email: EMAIL, password: PASSWORD })) as Response;
  cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});

afterAll(async () => {
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("landing images through the upload pipeline", () => {
  let illustration = "";
  let photo = "";

  it("stores an illustration and a photo as every upload is stored: the original without metadata and its WebP variants", async () => {
    illustration = await upload("", "#7b61ff");
    photo = await upload("testimonials", "#22d3ee");
    expect(illustration).toMatch(/^\/uploads\/blog-images\/[0-9a-f-]{36}\.jpg$/);
    expect(photo).toMatch(/^\/uploads\/blog-images\/testimonials\/[0-9a-f-]{36}\.jpg$/);
    for (const key of [...filesOf(illustration), ...filesOf(photo)]) expect(exists(key), key).toBe(true);
    const original = await sharp(fs.readFileSync(path.join(root, filesOf(illustration)[0]!))).metadata();
    expect(original.exif).toBeUndefined();
    expect((await sharp(fs.readFileSync(path.join(root, `${stem(illustration)}-480.webp`))).metadata()).format).toBe("webp");
  });

  it("refuses an image from another site or a script address on its field, and stores nothing", async () => {
    const before = await landingEditorState(handle.db);
    const cases: [field: string, value: string, message: string][] = [
      [
        "stepImage",
        "https://evil.example/x.png",
        "Illustration must be uploaded here: images from other websites are blocked by this site's security policy. Choose the file to upload it instead.",
      ],
      [
        "stepImage",
        "https://evil.example/uploads/blog-images/0f0e0d0c-0b0a-4909-8807-060504030201.png",
        "Illustration must be uploaded here: images from other websites are blocked by this site's security policy. Choose the file to upload it instead.",
      ],
      ["quoteAvatar", "javascript:alert(1)", "Photo must be an uploaded image."],
      ["quoteAvatar", "/uploads/../secrets.png", "Photo must be an uploaded image."],
    ];
    for (const [field, value, message] of cases) {
      const values = landingFormValues(before.draft);
      const list = [...(values[field] as string[])];
      list[1] = value;
      const result = (await publish({ ...values, [field]: list })) as {
        data: { errors: Record<string, string>; values: FormValues };
        init: { status: number };
      };
      expect(result.init.status, value).toBe(400);
      expect(result.data.errors, value).toEqual({ [`${field}.1`]: message });
      expect(result.data.values[field], value).toEqual(list);
    }
    const after = await landingEditorState(handle.db);
    expect(after.draft).toEqual(before.draft);
    expect(after.published).toEqual(before.published);
    expect(JSON.stringify(after.published)).not.toContain("evil.example");
  });

  it("a fresh site shows the shipped illustrations and generated avatars", async () => {
    const html = await homeHtml();
    for (const name of ["audit", "build", "deliver", "scale"]) expect(html).toContain(`src="/images/process/${name}.svg"`);
    expect(html).not.toContain(".webp");
  });

  it("the draft holds the uploads' addresses; published, the home page renders their WebP variants with width and height", async () => {
    const state = await landingEditorState(handle.db);
    const values = landingFormValues(state.draft);
    const steps = [...(values.stepImage as string[])];
    steps[1] = illustration;
    const avatars = [...(values.quoteAvatar as string[])];
    avatars[0] = photo;
    const saved = (await post(sitePage, "/admin/site", { ...values, stepImage: steps, quoteAvatar: avatars, intent: "draft" }, cookie)) as Response;
    expect(saved.status).toBe(302);
    const draft = await landingEditorState(handle.db);
    expect(draft.draft.process.steps[1]!.image).toBe(illustration);
    expect(draft.draft.problems.messages[0]!.avatar).toBe(photo);
    expect(draft.published.process.steps[1]!.image).toBeUndefined();
    expect(await homeHtml()).not.toContain(stem(illustration));

    const published = (await publish(landingFormValues(draft.draft))) as Response;
    expect(published.status).toBe(302);
    const html = await homeHtml();
    const base = `/uploads/blog-images/${stem(illustration)}`;
    const img = new RegExp(`<img [^>]*src="${base}-960\\.webp"[^>]*>`).exec(html)?.[0] ?? "";
    expect(img).toContain(`srcSet="${base}-480.webp 480w, ${base}-960.webp 960w, ${base}-1600.webp 1600w"`);
    expect(img).toContain('width="400"');
    expect(img).toContain('height="220"');
    expect(img).toContain('loading="lazy"');
    expect(img).toContain(`alt="${draft.draft.process.steps[1]!.imageAlt}"`);
    // The other steps keep their shipped illustrations.
    expect(html).toContain('src="/images/process/audit.svg"');
    expect(html).not.toContain('src="/images/process/build.svg"');
    // The first quote's photo: its smallest WebP variant, in the island's HTML and its props.
    const avatar = new RegExp(`<img [^>]*src="/uploads/blog-images/${stem(photo)}-480\\.webp"[^>]*>`).exec(html)?.[0] ?? "";
    expect(avatar).toContain('width="36"');
    expect(avatar).toContain('height="36"');
  });

  it("the purge and the trash keep every image the draft, the published page or a kept revision shows", async () => {
    // A third upload only in the draft; the illustration replaced and published, so it is only in the history now.
    const draftOnly = await upload("", "#f59e0b");
    const orphan = await upload("", "#ef4444");
    const state = await landingEditorState(handle.db);
    const values = landingFormValues(state.published);
    const published = (await publish({ ...values, stepImage: ["", "", "", ""] })) as Response;
    expect(published.status).toBe(302);
    const steps = ["", "", draftOnly, ""];
    expect(
      (
        (await post(
          sitePage,
          "/admin/site",
          { ...landingFormValues((await landingEditorState(handle.db)).draft), stepImage: steps, intent: "draft" },
          cookie,
        )) as Response
      ).status,
    ).toBe(302);
    for (const url of [illustration, photo, draftOnly, orphan]) age(url);

    const removed = await purgeOrphanUploads(handle.db, new LocalStorage(root), new Date());
    expect(removed.sort()).toEqual(filesOf(orphan).sort());
    for (const url of [illustration, photo, draftOnly]) for (const key of filesOf(url)) expect(exists(key), key).toBe(true);
    for (const url of [illustration, photo, draftOnly]) expect(await isImageInUse(handle.db, url, filesOf(url)[0]!), url).toBe(true);
    expect(await isImageInUse(handle.db, orphan, filesOf(orphan)[0]!)).toBe(false);
  });
});

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import S3rver from "s3rver";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { LocalStorage, S3Storage, randomKey, s3PublicBase, type S3Settings, type Storage } from "~/server/storage/storage.server";
import { isUploadedImageUrl } from "~/lib/admin-validation";
import { ImageRejectedError, storeImage } from "~/server/storage/images.server";
import { imageSrcSet } from "~/lib/images";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "studio-storage-"));
let s3server: { run(): Promise<{ port: number }>; close(): Promise<void> };
let s3Endpoint = "";

beforeAll(async () => {
  s3server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: path.join(tmp, "s3") });
  const { port } = await s3server.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: "us-east-1",
    endpoint: s3Endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  await client.send(new CreateBucketCommand({ Bucket: "studio" }));
});
afterAll(async () => {
  await s3server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const s3Settings = (): S3Settings => ({
  bucket: "studio",
  region: "us-east-1",
  endpoint: s3Endpoint,
  accessKeyId: "S3RVER",
  secretAccessKey: "S3RVER",
  publicUrl: undefined,
  forcePathStyle: true,
});

const drivers: [string, () => Storage][] = [
  ["local", () => new LocalStorage(path.join(tmp, "local"))],
  ["s3", () => new S3Storage(s3Settings())],
];

async function png(width = 1200, height = 800) {
  return sharp({ create: { width, height, channels: 3, background: "#7b61ff" } })
    .withExif({ IFD0: { Copyright: "secret-camera-owner" } })
    .png()
    .toBuffer();
}

describe.each(drivers)("%s storage", (kind, make) => {
  it("keeps the original extension under a random name in the right folder", () => {
    expect(randomKey("team", "Portrait.JPG")).toMatch(/^team\/[0-9a-f-]{36}\.jpg$/);
    expect(randomKey("", "cover.webp")).toMatch(/^[0-9a-f-]{36}\.webp$/);
    expect(randomKey("testimonials", "a.png")).toMatch(/^testimonials\/[0-9a-f-]{36}\.png$/);
  });

  it("stores, reads back and deletes bytes, and returns a public URL", async () => {
    const store = make();
    const key = randomKey("testimonials", "avatar.png");
    const url = await store.put(key, Buffer.from("hello"), "image/png");
    expect(url.endsWith(`blog-images/${key}`)).toBe(true);
    expect((await store.get(key))?.toString()).toBe("hello");
    if (kind === "s3") {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
    }
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
  });

  it("hands out addresses the image fields accept as uploads, and no other store's", async () => {
    const store = make();
    const key = randomKey("team", "photo.png");
    const url = await store.put(key, Buffer.from("x"), "image/png");
    const bases = store instanceof S3Storage ? [s3PublicBase(s3Settings())] : [];
    expect(isUploadedImageUrl(url, bases)).toBe(true);
    expect(isUploadedImageUrl(`https://elsewhere.example${new URL(url, "http://site.invalid").pathname}`, bases)).toBe(false);
    await store.delete(key);
  });

  it("lists every stored object with its key in the bucket and when it was written", async () => {
    const store = make();
    const keys = [randomKey("", "a.png"), randomKey("team", "b.png")];
    const before = Date.now() - 60_000;
    for (const key of keys) await store.put(key, Buffer.from("x"), "image/png");
    const listed = await store.list();
    for (const key of keys) {
      const item = listed.find((o) => o.key === key);
      expect(item, key).toBeTruthy();
      expect(item!.modified.getTime()).toBeGreaterThan(before);
    }
    for (const key of keys) await store.delete(key);
    expect((await store.list()).map((o) => o.key)).not.toContain(keys[0]);
  });

  it("refuses keys that would escape the bucket", async () => {
    await expect(make().put("../evil.png", Buffer.from("x"), "image/png")).rejects.toThrow(/Unsafe/);
  });

  it("stores an image without metadata plus WebP variants next to it", async () => {
    const store = make();
    const url = await storeImage(store, "team", await png());
    expect(url).toMatch(/team\/[0-9a-f-]{36}\.png$/);
    const key = url.slice(url.indexOf("blog-images/") + "blog-images/".length);
    const original = await store.get(key);
    const meta = await sharp(original!).metadata();
    expect(meta.format).toBe("png");
    expect(meta.exif).toBeUndefined();
    const srcset = imageSrcSet(url)!;
    expect(srcset).toContain("-480.webp 480w");
    for (const width of [480, 960]) {
      const variant = await store.get(key.replace(/\.png$/, `-${width}.webp`));
      const variantMeta = await sharp(variant!).metadata();
      expect(variantMeta.format).toBe("webp");
      expect(variantMeta.width).toBe(width);
    }
  });

  it("refuses SVG, HTML named as an image and empty files by their bytes", async () => {
    const store = make();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expect(storeImage(store, "", svg)).rejects.toBeInstanceOf(ImageRejectedError);
    await expect(storeImage(store, "", Buffer.from("<html><body>hi</body></html>"))).rejects.toBeInstanceOf(ImageRejectedError);
    await expect(storeImage(store, "", Buffer.alloc(0))).rejects.toBeInstanceOf(ImageRejectedError);
    await expect(storeImage(store, "", Buffer.alloc(11 * 1024 * 1024, 1))).rejects.toThrow("This image is too large.");
  });
});

describe("the S3 store's public base", () => {
  const settings: S3Settings = {
    bucket: "assets",
    region: "eu-west-1",
    endpoint: undefined,
    accessKeyId: "k",
    secretAccessKey: "s",
    publicUrl: undefined,
    forcePathStyle: false,
  };
  it("is the public URL, else the endpoint and bucket, else the AWS bucket host, always ending in blog-images/", () => {
    expect(s3PublicBase({ ...settings, publicUrl: "https://cdn.example.com/" })).toBe("https://cdn.example.com/blog-images/");
    expect(s3PublicBase({ ...settings, endpoint: "http://127.0.0.1:9000" })).toBe("http://127.0.0.1:9000/assets/blog-images/");
    expect(s3PublicBase(settings)).toBe("https://assets.s3.eu-west-1.amazonaws.com/blog-images/");
    expect(new S3Storage({ ...settings, publicUrl: "https://cdn.example.com" }).publicUrl("team/a.png")).toBe("https://cdn.example.com/blog-images/team/a.png");
  });
});

import fs from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import type { S3Client } from "@aws-sdk/client-s3";
import { config } from "~/server/core/env.server";

/** One bucket, covers at the root, team photos under team/, avatars under testimonials/. */
export const BUCKET = "blog-images";
export type UploadFolder = "" | "team" | "testimonials";
/** A stored object: its key inside the bucket and when it was last written. */
export type StoredObject = { key: string; modified: Date };

export interface Storage {
  readonly kind: "local" | "s3";
  /** Stores the bytes under `key` (a path inside the bucket) and returns the public URL. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Reads an object back (tests, tools); null when it does not exist. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Every stored object with when it was written (the orphaned-uploads purge walks it). */
  list(): Promise<StoredObject[]>;
  /** Where the files go, for the start-up log. */
  describe(): string;
}

/** A random object key in `folder` that keeps the original file's extension. */
export function randomKey(folder: UploadFolder, originalName: string) {
  const ext = path
    .extname(originalName)
    .toLowerCase()
    .replace(/[^a-z0-9.]/g, "")
    .slice(0, 10);
  const name = `${crypto.randomUUID()}${ext}`;
  return folder ? `${folder}/${name}` : name;
}

function assertSafeKey(key: string) {
  if (!key || key.startsWith("/") || key.split("/").some((part) => part === ".." || part === "." || part === "")) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}

/** The public path under which the app serves local uploads. */
export const LOCAL_PUBLIC_PREFIX = `/uploads/${BUCKET}`;

export class LocalStorage implements Storage {
  readonly kind = "local";
  constructor(private readonly root: string) {}

  async put(key: string, body: Buffer) {
    assertSafeKey(key);
    const file = path.join(this.root, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, body);
    return `${LOCAL_PUBLIC_PREFIX}/${key}`;
  }

  async get(key: string) {
    assertSafeKey(key);
    try {
      return await fs.readFile(path.join(this.root, key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string) {
    assertSafeKey(key);
    await fs.rm(path.join(this.root, key), { force: true });
  }

  async list() {
    let names: string[];
    try {
      names = await fs.readdir(this.root, { recursive: true, encoding: "utf8" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const objects: StoredObject[] = [];
    for (const name of names) {
      const stat = await fs.stat(path.join(this.root, name)).catch(() => null);
      if (stat?.isFile()) objects.push({ key: name.split(path.sep).join("/"), modified: stat.mtime });
    }
    return objects;
  }

  describe() {
    return `local disk (${this.root})`;
  }
}

export type S3Settings = NonNullable<ReturnType<typeof config>["s3"]>;

/** The address every uploaded object's public URL starts with (ends with "/blog-images/"). */
export function s3PublicBase(settings: S3Settings) {
  const root = settings.publicUrl
    ? settings.publicUrl.replace(/\/+$/, "")
    : settings.endpoint
      ? `${settings.endpoint.replace(/\/+$/, "")}/${settings.bucket}`
      : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`;
  return `${root}/${BUCKET}/`;
}

export class S3Storage implements Storage {
  readonly kind = "s3";
  private client: Promise<S3Client>;
  constructor(private readonly settings: S3Settings) {
    this.client = import("@aws-sdk/client-s3").then(
      ({ S3Client }) =>
        new S3Client({
          region: settings.region,
          endpoint: settings.endpoint,
          forcePathStyle: settings.forcePathStyle,
          credentials:
            settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
        }),
    );
  }

  /** Objects live under the blog-images/ prefix of the configured bucket. */
  private objectKey(key: string) {
    assertSafeKey(key);
    return `${BUCKET}/${key}`;
  }

  publicUrl(key: string) {
    assertSafeKey(key);
    return `${s3PublicBase(this.settings)}${key}`;
  }

  async put(key: string, body: Buffer, contentType: string) {
    const { PutObjectCommand } = await import("@aws-sdk/client-s3");
    await (
      await this.client
    ).send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentType: contentType,
        CacheControl: "public, max-age=31536000, immutable",
      }),
    );
    return this.publicUrl(key);
  }

  async get(key: string) {
    const { GetObjectCommand, NoSuchKey } = await import("@aws-sdk/client-s3");
    try {
      const result = await (await this.client).send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      const bytes = await result.Body?.transformToByteArray();
      return bytes ? Buffer.from(bytes) : null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
      throw error;
    }
  }

  async delete(key: string) {
    const { DeleteObjectCommand } = await import("@aws-sdk/client-s3");
    await (await this.client).send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  async list() {
    const { ListObjectsV2Command } = await import("@aws-sdk/client-s3");
    const client = await this.client;
    const objects: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: `${BUCKET}/`, ContinuationToken: token }));
      for (const item of page.Contents ?? []) {
        if (item.Key && item.LastModified) objects.push({ key: item.Key.slice(BUCKET.length + 1), modified: item.LastModified });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return objects;
  }

  describe() {
    return `S3 bucket ${this.settings.bucket}${this.settings.endpoint ? ` at ${this.settings.endpoint}` : ""}`;
  }
}

export function localUploadsRoot(dataDir: string) {
  return path.join(dataDir, "uploads", BUCKET);
}

/**
 * The absolute addresses uploaded images may have besides this site's own /uploads/ paths: the S3
 * store's public base, when uploads go there. Image fields accept nothing else (see
 * `storedImageUrl` in app/lib/admin-validation.ts): the CSP blocks images from other sites.
 */
export function uploadedImageBases(): string[] {
  const { s3 } = config();
  return s3 ? [s3PublicBase(s3)] : [];
}

let current: Storage | undefined;

/** The storage chosen by the settings: S3 when S3_BUCKET and keys are set, else local disk. */
export function storage(): Storage {
  if (!current) {
    const { s3, dataDir } = config();
    current = s3 ? new S3Storage(s3) : new LocalStorage(localUploadsRoot(dataDir));
  }
  return current;
}

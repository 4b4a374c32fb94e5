/**
 * The demo Insights posts of a fresh install: one markdown file per post in app/content/posts,
 * named by its slug, with YAML front matter for everything but the body.
 *
 * Every post has a fixed id so that seeding again can skip posts that already exist; `order` is
 * the order they are seeded in (which also picks each cover's random seed).
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { SLUG_PATTERN } from "~/lib/text";

const hexColor = z.string().regex(/^#[0-9a-f]{6}$/i, "a colour like #0f172a");

const coverSchema = z.strictObject({
  from: hexColor,
  to: hexColor,
  motif: z.enum(["grid", "waves", "nodes", "bars"]),
});

const frontMatterSchema = z.strictObject({
  id: z.uuid(),
  order: z.int().positive(),
  title: z.string().min(1),
  slug: z.string().regex(SLUG_PATTERN, "lower-case letters, digits and single hyphens"),
  category: z.string().min(1),
  excerpt: z.string().min(1),
  tags: z.array(z.string().min(1)),
  featured: z.boolean(),
  published: z.boolean(),
  /** The post's date, as days before the moment it is seeded. */
  daysAgo: z.int().nonnegative(),
  /** A generated abstract cover (demo-covers.server.ts), or null for none. */
  cover: coverSchema.nullable(),
});

export type DemoCover = z.infer<typeof coverSchema>;
export type DemoPost = z.infer<typeof frontMatterSchema> & { content: string };

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Splits `---`-fenced front matter (YAML text) from the markdown body after it (trimmed). */
export function splitFrontMatter(source: string): { frontMatter: string; body: string } {
  const match = FRONT_MATTER.exec(source.replace(/^\uFEFF/, ""));
  if (!match) throw new Error("no front matter: the file must start with a line `---`, the YAML, then a line `---`");
  return {
    frontMatter: match[1]!,
    body: source
      .replace(/^\uFEFF/, "")
      .slice(match[0].length)
      .trim(),
  };
}

/** One post file: its front matter checked against the schema, its slug equal to the file name. */
export function parseDemoPost(fileName: string, source: string): DemoPost {
  try {
    const { frontMatter, body } = splitFrontMatter(source);
    const result = frontMatterSchema.safeParse(parse(frontMatter));
    if (!result.success) throw new Error(z.prettifyError(result.error));
    if (`${result.data.slug}.md` !== fileName) throw new Error(`the slug "${result.data.slug}" does not match the file name`);
    if (!body) throw new Error("the post has no content");
    return { ...result.data, content: body };
  } catch (error) {
    throw new Error(`app/content/posts/${fileName}: ${(error as Error).message}`, { cause: error });
  }
}

/** All post files (file path -> text), parsed and in seeding order; ids, slugs and orders must be unique. */
export function parseDemoPosts(files: Record<string, string>): DemoPost[] {
  const posts = Object.entries(files).map(([file, source]) => parseDemoPost(path.basename(file), source));
  for (const key of ["id", "slug", "order"] as const) {
    const seen = new Set<unknown>();
    for (const post of posts) {
      if (seen.has(post[key])) throw new Error(`app/content/posts: two posts have the ${key} ${String(post[key])}`);
      seen.add(post[key]);
    }
  }
  return posts.sort((a, b) => a.order - b.order);
}

/**
 * The post files' text by path. Under Vite (dev server, production build, Vitest) they are
 * bundled into the module at build time, so the built server needs no app/ folder beside it.
 * tsx (`npm run db:seed`) has neither import.meta.env nor import.meta.glob: it reads them from disk.
 */
export function demoPostFiles(): Record<string, string> {
  if (import.meta.env) return import.meta.glob<string>("../../content/posts/*.md", { query: "?raw", import: "default", eager: true });
  const dir = path.resolve(import.meta.dirname, "../../content/posts");
  const names = fs.readdirSync(dir).filter((name) => name.endsWith(".md"));
  return Object.fromEntries(names.map((name) => [path.join(dir, name), fs.readFileSync(path.join(dir, name), "utf8")]));
}

export const demoPosts: DemoPost[] = parseDemoPosts(demoPostFiles());

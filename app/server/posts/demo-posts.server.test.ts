import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { demoPostFiles, demoPosts, parseDemoPost, parseDemoPosts, splitFrontMatter } from "./demo-posts.server";

const POSTS_DIR = path.resolve(import.meta.dirname, "../../content/posts");
const fileNames = fs.readdirSync(POSTS_DIR).filter((name) => name.endsWith(".md"));

const VALID = `---
id: 0b8f6c1e-3d2a-4f5b-9c7d-1a2b3c4d5eff
order: 1
title: "A title: with a colon"
slug: a-post
category: Automation
excerpt: Short.
tags: [CRM, ROI]
featured: false
published: true
daysAgo: 3
cover: { from: "#0f172a", to: "#06b6d4", motif: bars }
---

## Heading

Body text.
`;

describe("demo post files (app/content/posts)", () => {
  it("all parse with every required field, each slug equal to its file name", () => {
    expect(fileNames.length).toBeGreaterThan(0);
    for (const name of fileNames) {
      const post = parseDemoPost(name, fs.readFileSync(path.join(POSTS_DIR, name), "utf8"));
      expect(`${post.slug}.md`).toBe(name);
      for (const field of ["id", "title", "slug", "category", "excerpt", "content"] as const) expect(post[field], `${name}: ${field}`).not.toBe("");
      expect(post.tags.length, `${name}: tags`).toBeGreaterThan(0);
    }
  });

  it("have unique ids, slugs and orders, and are seeded in order", () => {
    expect(new Set(demoPosts.map((p) => p.id)).size).toBe(fileNames.length);
    expect(new Set(demoPosts.map((p) => p.slug)).size).toBe(fileNames.length);
    expect(demoPosts.map((p) => p.order)).toEqual(fileNames.map((_, i) => i + 1));
  });

  it("are bundled by Vite's import.meta.glob (as in the production build), all of them", () => {
    const files = Object.keys(demoPostFiles());
    expect(files.every((file) => file.startsWith("../../content/posts/"))).toBe(true);
    expect(files.map((file) => path.basename(file)).sort()).toEqual([...fileNames].sort());
  });
});

describe("parseDemoPost", () => {
  it("reads the YAML front matter and the trimmed markdown body", () => {
    const post = parseDemoPost("a-post.md", VALID);
    expect(post).toMatchObject({ title: "A title: with a colon", tags: ["CRM", "ROI"], daysAgo: 3, cover: { motif: "bars" } });
    expect(post.content).toBe("## Heading\n\nBody text.");
    expect(parseDemoPost("a-post.md", VALID.replace(/\n/g, "\r\n")).content).toBe("## Heading\r\n\r\nBody text.");
  });

  it("names the file and the problem when a post is wrong", () => {
    expect(() => parseDemoPost("other.md", VALID)).toThrow(/other\.md: the slug "a-post" does not match the file name/);
    expect(() => parseDemoPost("a-post.md", VALID.replace("featured: false\n", ""))).toThrow(/a-post\.md: .*featured/s);
    expect(() => parseDemoPost("a-post.md", VALID.replace("order: 1", "order: 1\nauthor: X"))).toThrow(/author/);
    expect(() => parseDemoPost("a-post.md", "# No front matter")).toThrow(/no front matter/);
    expect(() => parseDemoPost("a-post.md", VALID.replace(/## Heading[\s\S]*/, ""))).toThrow(/no content/);
  });

  it("refuses two files with the same id", () => {
    const other = VALID.replace("slug: a-post", "slug: b-post").replace("order: 1", "order: 2");
    expect(() => parseDemoPosts({ "a-post.md": VALID, "b-post.md": other })).toThrow(/two posts have the id/);
  });
});

describe("splitFrontMatter", () => {
  it("keeps a --- line inside the body", () => {
    expect(splitFrontMatter("---\na: 1\n---\nOne\n\n---\n\nTwo\n")).toEqual({ frontMatter: "a: 1", body: "One\n\n---\n\nTwo" });
  });
});

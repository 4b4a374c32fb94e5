import { describe, expect, it } from "vitest";
import { fileDatabase } from "../support/file-database";
import { savePost } from "~/server/posts/post-save.server";
import { autosavePost } from "~/server/posts/post-autosave.server";
import { restoreRevision } from "~/server/posts/post-history.server";
import { adminGetPost, adminListPosts } from "~/server/posts/admin-post-queries.server";
import { listRevisions, getRevision } from "~/server/posts/revision-queries.server";
import { getPublishedPostBySlug, listPublishedForFeed } from "~/server/posts/post-queries.server";
import { listPublishedPosts } from "~/server/posts/post-list-queries.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

/* The cover's alt text and the SEO overrides through the post form's save path: validation, storage, history, autosave and the public reads. */

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

function answer(result: unknown) {
  const { data: body, init } = result as { data: Record<string, unknown>; init: { status?: number } | null };
  return { status: init?.status, body: body as { errors?: Record<string, string>; toast?: { title: string }; values?: Record<string, string> } };
}

const COVER = "/uploads/blog-images/0b5e0c1e-1111-4222-8333-944455556666.png";
const post = (slug: string, extra: Record<string, string> = {}) => ({
  intent: "save",
  title: "Invoice matching with agents",
  slug,
  category: "Automation",
  excerpt: "How the excerpt reads.",
  content: "Body text.",
  imageUrl: COVER,
  published: "on",
  ...extra,
});

const handle = fileDatabase();

async function idOf(slug: string) {
  const row = (await adminListPosts(handle.db)).find((p) => p.slug === slug);
  if (!row) throw new Error(`no post ${slug}`);
  return row.id;
}

describe(`cover alt text and SEO overrides (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("are saved trimmed, read by the public post, its card and the feeds, and recorded in the revision", async () => {
    const result = await savePost(
      handle.db,
      null,
      form(
        post("invoice-matching", {
          coverAlt: "  A ledger beside a laptop ",
          metaTitle: " Invoice matching, done by agents ",
          metaDescription: "Agents match invoices.",
        }),
      ),
    );
    expect(result).toBeInstanceOf(Response);
    const id = await idOf("invoice-matching");
    expect(await adminGetPost(handle.db, id)).toMatchObject({
      coverAlt: "A ledger beside a laptop",
      metaTitle: "Invoice matching, done by agents",
      metaDescription: "Agents match invoices.",
    });
    expect(await getPublishedPostBySlug(handle.db, "invoice-matching")).toMatchObject({
      coverAlt: "A ledger beside a laptop",
      metaTitle: "Invoice matching, done by agents",
      metaDescription: "Agents match invoices.",
    });
    const { posts } = await listPublishedPosts(handle.db, {});
    expect(posts.find((p) => p.slug === "invoice-matching")?.coverAlt).toBe("A ledger beside a laptop");
    // A search ranks in raw SQL: the card still carries the alt text.
    const found = await listPublishedPosts(handle.db, { q: "invoice" });
    expect(found.posts.find((p) => p.slug === "invoice-matching")?.coverAlt).toBe("A ledger beside a laptop");
    expect((await listPublishedForFeed(handle.db)).find((p) => p.slug === "invoice-matching")?.metaDescription).toBe("Agents match invoices.");
    const [revision] = await listRevisions(handle.db, id);
    expect(await getRevision(handle.db, id, revision!.id)).toMatchObject({
      coverAlt: "A ledger beside a laptop",
      metaTitle: "Invoice matching, done by agents",
      metaDescription: "Agents match invoices.",
    });
  });

  it("left empty, store empty text: the public page then falls back to the title, the excerpt and a decorative cover", async () => {
    await savePost(handle.db, null, form(post("plain-post")));
    expect(await getPublishedPostBySlug(handle.db, "plain-post")).toMatchObject({ coverAlt: "", metaTitle: "", metaDescription: "" });
  });

  it("past 70 and 200 characters (and 300 for the alt text) are refused with a message per field and the typed values kept", async () => {
    const long = {
      metaTitle: "t".repeat(71),
      metaDescription: "d".repeat(201),
      coverAlt: "a".repeat(301),
    };
    const { status, body } = answer(await savePost(handle.db, null, form(post("too-long", long))));
    expect(status).toBe(400);
    expect(body.toast?.title).toBe("Error saving post");
    expect(body.errors).toMatchObject({
      metaTitle: "Meta title must be at most 70 characters.",
      metaDescription: "Meta description must be at most 200 characters.",
      coverAlt: "Cover image alt text must be at most 300 characters.",
    });
    expect(body.values).toMatchObject(long);
    expect((await adminListPosts(handle.db)).some((p) => p.slug === "too-long")).toBe(false);
    // At the limits exactly, the save goes through.
    const fits = await savePost(
      handle.db,
      null,
      form(post("fits", { metaTitle: "t".repeat(70), metaDescription: "d".repeat(200), coverAlt: "a".repeat(300) })),
    );
    expect(fits).toBeInstanceOf(Response);
  });

  it("a restored version brings its alt text and overrides back", async () => {
    const id = await idOf("invoice-matching");
    const first = (await listRevisions(handle.db, id)).at(-1)!;
    const current = (await adminGetPost(handle.db, id))!;
    await savePost(
      handle.db,
      id,
      form(post("invoice-matching", { version: String(current.version), coverAlt: "", metaTitle: "Changed", metaDescription: "" })),
    );
    expect(await adminGetPost(handle.db, id)).toMatchObject({ coverAlt: "", metaTitle: "Changed", metaDescription: "" });
    const saved = (await adminGetPost(handle.db, id))!;
    const restored = await restoreRevision(handle.db, id, form({ intent: "restore", revisionId: first.id, version: String(saved.version) }), {
      name: "Editor",
      email: "editor@studio.test",
    });
    expect(restored).toBeInstanceOf(Response);
    expect(await adminGetPost(handle.db, id)).toMatchObject({
      coverAlt: "A ledger beside a laptop",
      metaTitle: "Invoice matching, done by agents",
      metaDescription: "Agents match invoices.",
    });
  });

  it("a draft's autosave writes them to the post; a published post's goes to its unsaved copy only", async () => {
    await savePost(handle.db, null, form(post("draft-seo", { published: "" })));
    const draft = await idOf("draft-seo");
    const fields = post("draft-seo", {
      intent: "autosave",
      published: "",
      coverAlt: "Typed alt",
      metaTitle: "Typed title",
      metaDescription: "Typed description",
    });
    expect(await autosavePost(handle.db, draft, "user-1", form(fields))).toMatchObject({ autosave: "saved" });
    expect(await adminGetPost(handle.db, draft)).toMatchObject({ coverAlt: "Typed alt", metaTitle: "Typed title", metaDescription: "Typed description" });

    const published = await idOf("plain-post");
    const typed = post("plain-post", { intent: "autosave", metaTitle: "Not yet public" });
    expect(await autosavePost(handle.db, published, "user-1", form(typed))).toMatchObject({ autosave: "saved" });
    expect((await getPublishedPostBySlug(handle.db, "plain-post"))?.metaTitle).toBe("");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { freshTestDatabase } from "../support/test-db";
import { CONFLICT_MESSAGE, savePost } from "~/server/posts/post-save.server";
import { restoreRevision } from "~/server/posts/post-history.server";
import type { DbHandle } from "~/server/db/client.server";
import { postRevisions } from "~/server/db/schema.server";
import { adminGetPost } from "~/server/posts/admin-post-queries.server";
import { listRevisions } from "~/server/posts/revision-queries.server";
import { createTag } from "~/server/posts/tag-queries.server";
import { deleteFromTrash, moveToTrash } from "~/server/trash/trash-queries.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

function form(fields: Record<string, string | string[]>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  return body;
}

/** A redirect (success) or the `data(...)` answer of a refused save. */
function answer(result: unknown) {
  type Body = { toast?: { description: string }; values?: Record<string, string>; conflict?: { version: number } };
  if (result instanceof Response) return { status: result.status, location: result.headers.get("Location"), body: {} as Body };
  const { data: body, init } = result as { data: Body; init: { status?: number } | null };
  return {
    status: init?.status,
    location: null,
    body,
  };
}

const ada = { name: "Ada Admin", email: "ada@example.com" };
const bob = { name: "Bob Editor", email: "bob@example.com" };

let handle: DbHandle;
let tag: string;
/** The post the tests below edit in turn. */
let id: string;
const fields = (overrides: Record<string, string | string[]> = {}) => ({
  intent: "save",
  title: "Invoice matching",
  slug: "invoice-matching",
  category: "Automation",
  excerpt: "First cut.",
  content: "Line one\nLine two",
  published: "on",
  tagIds: [tag],
  ...overrides,
});

beforeAll(async () => {
  handle = await freshTestDatabase();
  tag = (await createTag(handle.db, "Finance"))!.id;
});
afterAll(async () => {
  await handle.close();
});

const revisionsOf = (postId: string) => handle.db.select().from(postRevisions).where(eq(postRevisions.postId, postId)).orderBy(asc(postRevisions.version));

describe(`post history (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("keeps a revision of every save, creating included, with who saved and every field", async () => {
    expect(answer(await savePost(handle.db, null, form(fields()), ada)).status).toBe(302);
    id = (await handle.db.select({ postId: postRevisions.postId }).from(postRevisions))[0]!.postId;
    const created = await adminGetPost(handle.db, id);
    expect(created!.version).toBe(1);

    const saved = await savePost(
      handle.db,
      id,
      form(fields({ title: "Invoice matching, revised", content: "Line one\nLine 2", version: "1", published: "" })),
      bob,
    );
    expect(answer(saved).status).toBe(302);

    const revisions = await revisionsOf(id);
    expect(revisions.map((r) => [r.version, r.authorName, r.authorEmail, r.title, r.published])).toEqual([
      [1, "Ada Admin", "ada@example.com", "Invoice matching", true],
      [2, "Bob Editor", "bob@example.com", "Invoice matching, revised", false],
    ]);
    expect(revisions[0]).toMatchObject({
      slug: "invoice-matching",
      category: "Automation",
      excerpt: "First cut.",
      content: "Line one\nLine two",
      tags: [{ id: tag, name: "Finance" }],
    });
    // The publication date the first save gave the post is kept in its revision, to the microsecond.
    expect(revisions[0]!.publishedAt).toEqual(created!.publishedAt);
    expect((await listRevisions(handle.db, id)).map((r) => r.version)).toEqual([2, 1]);
  });

  it("restoring a version writes its values back as a new revision by the restoring admin", async () => {
    const [first] = await revisionsOf(id);
    const result = answer(await restoreRevision(handle.db, id, form({ intent: "restore", revisionId: first!.id, version: "2" }), ada));
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/admin/blog/edit/${id}`);

    const post = await adminGetPost(handle.db, id);
    expect(post).toMatchObject({ title: "Invoice matching", content: "Line one\nLine two", published: true, version: 3, tagIds: [tag] });
    expect(post!.publishedAt).toEqual(first!.publishedAt);
    const revisions = await revisionsOf(id);
    expect(revisions).toHaveLength(3);
    expect(revisions[2]).toMatchObject({ version: 3, authorName: "Ada Admin", title: "Invoice matching" });
  });

  it("refuses a save from a form opened on an older version with 409, writing nothing and sending the typed values back", async () => {
    const before = await adminGetPost(handle.db, id);
    const stale = form(fields({ title: "Typed over an old copy", content: "My words", version: "1" }));
    const result = answer(await savePost(handle.db, id, stale, bob));
    expect(result.status).toBe(409);
    expect(result.body.toast?.description).toBe(CONFLICT_MESSAGE);
    expect(result.body.values).toMatchObject({ title: "Typed over an old copy", content: "My words" });
    expect(result.body.conflict?.version).toBe(before!.version);
    expect(await adminGetPost(handle.db, id)).toEqual(before);
    expect(await revisionsOf(id)).toHaveLength(3);

    // A restore from a history page shown before the latest save is refused the same way.
    const [first] = await revisionsOf(id);
    expect(answer(await restoreRevision(handle.db, id, form({ intent: "restore", revisionId: first!.id, version: "2" }), ada)).status).toBe(409);
    expect(await adminGetPost(handle.db, id)).toEqual(before);
  });

  it("keeps the revisions of a post in the trash and deletes them with 'Delete forever'", async () => {
    await moveToTrash(handle.db, "post", [id]);
    expect(await revisionsOf(id)).toHaveLength(3);
    await deleteFromTrash(handle.db, "post", id);
    expect(await revisionsOf(id)).toHaveLength(0);
  });
});

import { recordAudit } from "~/server/admin/audit.server";
import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { blogPosts } from "~/server/db/schema.server";
import { ADMIN_ROLE, getSessionUser } from "~/server/accounts/auth.server";
import { config } from "~/server/core/env.server";
import { errorText, notFound } from "~/server/http/errors.server";
import { failureReply } from "~/server/admin/form.server";
import { log } from "~/server/core/log.server";
import { clearPreviewToken, setPreviewTokenOnce } from "./post-writes.server";
import { makeToast } from "~/lib/form-result";
import { postStatus, type PostStatus } from "~/lib/post-status";
import { absoluteUrl } from "~/lib/seo";

/**
 * Previews of posts the public cannot read yet (drafts and scheduled posts). Two ways in:
 * - a preview link, /blog/<slug>?preview=<token>: the token is 32 random bytes (base64url) kept
 *   on the post until an admin revokes it; anyone holding the link sees the post, signed in or not;
 * - a signed-in admin opening the post's public address.
 * Everybody else gets the public 404. A preview is personal: never cached, never indexed.
 */

export const PREVIEW_PARAM = "preview";

/** Headers of every preview response. */
export const PREVIEW_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

/** A token as it appears in links: base64url of 32 bytes is 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newPreviewToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** Compares a presented token with the stored one in constant time (hashing first makes the lengths equal). */
export function tokensMatch(presented: string | null | undefined, stored: string | null | undefined): boolean {
  if (!presented || !stored || !TOKEN_SHAPE.test(presented)) return false;
  const a = crypto.createHash("sha256").update(presented).digest();
  const b = crypto.createHash("sha256").update(stored).digest();
  return crypto.timingSafeEqual(a, b);
}

/** The absolute preview address of a post (at the site's public address). */
export function previewUrl(slug: string, token: string): string {
  return absoluteUrl(config().site.siteUrl, `/blog/${slug}?${PREVIEW_PARAM}=${token}`);
}

/** The post's preview token, creating one when it has none; null when there is no such post. */
export async function ensurePreviewToken(db: Queryable, id: string): Promise<{ slug: string; token: string } | null> {
  return setPreviewTokenOnce(db, id, newPreviewToken());
}

/** Clears the post's preview token (its links answer 404 from now on); false when there is no such post. */
export async function revokePreviewToken(db: Queryable, id: string): Promise<boolean> {
  return clearPreviewToken(db, id);
}

export type PreviewState = {
  /** 'draft', or 'scheduled' with the time it goes public. */
  status: PostStatus;
  publishedAt: string | null;
  /** The admin's edit screen, for an admin; null for a link holder. */
  editPath: string | null;
};

/**
 * Whether this request may preview the post at `slug` (which the public read did not find):
 * a matching ?preview token, or a signed-in admin. Null means 404.
 */
export async function previewAccess(request: Request, db: Queryable, slug: string): Promise<PreviewState | null> {
  const presented = new URL(request.url).searchParams.get(PREVIEW_PARAM);
  const hasSession = request.headers.has("cookie");
  if (!presented && !hasSession) return null;
  const [post] = await db
    .select({ id: blogPosts.id, published: blogPosts.published, publishedAt: blogPosts.publishedAt, token: blogPosts.previewToken })
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isNull(blogPosts.deletedAt)))
    .limit(1);
  if (!post) return null;
  let admin = false;
  if (!tokensMatch(presented, post.token)) {
    const user = hasSession ? await getSessionUser(request) : null;
    if (user?.role !== ADMIN_ROLE) return null;
    admin = true;
  }
  return { status: postStatus(post), publishedAt: post.publishedAt?.toISOString() ?? null, editPath: admin ? `/admin/blog/edit/${post.id}` : null };
}

const LINK_ERROR = "Preview link error";

/**
 * The post form's 'Copy preview link' (creates the link when the post has none) and 'Revoke
 * preview link'. The caller has checked the admin (requireAdminWrite). Answers the link (or null
 * once revoked), a 400 for a post not saved yet, 404 for a missing post, 503 on a database failure.
 */
export async function previewLinkAction(db: Queryable, id: string | null, intent: "create-preview-link" | "revoke-preview-link") {
  if (!id) return failureReply(400, LINK_ERROR, "Save the post first: a preview link belongs to a saved post.");
  let outcome: { slug: string; token: string } | boolean | null;
  try {
    outcome = intent === "create-preview-link" ? await ensurePreviewToken(db, id) : await revokePreviewToken(db, id);
  } catch (error) {
    log.error("preview link change failed", { error: errorText(error) });
    return failureReply(503, LINK_ERROR, "The preview link could not be changed. Please try again.");
  }
  if (!outcome) notFound("Post");
  await recordAudit(db, {
    action: intent === "create-preview-link" ? "post.preview-link-create" : "post.preview-link-revoke",
    target: { type: "post", id, label: typeof outcome === "object" ? outcome.slug : null },
    summary: intent === "create-preview-link" ? "Created (or showed) the post's preview link" : "Revoked the post's preview link",
  });
  if (outcome === true) return { previewLink: null, toast: makeToast("Preview link revoked", "The old link no longer opens the post.") };
  return { previewLink: previewUrl(outcome.slug, outcome.token) };
}

import { and, eq, isNull } from "drizzle-orm";
import { recordAudit } from "~/server/admin/audit.server";
import type { Queryable } from "~/server/db/client.server";
import { caseStudies } from "~/server/db/schema.server";
import { ADMIN_ROLE, getSessionUser } from "~/server/accounts/auth.server";
import { config } from "~/server/core/env.server";
import { errorText, notFound } from "~/server/http/errors.server";
import { failureReply } from "~/server/admin/form.server";
import { log } from "~/server/core/log.server";
import { newPreviewToken, PREVIEW_PARAM, tokensMatch, type PreviewState } from "~/server/posts/preview.server";
import { clearCaseStudyPreviewToken, setCaseStudyPreviewTokenOnce } from "./case-study-writes.server";
import { adminGetCaseStudy } from "./case-study-queries.server";
import { conflictReply } from "./case-study-save.server";
import { makeToast } from "~/lib/form-result";
import { postStatus } from "~/lib/post-status";
import { absoluteUrl } from "~/lib/seo";

/**
 * Previews of case studies the public cannot read yet, the posts' way (decision 0013): a preview
 * link /case-studies/<slug>?preview=<token> (the token kept until revoked), or a signed-in admin
 * at the public address. Never cached, never indexed (the posts' PREVIEW_HEADERS).
 */

export function caseStudyPreviewUrl(slug: string, token: string): string {
  return absoluteUrl(config().site.siteUrl, `/case-studies/${slug}?${PREVIEW_PARAM}=${token}`);
}

/** Whether this request may preview the case study at `slug`: a matching token, or a signed-in admin; null: 404. */
export async function caseStudyPreviewAccess(request: Request, db: Queryable, slug: string): Promise<PreviewState | null> {
  const presented = new URL(request.url).searchParams.get(PREVIEW_PARAM);
  const hasSession = request.headers.has("cookie");
  if (!presented && !hasSession) return null;
  const [row] = await db
    .select({ id: caseStudies.id, published: caseStudies.published, publishedAt: caseStudies.publishedAt, token: caseStudies.previewToken })
    .from(caseStudies)
    .where(and(eq(caseStudies.slug, slug), isNull(caseStudies.deletedAt)))
    .limit(1);
  if (!row) return null;
  let admin = false;
  if (!tokensMatch(presented, row.token)) {
    const user = hasSession ? await getSessionUser(request) : null;
    if (user?.role !== ADMIN_ROLE) return null;
    admin = true;
  }
  return { status: postStatus(row), publishedAt: row.publishedAt?.toISOString() ?? null, editPath: admin ? `/admin/case-studies/edit/${row.id}` : null };
}

const LINK_ERROR = "Preview link error";

export const PREVIEW_LINK_CONFLICT_MESSAGE =
  "This case study was changed by someone else since you opened it. The preview link was not changed: load the saved version to see those changes first.";

/**
 * The form's 'Copy preview link' (made on first use) and 'Revoke preview link', with their audit
 * entries. With the version the form was opened on (`expectedVersion`), refused (409, nothing
 * changed) when the case study was saved since: a link is not handed out, or taken back, for
 * words the editor has not seen (decision 0055).
 */
export async function caseStudyPreviewLinkAction(
  db: Queryable,
  id: string | null,
  intent: "create-preview-link" | "revoke-preview-link",
  expectedVersion?: number,
) {
  if (!id) return failureReply(400, LINK_ERROR, "Save the case study first: a preview link belongs to a saved case study.");
  let outcome: { slug: string; token: string } | boolean | null;
  try {
    outcome =
      intent === "create-preview-link"
        ? await setCaseStudyPreviewTokenOnce(db, id, newPreviewToken(), expectedVersion)
        : await clearCaseStudyPreviewToken(db, id, expectedVersion);
    if (!outcome && expectedVersion !== undefined && (await adminGetCaseStudy(db, id))) {
      return await conflictReply(db, id, {}, LINK_ERROR, PREVIEW_LINK_CONFLICT_MESSAGE);
    }
  } catch (error) {
    log.error("case study preview link change failed", { error: errorText(error) });
    return failureReply(503, LINK_ERROR, "The preview link could not be changed. Please try again.");
  }
  if (!outcome) notFound("Case study");
  await recordAudit(db, {
    action: intent === "create-preview-link" ? "case-study.preview-link-create" : "case-study.preview-link-revoke",
    target: { type: "case-study", id, label: typeof outcome === "object" ? outcome.slug : null },
    summary: intent === "create-preview-link" ? "Created (or showed) the case study's preview link" : "Revoked the case study's preview link",
  });
  if (outcome === true) return { previewLink: null, toast: makeToast("Preview link revoked", "The old link no longer opens the case study.") };
  return { previewLink: caseStudyPreviewUrl(outcome.slug, outcome.token) };
}

import { Form, Link, useNavigation } from "react-router";
import { RotateCcw } from "lucide-react";
import type { Route } from "./+types/site-history";
import { requireAdmin } from "~/server/accounts/authz.server";
import { notFound } from "~/server/http/errors.server";
import { failureReply, parseSubmission, readAdminForm, redirectWithToast } from "~/server/admin/form.server";
import { readOrFail } from "~/server/site/records.server";
import { db } from "~/server/db/client.server";
import { landingEditorState, landingRevision, publishLanding } from "~/server/site/landing-content.server";
import { isStaleLanding, LANDING_ERROR_TITLE, landingConflictReply } from "~/server/site/landing-conflict.server";
import { openedVersion } from "~/server/posts/post-save.server";
import { versionConflictOf } from "~/lib/save-conflict";
import { SaveConflictNotice } from "~/components/admin/save-conflict-notice";
import { errorText } from "~/server/http/errors.server";
import { log } from "~/server/core/log.server";
import { recordId } from "~/lib/admin-validation";
import { contentLines } from "~/lib/landing-content";
import { z } from "zod";
import { AdminPage, Panel } from "~/components/admin/admin-page";
import { LineDiff } from "~/components/admin/post-history";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { Button } from "~/components/ui/button";
import { LocalDateTime } from "~/components/ui/local-date-time";

const KIND = { publish: "Published", restore: "Restored" } as const;

/** Every publish of the landing page, newest first; `?revision=` compares one with what the page shows now. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const asked = new URL(request.url).searchParams.get("revision");
  const revisionId = asked && recordId().safeParse(asked).success ? asked.toLowerCase() : null;
  const [state, selected] = await readOrFail("Landing page history", async () => {
    const database = await db();
    return Promise.all([landingEditorState(database), revisionId ? landingRevision(database, revisionId) : null]);
  });
  if (revisionId && !selected) notFound("Version");
  return {
    revisions: state.revisions.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    published: contentLines(state.published),
    /** The landing row's version this page shows, sent back by 'Restore this version' (decision 0055). */
    version: state.version,
    selected: selected
      ? { id: selected.id, authorName: selected.authorName, createdAt: selected.createdAt.toISOString(), lines: contentLines(selected.content) }
      : null,
  };
}

const restoreSchema = z.object({ intent: z.literal("restore", { message: "Unknown request." }), revisionId: recordId("Unknown version.") });
const ERROR_TITLE = LANDING_ERROR_TITLE.restore;

/**
 * 'Restore this version': publishes the revision's content again (a new revision, in the audit
 * log). Refused (409, nothing written) when the landing page was saved since this page was opened.
 */
export async function action({ request }: Route.ActionArgs) {
  const { form, user } = await readAdminForm(request, ERROR_TITLE);
  const submission = parseSubmission(form, restoreSchema, { errorTitle: ERROR_TITLE });
  if (!submission.ok) return submission.reply;
  try {
    const database = await db();
    const revision = await landingRevision(database, submission.value.revisionId);
    if (!revision) return failureReply(404, ERROR_TITLE, "This version no longer exists.");
    await publishLanding(database, revision.content, user, { id: revision.id, createdAt: revision.createdAt }, openedVersion(form));
    const when = revision.createdAt.toISOString().slice(0, 16).replace("T", " ");
    return redirectWithToast("/admin/site", "Version restored", `The landing page published by ${revision.authorName} on ${when} UTC is live again.`);
  } catch (error) {
    if (isStaleLanding(error)) return landingConflictReply("restore");
    log.error("restoring a landing page version failed", { error: errorText(error) });
    return failureReply(503, ERROR_TITLE, "The version could not be restored. Please try again.");
  }
}

export function meta() {
  return [{ title: "Landing page history · Admin" }, { name: "robots", content: "noindex" }];
}

export default function SiteHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { revisions, published, selected, version } = loaderData;
  useToastFrom(actionData?.toast);
  const conflict = versionConflictOf(actionData);
  const navigation = useNavigation();
  const restoring = navigation.state === "submitting";
  return (
    <AdminPage
      title="Landing page history"
      description="Every publish of the landing page. Compare one with the page as it is now, or publish it again."
      back={{ to: "/admin/site", label: "Back to Landing page" }}
    >
      {conflict && actionData?.toast.description ? (
        <SaveConflictNotice
          what="landing page"
          refused="Not restored"
          message={actionData.toast.description}
          conflict={conflict}
          reloadHref={selected ? `/admin/site/history?revision=${selected.id}` : "/admin/site/history"}
        />
      ) : null}
      {selected ? (
        <Panel className="mb-6 space-y-4">
          <h2 className="text-xl font-semibold">
            Version of <LocalDateTime value={selected.createdAt} /> by {selected.authorName}
          </h2>
          <LineDiff before={published} after={selected.lines} label="Content" removedLabel="the page now" addedLabel="this version" />
          <Form method="post">
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="revisionId" value={selected.id} />
            <input type="hidden" name="version" value={version} />
            <Button type="submit" disabled={restoring}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {restoring ? "Restoring..." : "Restore this version"}
            </Button>
          </Form>
        </Panel>
      ) : null}
      <Panel>
        <h2 className="mb-3 text-xl font-semibold">Published versions</h2>
        {revisions.length === 0 ? (
          <p className="text-muted">Nothing published yet: the page shows the shipped texts.</p>
        ) : (
          <ol className="divide-y divide-border">
            {revisions.map((revision, i) => (
              <li key={revision.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <span>
                  {KIND[revision.kind]} <LocalDateTime value={revision.createdAt} /> by {revision.authorName}
                  {i === 0 ? <span className="ml-2 text-sm text-muted">(live now)</span> : null}
                </span>
                <Link
                  to={`?revision=${revision.id}`}
                  className="text-sm underline underline-offset-4 hover:text-foreground"
                  aria-current={selected?.id === revision.id ? "true" : undefined}
                >
                  Compare<span className="sr-only"> the version of {new Date(revision.createdAt).toISOString().slice(0, 16).replace("T", " ")} UTC</span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </Panel>
    </AdminPage>
  );
}

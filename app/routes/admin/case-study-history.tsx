import { Form, useNavigation } from "react-router";
import { RotateCcw } from "lucide-react";
import { z } from "zod";
import type { Route } from "./+types/case-study-history";
import { requireAdmin } from "~/server/accounts/authz.server";
import { notFound, requireRecordId } from "~/server/http/errors.server";
import { parseSubmission, readForm, requireAdminWrite } from "~/server/admin/form.server";
import { readOrFail } from "~/server/site/records.server";
import { db } from "~/server/db/client.server";
import { adminGetCaseStudy } from "~/server/case-studies/case-study-queries.server";
import { listCaseStudyRevisions, restoreCaseStudyRevision } from "~/server/case-studies/case-study-history.server";
import { recordId } from "~/lib/admin-validation";
import { firstError } from "~/lib/form-result";
import { AdminPage, Panel } from "~/components/admin/admin-page";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { Button } from "~/components/ui/button";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = requireRecordId(params.id, "Case study");
  const [study, revisions] = await readOrFail("Case study history", async () => {
    const database = await db();
    return Promise.all([adminGetCaseStudy(database, id), listCaseStudyRevisions(database, id)]);
  });
  if (!study) notFound("Case study");
  return { study: { id: study.id, title: study.title }, revisions };
}

const restoreSchema = z.object({ intent: z.literal("restore", { message: "Unknown request." }), revisionId: recordId("Unknown version.") });

/** 'Restore this version' (the form pipeline: 400 bad input, 404 gone, 409 slug taken, 503 database failure). */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdminWrite(request);
  const id = requireRecordId(params.id, "Case study");
  const form = await readForm(request, "Error restoring version");
  const submission = parseSubmission(form, restoreSchema, { errorTitle: "Error restoring version", describe: firstError });
  if (!submission.ok) return submission.reply;
  return restoreCaseStudyRevision(await db(), id, submission.value.revisionId, { name: user.name || user.email, email: user.email });
}

export function meta() {
  return [{ title: "Case Study History · Admin" }, { name: "robots", content: "noindex" }];
}

export default function CaseStudyHistory({ loaderData, actionData }: Route.ComponentProps) {
  const { study, revisions } = loaderData;
  useToastFrom(actionData && "toast" in actionData ? actionData.toast : undefined);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <AdminPage
      title="History"
      description={`Every save of “${study.title}”, newest first. Restoring a version saves it again as the newest.`}
      back={{ to: `/admin/case-studies/edit/${study.id}`, label: "Back to the case study" }}
      width="narrow"
    >
      {revisions.length === 0 ? (
        <Panel className="py-12 text-center">
          <p className="font-semibold">No saved versions yet</p>
          <p className="mt-1 text-sm text-muted">The demo content has none; each save from now on keeps one.</p>
        </Panel>
      ) : (
        <ol aria-label="Saved versions" className="space-y-3">
          {revisions.map((revision, index) => (
            <li key={revision.id}>
              <Panel className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <h2 className="font-semibold break-words">
                    <time dateTime={revision.savedAt}>{revision.savedLabel}</time>
                    {index === 0 ? <span className="ml-2 text-sm font-normal text-muted">(current)</span> : null}
                  </h2>
                  <p className="mt-1 text-sm text-muted">
                    By {revision.authorName} · {revision.changed.length ? `Changed: ${revision.changed.join(", ")}` : "No change"}
                  </p>
                  <p className="mt-2 text-sm break-words">
                    <span className="font-medium">{revision.title}</span>: {revision.summary}
                  </p>
                </div>
                {index > 0 ? (
                  <Form method="post" className="shrink-0">
                    <input type="hidden" name="intent" value="restore" />
                    <input type="hidden" name="revisionId" value={revision.id} />
                    <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`Restore this version (saved ${revision.savedLabel})`}>
                      <RotateCcw aria-hidden="true" className="size-4" />
                      Restore this version
                    </Button>
                  </Form>
                ) : null}
              </Panel>
            </li>
          ))}
        </ol>
      )}
    </AdminPage>
  );
}

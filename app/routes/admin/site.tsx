import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { History } from "lucide-react";
import type { Route } from "./+types/site";
import { requireAdmin } from "~/server/accounts/authz.server";
import { failureReply, parseSubmission, readAdminForm, redirectWithToast } from "~/server/admin/form.server";
import { db } from "~/server/db/client.server";
import { errorText } from "~/server/http/errors.server";
import { log } from "~/server/core/log.server";
import { discardLandingDraft, landingEditorState, publishLanding, saveLandingDraft } from "~/server/site/landing-content.server";
import { isStaleLanding, landingConflictReply } from "~/server/site/landing-conflict.server";
import { openedVersion } from "~/server/posts/post-save.server";
import { versionConflictOf } from "~/lib/save-conflict";
import { SaveConflictNotice } from "~/components/admin/save-conflict-notice";
import { LANDING_MULTI, landingFormSchemaFor, landingFormValues } from "~/lib/landing-form";
import { uploadedImageBases } from "~/server/storage/storage.server";
import { makeToast, type FormFailure } from "~/lib/form-result";
import { AdminPage } from "~/components/admin/admin-page";
import { ErrorSummary, useFormErrors } from "~/components/admin/form-errors";
import { EditorActionBar } from "~/components/admin/editor-action-bar";
import { StatusBadge } from "~/components/admin/status-badge";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { LandingFields, SectionList } from "~/components/admin/site/landing-fields";
import { DiscardDraft } from "~/components/admin/site/discard-draft";
import { SitePreviewPane, usePreviewRefresh } from "~/components/admin/site/site-preview-pane";
import { Button } from "~/components/ui/button";

const SAVE_ERROR = "Error saving the landing page";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    const state = await landingEditorState(await db());
    return {
      values: landingFormValues(state.draft),
      unpublished: state.unpublished,
      draftUpdatedAt: state.draftUpdatedAt?.toISOString() ?? null,
      publishedAt: state.publishedAt?.toISOString() ?? null,
      version: state.version,
      error: null,
    };
  } catch (error) {
    log.error("loading the landing content failed", { error: errorText(error) });
    return {
      values: null,
      unpublished: false,
      draftUpdatedAt: null,
      publishedAt: null,
      version: 0,
      error: makeToast(SAVE_ERROR, "The landing page could not be loaded. Please try again.", "destructive"),
    };
  }
}

/** 'Save draft' keeps the fields as the draft (the public page does not change); 'Publish changes' publishes them. */
export async function action({ request }: Route.ActionArgs) {
  const { form, user } = await readAdminForm(request, SAVE_ERROR);
  if (form.get("intent") === "discard") {
    try {
      await discardLandingDraft(await db(), user);
      return redirectWithToast("/admin/site", "Draft discarded", "The fields show the published texts again.");
    } catch (error) {
      log.error("discarding the landing draft failed", { error: errorText(error) });
      return failureReply(503, SAVE_ERROR, "The draft could not be discarded. Please try again.");
    }
  }
  const publish = form.get("intent") === "publish";
  const submission = parseSubmission(form, landingFormSchemaFor(uploadedImageBases()), {
    errorTitle: publish ? "Error publishing the landing page" : SAVE_ERROR,
    multi: LANDING_MULTI,
  });
  if (!submission.ok) return submission.reply;
  // The version the form was opened on: a save over someone else's newer one is refused (decision 0055).
  const version = openedVersion(form);
  try {
    if (publish) {
      const changed = await publishLanding(await db(), submission.value, user, undefined, version);
      return redirectWithToast(
        "/admin/site",
        "Changes published",
        changed.length ? `The landing page now shows the new ${changed.join(", ")}.` : "Nothing had changed.",
      );
    }
    const changed = await saveLandingDraft(await db(), submission.value, user, version);
    return redirectWithToast(
      "/admin/site",
      "Draft saved",
      changed.length ? `Not public yet: ${changed.join(", ")}. Publish changes to show them.` : "The draft is the same as the published page.",
    );
  } catch (error) {
    if (isStaleLanding(error)) return landingConflictReply(publish ? "publish" : "draft", submission.values);
    log.error("saving the landing content failed", { error: errorText(error) });
    return failureReply(503, SAVE_ERROR, "The landing page could not be saved. Please try again.", { values: submission.values });
  }
}

export function meta() {
  return [{ title: "Landing page · Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminSite({ loaderData, actionData }: Route.ComponentProps) {
  const { values: stored, unpublished, draftUpdatedAt, version, error } = loaderData;
  const failure: FormFailure | undefined = actionData && actionData.ok === false ? actionData : undefined;
  useToastFrom(error);
  useToastFrom(failure?.toast);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, summary } = useFormErrors(failure, formRef);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/site");
  const intent = busy ? navigation.formData?.get("intent") : null;
  const preview = usePreviewRefresh(formRef);
  // After a refused save (409), the version saved since: saving again is then a deliberate overwrite.
  const conflict = versionConflictOf(actionData);
  const refusedIntent = actionData && "intent" in actionData && actionData.intent === "publish" ? "publish" : "draft";

  return (
    <AdminPage
      title="Landing page"
      description="The texts of the home page. Edits stay a draft, seen only in the preview, until you publish them."
      secondary={[{ label: "History", icon: History, to: "/admin/site/history" }]}
    >
      {stored ? (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <div className="min-w-0">
            <SectionList />
            {failure && conflict ? (
              <SaveConflictNotice
                what="landing page"
                message={failure.toast.description ?? ""}
                conflict={conflict}
                reloadHref="/admin/site"
                saveOver={
                  <Button type="submit" form="landing-form" name="intent" value={refusedIntent} variant="outline" size="sm" disabled={busy}>
                    {refusedIntent === "publish" ? "Publish mine over it" : "Save my draft over it"}
                  </Button>
                }
              />
            ) : null}
            <ErrorSummary {...summary} />
            <Form id="landing-form" method="post" ref={formRef} key={draftUpdatedAt ?? "default"} onInput={preview.schedule} aria-label="Landing page content">
              <input type="hidden" name="version" value={conflict?.version ?? version} />
              <LandingFields values={failure?.values ?? stored} errors={errors} onListChange={preview.schedule} />
              <EditorActionBar
                label="Landing page actions"
                status={
                  <>
                    <StatusBadge on={!unpublished}>{unpublished ? "Draft not published" : "Published"}</StatusBadge>
                    {unpublished ? <DiscardDraft /> : null}
                  </>
                }
                viewHref="/"
                viewLabel="View site"
                cancelTo="/admin/site"
                submit={
                  <>
                    <Button type="submit" name="intent" value="draft" variant="outline" disabled={busy}>
                      {intent === "draft" ? "Saving..." : "Save draft"}
                    </Button>
                    <Button type="submit" name="intent" value="publish" disabled={busy}>
                      {intent === "publish" ? "Publishing..." : "Publish changes"}
                    </Button>
                  </>
                }
              />
            </Form>
          </div>
          <SitePreviewPane />
        </div>
      ) : (
        <p className="text-muted">The landing page could not be loaded. Reload the page to try again.</p>
      )}
    </AdminPage>
  );
}

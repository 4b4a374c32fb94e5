import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { History } from "lucide-react";
import type { Route } from "./+types/site";
import { requireAdmin } from "~/server/accounts/authz.server";
import { failureReply, parseSubmission, readAdminForm, redirectWithToast } from "~/server/admin/form.server";
import { db } from "~/server/db/client.server";
import { errorText } from "~/server/http/errors.server";
import { log } from "~/server/core/log.server";
import { discardLandingDraft, landingEditorState, publishLanding, saveLandingDraft } from "~/server/site/landing-content.server";
import { isStaleLanding, LANDING_ERROR_TITLE, landingConflictReply } from "~/server/site/landing-conflict.server";
import { openedVersion } from "~/server/posts/post-save.server";
import { versionConflictOf } from "~/lib/save-conflict";
import { SaveConflictNotice } from "~/components/admin/save-conflict-notice";
import { LANDING_MULTI, landingFormSchemaFor, landingFormValues } from "~/lib/landing-form";
import { uploadedImageBases } from "~/server/storage/storage.server";
import { makeToast, type FormFailure, type FormValues } from "~/lib/form-result";
import { storageKey } from "~/lib/autosave";
import { AdminPage } from "~/components/admin/admin-page";
import { ErrorSummary, useFormErrors } from "~/components/admin/form-errors";
import { EditorActionBar } from "~/components/admin/editor-action-bar";
import { StatusBadge } from "~/components/admin/status-badge";
import { useToastFrom } from "~/components/admin/use-toast-from";
import { LandingFields, SectionList } from "~/components/admin/site/landing-fields";
import { DiscardDraft } from "~/components/admin/site/discard-draft";
import { SitePreviewPane, usePreviewRefresh } from "~/components/admin/site/site-preview-pane";
import { RestoreNotice } from "~/components/admin/autosave-status";
import { useAutosave } from "~/components/admin/use-autosave";
import { Button } from "~/components/ui/button";

const SAVE_ERROR = LANDING_ERROR_TITLE.draft;

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
      // Only the draft this page shows: one saved since (by someone else) is not thrown away unseen (decision 0055).
      await discardLandingDraft(await db(), user, openedVersion(form));
      return redirectWithToast("/admin/site", "Draft discarded", "The fields show the published texts again.");
    } catch (error) {
      if (isStaleLanding(error)) return landingConflictReply("discard");
      log.error("discarding the landing draft failed", { error: errorText(error) });
      return failureReply(503, LANDING_ERROR_TITLE.discard, "The draft could not be discarded. Please try again.");
    }
  }
  const publish = form.get("intent") === "publish";
  const submission = parseSubmission(form, landingFormSchemaFor(uploadedImageBases()), {
    errorTitle: publish ? LANDING_ERROR_TITLE.publish : SAVE_ERROR,
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

/** The browser copy of the typed fields (decision 0039): one landing page, one key. */
const KEPT_KEY = storageKey("landing", "landing");

/**
 * The editor, re-mounted with each new version of the landing row (a save, a publish, a discard):
 * its browser copy is then read afresh. `savedFrom` is the version this tab last sent a save or
 * a discard from: the version after it means that one went through, and its copy is dropped.
 */
export default function AdminSite(props: Route.ComponentProps) {
  const [savedFrom, setSavedFrom] = useState<number | null>(null);
  const { version } = props.loaderData;
  return <LandingEditor key={version} {...props} savedHere={savedFrom !== null && version === savedFrom + 1} onSend={setSavedFrom} />;
}

function LandingEditor({ loaderData, actionData, savedHere, onSend }: Route.ComponentProps & { savedHere: boolean; onSend: (fromVersion: number) => void }) {
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
  const refusedIntent = actionData && "intent" in actionData && typeof actionData.intent === "string" ? actionData.intent : "draft";
  const sentVersion = conflict && refusedIntent !== "discard" ? conflict.version : version;
  // What was typed is kept in this browser until saved, and offered back when the editor opens again (decision 0039).
  const [restored, setRestored] = useState<{ key: number; values: FormValues } | null>(null);
  const kept = useAutosave({ formRef, formKey: restored?.key ?? 0, copyKey: KEPT_KEY, server: null, guardLeaving: false, lists: LANDING_MULTI, savedHere });
  const typedBack = failure?.values && Object.keys(failure.values).length > 0 ? failure.values : undefined;

  return (
    <AdminPage
      title="Landing page"
      description="The texts of the home page. Edits stay a draft, seen only in the preview, until you publish them."
      secondary={[{ label: "History", icon: History, to: "/admin/site/history" }]}
    >
      {stored ? (
        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <div className="min-w-0">
            {kept.offer ? (
              <RestoreNotice
                form="landing"
                offer={kept.offer}
                onRestore={() => {
                  const typed = kept.restore();
                  if (typed) setRestored((r) => ({ key: (r?.key ?? 0) + 1, values: typed }));
                }}
                onDiscard={kept.discard}
              />
            ) : null}
            <SectionList />
            {failure && conflict ? (
              <SaveConflictNotice
                what="landing page"
                refused={refusedIntent === "discard" ? "Not discarded" : "Not saved"}
                message={failure.toast.description ?? ""}
                conflict={conflict}
                reloadHref="/admin/site"
                saveOver={
                  refusedIntent === "discard" ? null : (
                    <Button type="submit" form="landing-form" name="intent" value={refusedIntent} variant="outline" size="sm" disabled={busy}>
                      {refusedIntent === "publish" ? "Publish mine over it" : "Save my draft over it"}
                    </Button>
                  )
                }
              />
            ) : null}
            <ErrorSummary {...summary} />
            <Form
              id="landing-form"
              method="post"
              ref={formRef}
              key={`${draftUpdatedAt ?? "default"}:${restored?.key ?? 0}`}
              onInput={preview.schedule}
              onSubmit={() => onSend(sentVersion)}
              aria-label="Landing page content"
            >
              <input type="hidden" name="version" value={sentVersion} />
              <LandingFields values={restored?.values ?? typedBack ?? stored} errors={errors} onListChange={preview.schedule} />
              <EditorActionBar
                label="Landing page actions"
                status={
                  <>
                    <StatusBadge on={!unpublished}>{unpublished ? "Draft not published" : "Published"}</StatusBadge>
                    {unpublished ? <DiscardDraft version={version} onDiscard={() => onSend(version)} /> : null}
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

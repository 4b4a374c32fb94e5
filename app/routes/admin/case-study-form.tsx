import { Form } from "react-router";
import { History } from "lucide-react";
import type { Route } from "./+types/case-study-form";
import { parseForm, readForm, requireAdminWrite } from "~/server/admin/form.server";
import { loadRecordForForm } from "~/server/site/records.server";
import { requireRecordId } from "~/server/http/errors.server";
import { db } from "~/server/db/client.server";
import { adminGetCaseStudy } from "~/server/case-studies/case-study-queries.server";
import { saveCaseStudy } from "~/server/case-studies/case-study-save.server";
import { caseStudyPreviewLinkAction, caseStudyPreviewUrl } from "~/server/case-studies/case-study-preview.server";
import { openedVersion } from "~/server/posts/post-save.server";
import { LIMITS } from "~/lib/admin-validation";
import { CASE_STUDY_LIMITS } from "~/lib/case-study";
import { postStatus } from "~/lib/post-status";
import { z } from "zod";
import { AdminPage, LinkButton, Panel } from "~/components/admin/admin-page";
import { CoverDropzone } from "~/components/admin/cover-dropzone";
import { SlugField } from "~/components/admin/slug-field";
import { PublicationDateField } from "~/components/admin/publication-date-field";
import { PreviewLinkPanel } from "~/components/admin/preview-link-panel";
import { RestoreNotice } from "~/components/admin/autosave-status";
import { ErrorSummary } from "~/components/admin/form-errors";
import { EditorActionBar } from "~/components/admin/editor-action-bar";
import { PostStatusBadge } from "~/components/admin/post-status-badge";
import { StatusBadge } from "~/components/admin/status-badge";
import { useRecordForm } from "~/components/admin/use-record-form";
import { SaveConflictNotice } from "~/components/admin/save-conflict-notice";
import { versionConflictOf } from "~/lib/save-conflict";
import { CaseStudyAboutFields, CaseStudyFigureFields, CaseStudyQuoteFields } from "~/components/admin/case-study-fields";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";

const LIST = "/admin/case-studies";

export async function loader({ request, params }: Route.LoaderArgs) {
  const study = await loadRecordForForm(request, params, { what: "Case study", get: adminGetCaseStudy });
  return {
    study,
    status: study ? postStatus(study) : null,
    previewLink: study?.previewToken ? caseStudyPreviewUrl(study.slug, study.previewToken) : null,
  };
}

const intentSchema = z.object({ intent: z.enum(["save", "create-preview-link", "revoke-preview-link"]).catch("save") });

/** 'Create'/'Update' (the form pipeline, decision 0044), and the preview link's two buttons. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireAdminWrite(request);
  const id = "id" in params ? requireRecordId(params.id, "Case study") : null;
  const form = await readForm(request, "Error saving case study");
  const parsed = parseForm(form, intentSchema);
  const intent = parsed.ok ? parsed.value.intent : "save";
  // The preview link's buttons send the version the page shows, like a save (decision 0055).
  if (intent !== "save") return caseStudyPreviewLinkAction(await db(), id, intent, openedVersion(form));
  return saveCaseStudy(await db(), id, form, { name: user.name || user.email, email: user.email });
}

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `${"id" in params ? "Edit Case Study" : "New Case Study"} · Admin` }, { name: "robots", content: "noindex" }];
}

/** The sticky action bar's submit button sits outside the form and names it. */
const FORM_ID = "case-study-form";

export default function CaseStudyForm({ loaderData, actionData }: Route.ComponentProps) {
  const { study, status, previewLink } = loaderData;
  const result = actionData && "ok" in actionData ? actionData : undefined;
  const form = useRecordForm(result, { form: "case-study", id: study?.id ?? null });
  const { errors, text, checked, saving, formRef, summary, formKey, kept } = form;
  const failure = result?.ok === false ? result : undefined;
  const typed = (key: string) => {
    const value = failure?.values?.[key];
    return typeof value === "string" ? value : undefined;
  };
  const record = study as Record<string, unknown> | null;
  // After a refused save (409), the version saved since: saving again is then a deliberate overwrite.
  const conflict = versionConflictOf(actionData);

  return (
    <AdminPage title={study ? "Edit Case Study" : "New Case Study"} back={{ to: LIST, label: "Back to Case Studies" }}>
      {kept.offer ? <RestoreNotice form={kept.form} offer={kept.offer} onRestore={kept.restore} onDiscard={kept.discard} /> : null}
      {study && failure && conflict ? (
        <SaveConflictNotice
          what="case study"
          message={failure.toast.description ?? ""}
          conflict={conflict}
          reloadHref={`${LIST}/edit/${study.id}`}
          saveOver={
            <Button type="submit" form={FORM_ID} variant="outline" size="sm" disabled={saving}>
              Save mine over it
            </Button>
          }
        />
      ) : null}
      <ErrorSummary {...summary} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr]">
        <Form id={FORM_ID} method="post" className="contents" ref={formRef} key={formKey}>
          <input type="hidden" name="intent" value="save" />
          {study ? <input type="hidden" name="version" value={conflict?.version ?? study.version} /> : null}
          <Panel className="space-y-5 lg:col-start-1 lg:row-start-1 lg:self-start">
            <TextField name="title" label="Title" required maxLength={LIMITS.title} defaultValue={text("title", study?.title)} error={errors.title} />
            <TextAreaField
              name="summary"
              label="Summary"
              rows={2}
              required
              maxLength={CASE_STUDY_LIMITS.summary}
              defaultValue={text("summary", study?.summary)}
              error={errors.summary}
              hint="One or two sentences for the list, feeds and search results."
            />
            <TextAreaField
              name="problem"
              label="The problem"
              rows={6}
              required
              maxLength={CASE_STUDY_LIMITS.body}
              defaultValue={text("problem", study?.problem)}
              error={errors.problem}
              hint="Markdown."
            />
            <TextAreaField
              name="solution"
              label="What we built"
              rows={8}
              required
              maxLength={CASE_STUDY_LIMITS.body}
              defaultValue={text("solution", study?.solution)}
              error={errors.solution}
              hint="Markdown."
            />
            <CaseStudyFigureFields text={text} errors={errors} record={record} />
            <CaseStudyQuoteFields text={text} errors={errors} record={record} />
          </Panel>
          <Panel className="min-w-0 space-y-5 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
            <div className="space-y-5 border-b border-border pb-5">
              <div className="flex flex-wrap gap-6">
                <Switch name="published" label="Published" defaultChecked={checked("published", study?.published ?? false)} />
                <Switch name="featured" label="Featured" defaultChecked={checked("featured", study?.featured ?? false)} />
              </div>
              <PublicationDateField
                stored={study?.publishedAt ? new Date(study.publishedAt).toISOString() : null}
                typed={typed("publishedAt")}
                typedZone={typed("timeZone")}
                error={errors.publishedAt ?? errors.timeZone}
                what="case study"
              />
            </div>
            <SlugField
              defaultValue={text("slug", study?.slug)}
              error={errors.slug}
              suggestion={failure && "suggestion" in failure ? String(failure.suggestion) : undefined}
            />
            <CaseStudyAboutFields text={text} errors={errors} record={record} />
            <CoverDropzone
              defaultUrl={text("imageUrl", study?.imageUrl)}
              defaultAlt={text("coverAlt", study?.coverAlt)}
              error={errors.imageUrl}
              altError={errors.coverAlt}
            />
          </Panel>
        </Form>
        {study ? (
          <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-2 lg:self-start">
            {status !== "published" || previewLink ? (
              <PreviewLinkPanel
                what="case study"
                version={study.version}
                reloadHref={`${LIST}/edit/${study.id}`}
                initialLink={previewLink}
                actionLink={actionData && "previewLink" in actionData ? actionData.previewLink : undefined}
              />
            ) : null}
            <LinkButton to={`${LIST}/edit/${study.id}/history`}>
              <History aria-hidden="true" className="size-4" />
              History
            </LinkButton>
          </div>
        ) : null}
      </div>
      <EditorActionBar
        label="Case study actions"
        status={study ? <PostStatusBadge published={study.published} publishedAt={study.publishedAt} /> : <StatusBadge on={false}>Draft</StatusBadge>}
        viewHref={study && status === "published" ? `/case-studies/${study.slug}` : null}
        viewLabel="View case study"
        cancelTo={LIST}
        submit={
          <Button type="submit" form={FORM_ID} disabled={saving}>
            {saving ? "Saving..." : study ? "Update Case Study" : "Create Case Study"}
          </Button>
        }
      />
    </AdminPage>
  );
}

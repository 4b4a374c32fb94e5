import type { ReactNode } from "react";
import { Form } from "react-router";
import { AdminPage, Panel } from "./admin-page";
import { ImageDropzone, type ImageDropzoneProps } from "./image-dropzone";
import { ErrorSummary } from "./form-errors";
import { EditorActionBar } from "./editor-action-bar";
import { StatusBadge } from "./status-badge";
import { RestoreNotice } from "./autosave-status";
import type { useRecordForm } from "./use-record-form";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";

type RecordForm = ReturnType<typeof useRecordForm>;

/**
 * The create/edit screen of a record shown in display order (team member, testimonial), on the
 * post editor's parts: the error summary at the top, the record's own fields (`children`), then
 * the shared tail ('Display Order', the picture's drop zone, the 'Active' switch), and the sticky
 * action bar with the stored state, a link to where the site shows the record, 'Cancel' and
 * 'Create'/'Update'.
 */
export function OrderedRecordForm({
  title,
  listPath,
  backLabel,
  editing,
  form: { saving, errors, text, checked, formRef, summary, formKey, kept },
  stored,
  image,
  actionsLabel,
  view,
  children,
}: {
  title: string;
  listPath: string;
  backLabel: string;
  /** An existing record (its buttons say 'Update'). */
  editing: boolean;
  form: RecordForm;
  /** The stored values of the shared fields (none on the "new" screen). */
  stored: { displayOrder: number; active: boolean; imageUrl: string | null } | null;
  image: Omit<ImageDropzoneProps, "defaultUrl" | "error" | "shape" | "kind">;
  /** The action bar's name, e.g. 'Team member actions'. */
  actionsLabel: string;
  /** Where the public site shows an active record, offered in the action bar. */
  view: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <AdminPage title={title} width="narrow" back={{ to: listPath, label: backLabel }}>
      {kept.offer ? <RestoreNotice form={kept.form} offer={kept.offer} onRestore={kept.restore} onDiscard={kept.discard} /> : null}
      <ErrorSummary {...summary} />
      <Form method="post" ref={formRef} key={formKey}>
        <Panel className="space-y-5">
          {children}
          <TextField
            name="displayOrder"
            label="Display Order"
            type="number"
            step={1}
            required
            inputMode="numeric"
            defaultValue={text("displayOrder", stored?.displayOrder ?? 0)}
            error={errors.displayOrder}
            className="max-w-40"
          />
          <ImageDropzone {...image} shape="round" kind={image.name} defaultUrl={text(image.name, stored?.imageUrl)} error={errors[image.name]} />
          <Switch name="active" label="Active" defaultChecked={checked("active", stored?.active ?? true)} />
        </Panel>
        <EditorActionBar
          label={actionsLabel}
          status={stored ? <StatusBadge on={stored.active}>{stored.active ? "Active" : "Inactive"}</StatusBadge> : null}
          viewHref={stored?.active ? view.href : null}
          viewLabel={view.label}
          cancelTo={listPath}
          submit={
            <Button type="submit" disabled={saving}>
              {saving ? "Saving..." : editing ? "Update" : "Create"}
            </Button>
          }
        />
      </Form>
    </AdminPage>
  );
}

import type { ComponentProps, ReactNode } from "react";
import { Form } from "react-router";
import { AdminPage, LinkButton, Panel } from "./admin-page";
import { ImageUpload } from "./image-upload";
import { ErrorSummary } from "./form-errors";
import { RestoreNotice } from "./autosave-status";
import type { useRecordForm } from "./use-record-form";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";

type RecordForm = ReturnType<typeof useRecordForm>;

/**
 * The create/edit screen of a record shown in display order (team member, testimonial): the
 * record's own fields (`children`), then the shared tail: 'Display Order', the picture upload,
 * the 'Active' switch, and 'Create'/'Update' with 'Cancel'.
 */
export function OrderedRecordForm({
  title,
  listPath,
  backLabel,
  editing,
  form: { saving, errors, text, checked, formRef, summary, formKey, kept },
  stored,
  image,
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
  image: Omit<ComponentProps<typeof ImageUpload>, "defaultUrl" | "errorTitle">;
  children: ReactNode;
}) {
  const imageError = errors[image.name];
  return (
    <AdminPage title={title} width="narrow" back={{ to: listPath, label: backLabel }}>
      {kept.offer ? <RestoreNotice form={kept.form} offer={kept.offer} onRestore={kept.restore} onDiscard={kept.discard} /> : null}
      <ErrorSummary {...summary} />
      <Form method="post" className="space-y-6" ref={formRef} key={formKey}>
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
          <ImageUpload {...image} defaultUrl={text(image.name, stored?.imageUrl)} errorTitle="Error uploading image" error={imageError} />
          <Switch name="active" label="Active" defaultChecked={checked("active", stored?.active ?? true)} />
        </Panel>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : editing ? "Update" : "Create"}
          </Button>
          <LinkButton to={listPath} variant="ghost" className="h-11">
            Cancel
          </LinkButton>
        </div>
      </Form>
    </AdminPage>
  );
}

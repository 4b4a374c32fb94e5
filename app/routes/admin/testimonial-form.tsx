import { Form } from "react-router";
import { ArrowLeft } from "lucide-react";
import type { Route } from "./+types/testimonial-form";
import { loadRecordForForm, saveRecordFromForm } from "~/server/records.server";
import { getTestimonial } from "~/server/queries/testimonials.server";
import { testimonialForm } from "~/server/admin-records.server";
import { LIMITS } from "~/lib/admin-validation";
import { AdminPage, LinkButton, Panel } from "~/components/admin/admin-page";
import { ImageUpload } from "~/components/admin/image-upload";
import { useRecordForm } from "~/components/admin/use-record-form";
import { Button } from "~/components/ui/button";
import { TextAreaField, TextField } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";

export async function loader({ request, params }: Route.LoaderArgs) {
  const testimonial = await loadRecordForForm(request, params, { what: "Testimonial", get: getTestimonial });
  return { testimonial };
}

export async function action({ request, params }: Route.ActionArgs) {
  return saveRecordFromForm(request, params, testimonialForm);
}

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `${"id" in params ? "Edit Testimonial" : "New Testimonial"} · Admin` }, { name: "robots", content: "noindex" }];
}

export default function TestimonialForm({ loaderData, actionData }: Route.ComponentProps) {
  const { testimonial } = loaderData;
  const { saving, errors, text, checked } = useRecordForm(actionData);

  return (
    <AdminPage
      title={testimonial ? "Edit Testimonial" : "New Testimonial"}
      width="narrow"
      actions={
        <LinkButton to="/admin/testimonials">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Testimonials
        </LinkButton>
      }
    >
      <Form method="post" className="space-y-6">
        <Panel className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="name" label="Name" required maxLength={LIMITS.name} defaultValue={text("name", testimonial?.name)} error={errors.name} />
            <TextField
              name="company"
              label="Company"
              required
              maxLength={LIMITS.company}
              defaultValue={text("company", testimonial?.company)}
              error={errors.company}
            />
          </div>
          <TextAreaField
            name="quote"
            label="Quote"
            rows={4}
            required
            maxLength={LIMITS.quote}
            defaultValue={text("quote", testimonial?.quote)}
            error={errors.quote}
          />
          <TextField
            name="displayOrder"
            label="Display Order"
            type="number"
            step={1}
            required
            inputMode="numeric"
            defaultValue={text("displayOrder", testimonial?.displayOrder ?? 0)}
            error={errors.displayOrder}
            className="max-w-40"
          />
          <ImageUpload
            name="avatarUrl"
            label="Avatar (Optional)"
            folder="testimonials"
            defaultUrl={text("avatarUrl", testimonial?.avatarUrl)}
            successDescription="Avatar uploaded successfully."
            errorTitle="Error uploading image"
            round
            previewAlt="Avatar preview"
          />
          {errors.avatarUrl ? <p className="text-sm text-red-300">{errors.avatarUrl}</p> : null}
          <Switch name="active" label="Active" defaultChecked={checked("active", testimonial?.active ?? true)} />
        </Panel>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : testimonial ? "Update" : "Create"}
          </Button>
          <LinkButton to="/admin/testimonials" variant="ghost" className="h-11">
            Cancel
          </LinkButton>
        </div>
      </Form>
    </AdminPage>
  );
}

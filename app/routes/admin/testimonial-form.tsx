import type { Route } from "./+types/testimonial-form";
import { loadRecordForForm, saveRecordFromForm } from "~/server/site/records.server";
import { getTestimonial } from "~/server/site/testimonial-queries.server";
import { testimonialForm } from "~/server/site/admin-records.server";
import { LIMITS } from "~/lib/admin-validation";
import { OrderedRecordForm } from "~/components/admin/ordered-record-form";
import { useRecordForm } from "~/components/admin/use-record-form";
import { TextAreaField, TextField } from "~/components/ui/field";

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
  const form = useRecordForm(actionData, { form: "testimonial", id: testimonial?.id ?? null });
  const { errors, text } = form;

  return (
    <OrderedRecordForm
      title={testimonial ? "Edit Testimonial" : "New Testimonial"}
      listPath="/admin/testimonials"
      backLabel="Back to Testimonials"
      editing={Boolean(testimonial)}
      form={form}
      stored={testimonial ? { ...testimonial, imageUrl: testimonial.avatarUrl } : null}
      image={{
        name: "avatarUrl",
        label: "Avatar (Optional)",
        folder: "testimonials",
        errorTitle: "Error uploading image",
        uploaded: "Avatar uploaded successfully.",
        previewAlt: "Avatar preview",
        dropToReplace: "Drop to replace the avatar",
      }}
      actionsLabel="Testimonial actions"
      view={{ href: "/", label: "View home page" }}
    >
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
        <TextField
          name="role"
          label="Role"
          maxLength={LIMITS.role}
          defaultValue={text("role", testimonial?.role)}
          error={errors.role}
          hint="Optional: their job title, shown before the company."
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
    </OrderedRecordForm>
  );
}

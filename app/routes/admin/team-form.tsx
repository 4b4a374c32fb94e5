import { Form } from "react-router";
import { ArrowLeft } from "lucide-react";
import type { Route } from "./+types/team-form";
import { loadRecordForForm, saveRecordFromForm } from "~/server/records.server";
import { getTeamMember } from "~/server/queries/team.server";
import { teamMemberForm } from "~/server/admin-records.server";
import { LIMITS } from "~/lib/admin-validation";
import { AdminPage, LinkButton, Panel } from "~/components/admin/admin-page";
import { ImageUpload } from "~/components/admin/image-upload";
import { useRecordForm } from "~/components/admin/use-record-form";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";

export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await loadRecordForForm(request, params, { what: "Team member", get: getTeamMember });
  return { member };
}

export async function action({ request, params }: Route.ActionArgs) {
  return saveRecordFromForm(request, params, teamMemberForm);
}

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `${"id" in params ? "Edit Team Member" : "New Team Member"} · Admin` }, { name: "robots", content: "noindex" }];
}

export default function TeamForm({ loaderData, actionData }: Route.ComponentProps) {
  const { member } = loaderData;
  const { saving, errors, text, checked } = useRecordForm(actionData);

  return (
    <AdminPage
      title={member ? "Edit Team Member" : "New Team Member"}
      width="narrow"
      actions={
        <LinkButton to="/admin/team">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Team
        </LinkButton>
      }
    >
      <Form method="post" className="space-y-6">
        <Panel className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField name="name" label="Name" required maxLength={LIMITS.name} defaultValue={text("name", member?.name)} error={errors.name} />
            <TextField
              name="position"
              label="Position"
              required
              maxLength={LIMITS.position}
              defaultValue={text("position", member?.position)}
              error={errors.position}
            />
          </div>
          <TextField
            name="linkedinUrl"
            label="LinkedIn URL"
            type="url"
            maxLength={LIMITS.url}
            placeholder="https://linkedin.com/in/username"
            defaultValue={text("linkedinUrl", member?.linkedinUrl)}
            error={errors.linkedinUrl}
          />
          <TextField
            name="displayOrder"
            label="Display Order"
            type="number"
            step={1}
            required
            inputMode="numeric"
            defaultValue={text("displayOrder", member?.displayOrder ?? 0)}
            error={errors.displayOrder}
            className="max-w-40"
          />
          <ImageUpload
            name="photoUrl"
            label="Photo"
            folder="team"
            defaultUrl={text("photoUrl", member?.photoUrl)}
            successDescription="Photo uploaded successfully."
            errorTitle="Error uploading image"
            round
            previewAlt="Photo preview"
          />
          {errors.photoUrl ? <p className="text-sm text-red-300">{errors.photoUrl}</p> : null}
          <Switch name="active" label="Active" defaultChecked={checked("active", member?.active ?? true)} />
        </Panel>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : member ? "Update" : "Create"}
          </Button>
          <LinkButton to="/admin/team" variant="ghost" className="h-11">
            Cancel
          </LinkButton>
        </div>
      </Form>
    </AdminPage>
  );
}

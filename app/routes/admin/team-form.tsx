import type { Route } from "./+types/team-form";
import { loadRecordForForm, saveRecordFromForm } from "~/server/site/records.server";
import { getTeamMember } from "~/server/site/team-queries.server";
import { teamMemberForm } from "~/server/site/admin-records.server";
import { LIMITS } from "~/lib/admin-validation";
import { OrderedRecordForm } from "~/components/admin/ordered-record-form";
import { useRecordForm } from "~/components/admin/use-record-form";
import { TextAreaField, TextField } from "~/components/ui/field";

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
  const form = useRecordForm(actionData, { form: "team-member", id: member?.id ?? null });
  const { errors, text } = form;

  return (
    <OrderedRecordForm
      title={member ? "Edit Team Member" : "New Team Member"}
      listPath="/admin/team"
      backLabel="Back to Team"
      editing={Boolean(member)}
      form={form}
      stored={member ? { ...member, imageUrl: member.photoUrl } : null}
      image={{
        name: "photoUrl",
        label: "Photo",
        folder: "team",
        errorTitle: "Error uploading image",
        uploaded: "Photo uploaded successfully.",
        previewAlt: "Photo preview",
        dropToReplace: "Drop to replace the photo",
      }}
      actionsLabel="Team member actions"
      view={{ href: "/team", label: "View team page" }}
    >
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
      <TextAreaField
        name="bio"
        label="Bio"
        rows={4}
        maxLength={LIMITS.bio}
        defaultValue={text("bio", member?.bio)}
        error={errors.bio}
        hint={`A few sentences shown under the position on the team page (up to ${LIMITS.bio} characters).`}
      />
      <TextField
        name="linkedinUrl"
        label="LinkedIn URL"
        type="url"
        maxLength={LIMITS.url}
        placeholder="https://linkedin.com/in/username"
        defaultValue={text("linkedinUrl", member?.linkedinUrl)}
        error={errors.linkedinUrl}
      />
    </OrderedRecordForm>
  );
}

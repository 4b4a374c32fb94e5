import type { Route } from "./+types/tags";
import { requireAdmin } from "~/server/accounts/authz.server";
import { readAdminForm } from "~/server/admin/form.server";
import { db } from "~/server/db/client.server";
import { readOrFail } from "~/server/site/records.server";
import { listTagUsage } from "~/server/posts/tag-admin-queries.server";
import { tagsAction } from "~/server/posts/tag-admin.server";
import { AdminPage, Panel } from "~/components/admin/admin-page";
import { TagTable } from "~/components/admin/tags/tag-table";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const tags = await readOrFail("Tags", async () => listTagUsage(await db()));
  return { tags };
}

/** 'Rename', 'Merge' and 'Delete' post here from their dialogs (app/server/posts/tag-admin.server.ts). */
export async function action({ request }: Route.ActionArgs) {
  const { form } = await readAdminForm(request, "Error saving tag");
  return tagsAction(await db(), form);
}

export function meta() {
  return [{ title: "Tags · Admin" }, { name: "robots", content: "noindex" }];
}

const HEADING_ID = "all-tags";

export default function AdminTags({ loaderData }: Route.ComponentProps) {
  const { tags } = loaderData;
  const used = tags.filter((t) => t.posts > 0).length;
  return (
    <AdminPage
      title="Tags"
      description="Every tag with the posts that use it: rename one, merge two that mean the same, or delete one nobody needs."
      back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}
    >
      <h2 id={HEADING_ID} tabIndex={-1} className="mb-3 text-xl font-semibold focus:outline-none">
        All tags
        {tags.length > 0 ? (
          <span className="ml-2 text-sm font-normal text-muted">
            {tags.length} {tags.length === 1 ? "tag" : "tags"}, {used} in use
          </span>
        ) : null}
      </h2>
      {tags.length > 0 ? (
        <TagTable tags={tags} headingId={HEADING_ID} />
      ) : (
        <Panel className="py-12 text-center">
          <p className="font-semibold">No tags yet</p>
          <p className="mt-1 text-sm text-muted">Tags are added from a post&apos;s form, under Tags.</p>
        </Panel>
      )}
      {tags.length > 0 ? <p className="mt-4 text-xs text-muted">The counts include posts in the trash: a deleted tag goes from those too.</p> : null}
    </AdminPage>
  );
}

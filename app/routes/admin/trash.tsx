import { useRef, useState } from "react";
import { Form, useSubmit } from "react-router";
import type { Route } from "./+types/trash";
import { requireAdmin } from "~/server/accounts/authz.server";
import { readAdminForm } from "~/server/admin/form.server";
import { listOrFail } from "~/server/site/records.server";
import { db } from "~/server/db/client.server";
import { listTrash, type TrashItem } from "~/server/trash/trash-queries.server";
import { trashEntry } from "~/server/trash/trash.server";
import { formatDate } from "~/lib/dates";
import { purgeDate, TRASH_DAYS, TRASH_KINDS, TRASH_NAMES } from "~/lib/trash";
import { Panel } from "~/components/admin/admin-page";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { RecordListPage } from "~/components/admin/record-list-page";
import { buttonClass } from "~/components/ui/button";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return listOrFail("Error loading trash", "The trash could not be loaded. Please try again.", async () => listTrash(await db()));
}

export async function action({ request }: Route.ActionArgs) {
  const { form } = await readAdminForm(request, "Error updating trash");
  return trashEntry(await db(), form);
}

export function meta() {
  return [{ title: "Trash · Admin" }, { name: "robots", content: "noindex" }];
}

export default function AdminTrash({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RecordListPage
      title="Trash"
      description={`Deleted posts, case studies, team members and testimonials stay here for ${TRASH_DAYS} days, then they are removed for good with their images.`}
      back="back-to-dashboard"
      list={loaderData}
      actionToast={actionData?.toast}
      empty={{ text: "The trash is empty" }}
    >
      <div className="space-y-10">
        {TRASH_KINDS.map((kind) => {
          const items = loaderData.items.filter((item) => item.kind === kind);
          const { group, many } = TRASH_NAMES[kind];
          return (
            <section key={kind} aria-labelledby={`trash-${kind}`}>
              <h2 id={`trash-${kind}`} className="mb-3 text-xl font-semibold">
                {group}
              </h2>
              {items.length === 0 ? (
                <p className="text-sm text-muted">No {many} in the trash.</p>
              ) : (
                <ul className="space-y-3" aria-label={`${group} in the trash`}>
                  {items.map((item) => (
                    <li key={item.id}>
                      <TrashRow item={item} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </RecordListPage>
  );
}

function TrashRow({ item }: { item: TrashItem }) {
  const deleteForm = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  const submit = useSubmit();
  const { one } = TRASH_NAMES[item.kind];
  const deletedAt = new Date(item.deletedAt);
  return (
    <Panel className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h3 className="font-semibold break-words">{item.name}</h3>
        <p className="mt-1 text-sm text-muted">
          Deleted {formatDate(deletedAt)} · removed for good after {formatDate(purgeDate(deletedAt))}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <Form method="post" className="contents">
          <input type="hidden" name="intent" value="restore" />
          <input type="hidden" name="kind" value={item.kind} />
          <input type="hidden" name="id" value={item.id} />
          <button type="submit" aria-label={`Restore ${item.name}`} className={buttonClass({ variant: "outline", size: "sm" })}>
            Restore
          </button>
        </Form>
        <Form
          ref={deleteForm}
          method="post"
          className="contents"
          onSubmit={(event) => {
            event.preventDefault();
            setAsking(true);
          }}
        >
          <input type="hidden" name="intent" value="delete-forever" />
          <input type="hidden" name="kind" value={item.kind} />
          <input type="hidden" name="id" value={item.id} />
          <button
            type="submit"
            aria-label={`Delete forever: ${item.name}`}
            className={buttonClass({ variant: "ghost", size: "sm", className: "text-red-300 hover:bg-red-500/15" })}
          >
            Delete forever
          </button>
        </Form>
      </div>
      {asking ? (
        <ConfirmDialog
          question={`Are you sure you want to delete this ${one} forever?`}
          detail={
            <>
              <strong className="font-semibold text-foreground">{item.name}</strong> and its uploaded images will be removed for good. This cannot be undone.
            </>
          }
          confirmLabel="Delete forever"
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            if (deleteForm.current) void submit(deleteForm.current);
          }}
        />
      ) : null}
    </Panel>
  );
}

import type { z } from "zod";
import { changedFields, recordAudit } from "~/server/admin/audit.server";
import { requireAdmin } from "~/server/accounts/authz.server";
import { invalidatePublicCache } from "~/server/cache/data-cache.server";
import { db, type Queryable } from "~/server/db/client.server";
import { errorText, notFound, requireRecordId } from "~/server/http/errors.server";
import { failureReply, parseSubmission, readForm, redirectWithToast, requireAdminWrite } from "~/server/admin/form.server";
import { log } from "~/server/core/log.server";
import { throwError } from "~/lib/error-payload";
import { makeToast, type ListRead } from "~/lib/form-result";

/** Loading and saving the simple admin records (team members, testimonials); deleting moves to the trash (trash.server.ts). */

/**
 * Reads what an admin screen needs; a database failure becomes a 503 whose error boundary shows
 * the screen's 'Error loading …' toast (instead of a bare error page).
 */
export async function readOrFail<T>(what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    log.error(`loading ${what.toLowerCase()} failed`, { error: errorText(error) });
    throwError(
      503,
      { message: `The ${what.toLowerCase()} could not be loaded. Please try again.`, toastTitle: `Error loading ${what.toLowerCase()}` },
      { statusText: "Service Unavailable" },
    );
  }
}

/**
 * Reads a list screen's records. A database failure gives no records and the screen's destructive
 * toast (e.g. 'Error fetching posts'); the screen then says the list could not be loaded and
 * offers a retry, instead of claiming the list is empty.
 */
export async function listOrFail<T>(toastTitle: string, description: string, read: () => Promise<T[]>): Promise<ListRead<T>> {
  try {
    return { items: await read(), error: null };
  } catch (error) {
    log.error(`${toastTitle.toLowerCase()} failed`, { error: errorText(error) });
    return { items: [], error: makeToast(toastTitle, description, "destructive") };
  }
}

/** The record an admin edit form shows (null on the "new" route); 404 for an unknown id. */
export async function loadRecordForForm<T>(
  request: Request,
  params: { id?: string },
  { what, get }: { what: string; get: (database: Queryable, id: string) => Promise<T | null> },
): Promise<T | null> {
  await requireAdmin(request);
  const id = "id" in params ? requireRecordId(params.id, what) : null;
  const record = id ? await readOrFail(what, () => db().then((database) => get(database, id))) : null;
  if (id && !record) notFound(what);
  return record;
}

export type SaveOptions<S extends z.ZodType> = {
  /** The record's name in not-found messages, e.g. "Team member". */
  what: string;
  /** Reads the stored record, for the audit log's before/after of an edit. */
  get: (database: Queryable, id: string) => Promise<object | null>;
  /** Its audit-log target type ("team-member", "testimonial"); entries are `<kind>.create` / `<kind>.update`. */
  auditKind: "team-member" | "testimonial";
  /** The screen's save-error toast title. */
  errorTitle: string;
  schema: S;
  create: (database: Queryable, input: z.output<S>) => Promise<unknown>;
  /** Resolves falsy when the record no longer exists. */
  update: (database: Queryable, id: string, input: z.output<S>) => Promise<unknown>;
  listPath: string;
  createdToast: readonly [title: string, description: string];
  updatedToast: readonly [title: string, description: string];
};

/** The action of a simple admin create/edit form: checks origin and role, then `saveRecord`. */
export async function saveRecordFromForm<S extends z.ZodType>(request: Request, params: { id?: string }, options: SaveOptions<S>) {
  await requireAdminWrite(request);
  const id = "id" in params ? requireRecordId(params.id, options.what) : null;
  const form = await readForm(request, options.errorTitle);
  return saveRecord(await db(), id, form, options);
}

/**
 * Validates the form with `schema` (400 with field errors), saves, clears the public cache and
 * redirects to the list with a success toast. A failed write answers 503 with the screen's error
 * toast and every typed value, so the form stays open and nothing is lost.
 */
export async function saveRecord<S extends z.ZodType>(database: Queryable, id: string | null, form: FormData, options: SaveOptions<S>) {
  const { what, errorTitle, schema, create, update, get, listPath, createdToast, updatedToast, auditKind } = options;
  const submission = parseSubmission(form, schema, { errorTitle });
  if (!submission.ok) return submission.reply;
  let found = true;
  let createdId: string | null = null;
  let before: Record<string, unknown> | null = null;
  try {
    if (id) before = (await get(database, id).catch(() => null)) as Record<string, unknown> | null;
    if (id) found = Boolean(await update(database, id, submission.value));
    else createdId = idOf(await create(database, submission.value));
  } catch (error) {
    log.error(`saving ${what.toLowerCase()} failed`, { error: errorText(error) });
    return failureReply(503, errorTitle, `The ${what.toLowerCase()} could not be saved. Please try again.`, { values: submission.values });
  }
  if (!found) notFound(what);
  const label = labelOf(submission.value);
  await recordAudit(database, {
    action: id ? `${auditKind}.update` : `${auditKind}.create`,
    target: { type: auditKind, id: id ?? createdId, label },
    summary: `${id ? "Saved" : "Created"} ${what.toLowerCase()} "${label}"`,
    ...(changedFields(before, submission.value as Record<string, unknown>, Object.keys(submission.value as object)) ?? {}),
  });
  invalidatePublicCache();
  return redirectWithToast(listPath, ...(id ? updatedToast : createdToast));
}

function idOf(created: unknown): string | null {
  if (created && typeof created === "object" && "id" in created && typeof created.id === "string") return created.id;
  return typeof created === "string" ? created : null;
}

/** A record's name for the audit log: its name, else its author, else its first text field. */
function labelOf(value: unknown): string {
  const record = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  for (const key of ["name", "author", "title"]) if (typeof record[key] === "string" && record[key]) return record[key];
  return "(untitled)";
}

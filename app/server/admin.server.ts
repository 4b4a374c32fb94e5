import crypto from "node:crypto";
import { createCookie, data, redirect } from "react-router";
import type { z } from "zod";
import { requireAdmin, requireSameOrigin } from "./authz.server";
import { invalidatePublicCache } from "./cache/data-cache.server";
import { db, type Queryable } from "./db/client.server";
import { config } from "./env.server";
import { log } from "./log.server";
import { fieldErrors, type FieldErrors } from "~/lib/admin-validation";

/** A toast the server asks the page to show (SPEC.md §8 titles). */
export type ServerToast = { id: string; title: string; description?: string; variant?: "default" | "destructive" };

export function serverToast(title: string, description?: string, variant: ServerToast["variant"] = "default"): ServerToast {
  return { id: crypto.randomUUID(), title, description, variant };
}

/** Carries a success toast across the redirect after a save (read once by the admin layout). */
let cookie: ReturnType<typeof createCookie> | undefined;
function flashCookie() {
  cookie ??= createCookie("admin_flash", { path: "/admin", httpOnly: true, sameSite: "lax", maxAge: 60, secrets: [config().authSecret] });
  return cookie;
}

export async function flashHeader(message: ServerToast) {
  return { "Set-Cookie": await flashCookie().serialize(message, { secure: config().appUrl.startsWith("https:") }) };
}

export async function readFlash(request: Request): Promise<{ flash: ServerToast | null; headers?: HeadersInit }> {
  const value = (await flashCookie().parse(request.headers.get("Cookie"))) as ServerToast | null | "";
  if (!value || typeof value !== "object" || typeof value.title !== "string") return { flash: null };
  return { flash: value, headers: { "Set-Cookie": await flashCookie().serialize("", { maxAge: 0, secure: config().appUrl.startsWith("https:") }) } };
}

/** The largest admin form body (content is up to 200,000 characters, a few bytes each). */
export const MAX_FORM_BYTES = 2 * 1024 * 1024;

/**
 * Reads an admin form: too large or unreadable bodies get a 4xx with a toast, never a 500.
 * `errorTitle` is the SPEC.md §8 title of the screen's save error.
 */
export async function readForm(request: Request, errorTitle: string): Promise<FormData> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > MAX_FORM_BYTES) {
    const message = "The form is too large to save (2 MB at most).";
    throw data({ message, ...formFailure(errorTitle, message, {}, {}) }, { status: 413, headers: { Connection: "close" } });
  }
  try {
    return await request.formData();
  } catch {
    const message = "The form could not be read. Please try again.";
    throw data({ message, ...formFailure(errorTitle, message, {}, {}) }, { status: 400 });
  }
}

export type FormFailure = {
  ok: false;
  errors: FieldErrors;
  values: Record<string, string | string[]>;
  toast: ServerToast;
};

export function formFailure(title: string, message: string, errors: FieldErrors, values: Record<string, string | string[]>): FormFailure {
  return { ok: false, errors, values, toast: serverToast(title, message, "destructive") };
}

/** A short summary of field errors for the toast description. */
export function summarizeErrors(errors: FieldErrors) {
  const messages = Object.values(errors);
  if (messages.length === 0) return "Please check the form.";
  return messages.length === 1 ? messages[0]! : `${messages[0]} (and ${messages.length - 1} more)`;
}

/** Text values of a form for re-filling it after an error (files and oversized values dropped). */
export function formValues(form: FormData, multi: string[] = []): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    if (multi.includes(key)) {
      out[key] = form.getAll(key).filter((v): v is string => typeof v === "string");
    } else {
      const v = form.get(key);
      if (typeof v === "string") out[key] = v.length > 250_000 ? v.slice(0, 250_000) : v;
    }
  }
  return out;
}

/** A uuid route parameter, else a 404 (an unknown id is a clear not-found). */
export function requireUuid(value: string | undefined, what: string) {
  if (!value || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) notFound(what);
  return value.toLowerCase();
}

/** 404 for an unknown record; the admin error boundary also shows SPEC.md's 'Error loading …' toast. */
export function notFound(what: string): never {
  const message = `${what} not found. It may have been deleted.`;
  throw data({ message, toastTitle: `Error loading ${what.toLowerCase()}` }, { status: 404, statusText: `${what} not found` });
}

/** The record an admin edit form shows (null on the "new" route); 404 for an unknown id. */
export async function loadRecordForForm<T>(
  request: Request,
  params: { id?: string },
  { what, get }: { what: string; get: (database: Queryable, id: string) => Promise<T | null> },
): Promise<T | null> {
  await requireAdmin(request);
  const id = "id" in params ? requireUuid(params.id, what) : null;
  const record = id ? await readOrFail(what, () => db().then((database) => get(database, id))) : null;
  if (id && !record) notFound(what);
  return record;
}

/** The message of an error and of its cause (drivers wrap the database's own message). */
export function errorText(error: unknown) {
  const own = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : "";
  return own + cause;
}

/**
 * Reads what an admin screen needs; a database failure becomes a 503 whose error boundary shows
 * SPEC.md's 'Error loading …' toast (instead of a bare error page).
 */
export async function readOrFail<T>(what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    log.error(`loading ${what.toLowerCase()} failed`, { error: errorText(error) });
    const message = `The ${what.toLowerCase()} could not be loaded. Please try again.`;
    throw data({ message, toastTitle: `Error loading ${what.toLowerCase()}` }, { status: 503, statusText: "Service Unavailable" });
  }
}

/** What a list screen's loader returns: the records, or none and the reason they could not be read. */
export type ListRead<T> = { items: T[]; error: ServerToast | null };

/**
 * Reads a list screen's records. A database failure gives no records and SPEC.md's destructive
 * toast (e.g. 'Error fetching posts'); the screen then says the list could not be loaded and
 * offers a retry, instead of claiming the list is empty.
 */
export async function listOrFail<T>(toastTitle: string, description: string, read: () => Promise<T[]>): Promise<ListRead<T>> {
  try {
    return { items: await read(), error: null };
  } catch (error) {
    log.error(`${toastTitle.toLowerCase()} failed`, { error: errorText(error) });
    return { items: [], error: serverToast(toastTitle, description, "destructive") };
  }
}

export type SaveOptions<S extends z.ZodType> = {
  /** The record's name in not-found messages, e.g. "Team member". */
  what: string;
  /** SPEC.md §8 title of the screen's save error. */
  errorTitle: string;
  schema: S;
  create: (database: Queryable, input: z.output<S>) => Promise<unknown>;
  /** Resolves falsy when the record no longer exists. */
  update: (database: Queryable, id: string, input: z.output<S>) => Promise<unknown>;
  listPath: string;
  createdToast: readonly [title: string, description: string];
  updatedToast: readonly [title: string, description: string];
};

/**
 * The action of a simple admin create/edit form: checks origin and role, then `saveRecord`.
 */
export async function saveRecordFromForm<S extends z.ZodType>(request: Request, params: { id?: string }, options: SaveOptions<S>) {
  requireSameOrigin(request);
  await requireAdmin(request);
  const id = "id" in params ? requireUuid(params.id, options.what) : null;
  const form = await readForm(request, options.errorTitle);
  return saveRecord(await db(), id, form, options);
}

/**
 * Validates the form with `schema` (400 with field errors), saves, clears the public cache and
 * redirects to the list with a success toast. A failed write answers 503 with the screen's error
 * toast and every typed value, so the form stays open and nothing is lost (SPEC.md §8).
 */
export async function saveRecord<S extends z.ZodType>(database: Queryable, id: string | null, form: FormData, options: SaveOptions<S>) {
  const { what, errorTitle, schema, create, update, listPath, createdToast, updatedToast } = options;
  const values = formValues(form);
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data(formFailure(errorTitle, summarizeErrors(errors), errors, values), { status: 400 });
  }
  let found = true;
  try {
    if (id) found = Boolean(await update(database, id, parsed.data));
    else await create(database, parsed.data);
  } catch (error) {
    log.error(`saving ${what.toLowerCase()} failed`, { error: errorText(error) });
    const message = `The ${what.toLowerCase()} could not be saved. Please try again.`;
    return data(formFailure(errorTitle, message, {}, values), { status: 503 });
  }
  if (!found) notFound(what);
  invalidatePublicCache();
  return redirect(listPath, { headers: await flashHeader(serverToast(...(id ? updatedToast : createdToast))) });
}

export type DeleteOptions = {
  /** The record in messages, e.g. "team member". */
  what: string;
  /** SPEC.md §8 title of the screen's delete error. */
  errorTitle: string;
  /** Resolves false when the record no longer exists. */
  remove: (database: Queryable, id: string) => Promise<boolean>;
  deletedToast: readonly [title: string, description: string];
};

/** The delete action of an admin list: checks origin and role, then `deleteRecord`. */
export async function deleteRecordAction(request: Request, options: DeleteOptions) {
  requireSameOrigin(request);
  await requireAdmin(request);
  const form = await readForm(request, options.errorTitle);
  return deleteRecord(await db(), form, options);
}

/** Deletes the form's `id` and answers with a toast: deleted, already gone (404) or failed (503). */
export async function deleteRecord(database: Queryable, form: FormData, { what, errorTitle, remove, deletedToast }: DeleteOptions) {
  const id = String(form.get("id") ?? "");
  const failure = (message: string, status: number) => data({ toast: serverToast(errorTitle, message, "destructive") }, { status });
  if (form.get("intent") !== "delete" || !/^[0-9a-f-]{36}$/i.test(id)) return failure("Unknown request.", 400);
  let removed: boolean;
  try {
    removed = await remove(database, id);
  } catch (error) {
    log.error(`deleting ${what} failed`, { error: errorText(error) });
    return failure(`The ${what} could not be deleted. Please try again.`, 503);
  }
  if (!removed) return failure(`The ${what} no longer exists.`, 404);
  invalidatePublicCache();
  return { toast: serverToast(...deletedToast) };
}

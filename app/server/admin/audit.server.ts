import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import { and, desc, gte, inArray, like, lt, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { auditLog } from "~/server/db/schema.server";
import { errorText } from "~/server/http/errors.server";
import { log } from "~/server/core/log.server";
import { pageWindow, readPage } from "./list-params.server";
import { actionsOfType, type AuditAction } from "~/lib/audit";

/**
 * The audit log: who changed what, when (table audit_log, screen /admin/audit-log). Every admin
 * write calls `recordAudit` once, after (or inside the transaction of) the change it describes.
 * Entries are append-only: nothing here updates or deletes one, and a database trigger refuses it
 * anyway except for the retention purge of entries older than a year (`purgeAuditLog`).
 *
 * Who acted comes from the call (`actor`) or, for the back-office, from the request's audit
 * context: the admin layout's middleware opens one per request (`withAuditContext`) and
 * requireAdmin names the signed-in admin in it (`setAuditActor`), so write helpers deep in
 * app/server need no extra parameter. The context also gives the client's address and a request id.
 */

export type AuditActor = { id: string | null; email: string | null };
/** Timers and start-up jobs: no person. */
export const SYSTEM_ACTOR: AuditActor = { id: null, email: null };

type AuditContext = { requestId: string; ip: string | null; actor: AuditActor | null };

const CONTEXT_KEY = Symbol.for("studio.audit-context");
type GlobalWithContext = typeof globalThis & { [CONTEXT_KEY]?: AsyncLocalStorage<AuditContext> };
/** One store per process even when the module is loaded twice (development). */
function contextStore() {
  const g = globalThis as GlobalWithContext;
  g[CONTEXT_KEY] ??= new AsyncLocalStorage<AuditContext>();
  return g[CONTEXT_KEY];
}

/** The client address the server put on the request (server/main.js sets x-client-ip from req.ip). */
export function clientIp(request: Request | undefined | null): string | null {
  const ip = request?.headers.get("x-client-ip");
  return ip && ip !== "unknown" ? ip.slice(0, 64) : null;
}

function requestIdOf(request: Request | undefined | null) {
  const given = request?.headers.get("x-request-id");
  return given && /^[\w.:-]{1,100}$/.test(given) ? given : crypto.randomUUID();
}

/** Runs `fn` with an audit context for `request` (the actor is named later by `setAuditActor`, or here). */
export function withAuditContext<T>(request: Request | null, fn: () => T, actor: AuditActor | null = null): T {
  return contextStore().run({ requestId: requestIdOf(request), ip: clientIp(request), actor }, fn);
}

/** Names who is acting in the current request's audit context (no-op outside one). */
export function setAuditActor(user: { id: string; email: string }) {
  const context = contextStore().getStore();
  if (context) context.actor = { id: user.id, email: user.email };
}

/** The longest text kept in a before/after value; longer ones end with "…". */
export const AUDIT_TEXT_LIMIT = 160;

export type AuditEntry = {
  /** Who acted; defaults to the request's audit context, else the system. */
  actor?: AuditActor | null;
  action: AuditAction;
  target?: { type: string; id?: string | null; label?: string | null };
  /** One short sentence, e.g. 'Published "Hello" (slug hello)'. */
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Overrides the context's (auth hooks pass the auth request's own). */
  ip?: string | null;
  requestId?: string | null;
};

/** Cuts long text and turns dates into ISO strings, so an entry stays a short summary. */
export function summarizeValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") return value.length > AUDIT_TEXT_LIMIT ? `${value.slice(0, AUDIT_TEXT_LIMIT - 1)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 20).map(summarizeValue);
  return value ?? null;
}

function same(a: unknown, b: unknown) {
  const x = a instanceof Date ? a.toISOString() : a;
  const y = b instanceof Date ? b.toISOString() : b;
  return JSON.stringify(x ?? null) === JSON.stringify(y ?? null);
}

/** The fields (of `fields`) that differ between two versions of a record, each side summarised; null when nothing changed. */
export function changedFields<K extends string>(
  before: Partial<Record<K, unknown>> | null,
  after: Partial<Record<K, unknown>>,
  fields: readonly K[],
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const field of fields) {
    const old = before ? before[field] : undefined;
    if (before && same(old, after[field])) continue;
    if (before) b[field] = summarizeValue(old);
    a[field] = summarizeValue(after[field]);
  }
  return Object.keys(a).length === 0 ? null : { before: b, after: a };
}

function clip(text: string | null | undefined, max: number) {
  if (text === null || text === undefined) return null;
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function summarizeObject(value: Record<string, unknown> | null | undefined) {
  if (!value) return null;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, summarizeValue(v)]));
}

/**
 * Appends one entry. Pass the transaction of the change when there is one, so both are written or
 * neither. Outside a transaction a failure is logged and swallowed (the change is already made:
 * the answer must not claim it failed); inside one it throws, so the change rolls back with it.
 */
export async function recordAudit(database: Queryable, entry: AuditEntry, { inTransaction = false } = {}) {
  const context = contextStore().getStore();
  const actor = entry.actor ?? context?.actor ?? SYSTEM_ACTOR;
  const row = {
    actorId: actor.id,
    actorEmail: actor.email ? actor.email.trim().toLowerCase().slice(0, 320) : null,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    targetLabel: clip(entry.target?.label, 200),
    summary: clip(entry.summary, 500) ?? "",
    before: summarizeObject(entry.before),
    after: summarizeObject(entry.after),
    ip: entry.ip !== undefined ? entry.ip : (context?.ip ?? null),
    requestId: entry.requestId ?? context?.requestId ?? null,
  };
  if (inTransaction) {
    await database.insert(auditLog).values(row);
    return;
  }
  try {
    await database.insert(auditLog).values(row);
  } catch (error) {
    log.error("writing the audit log failed", { action: entry.action, error: errorText(error) });
  }
}

/* ------------------------------------------------------------------ retention */

/** How long entries are kept. */
export const AUDIT_RETENTION_DAYS = 365;

/**
 * Deletes the entries older than a year (the database trigger allows nothing younger). Idempotent:
 * a second run finds nothing. Called by the hourly maintenance timer (trash.server.ts). Returns how many went.
 */
export async function purgeAuditLog(database: Queryable, now = new Date()) {
  const cutoff = new Date(now.getTime() - AUDIT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const removed = await database.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  if (removed.length > 0) log.info("purged the audit log", { entries: removed.length });
  return removed.length;
}

/* ------------------------------------------------------------------ the screen's query */

export type AuditFilters = {
  /** An address or its beginning, lower-cased ("" any). */
  person: string;
  /** A group ("post") or an action ("post.publish"); "" any. */
  type: string;
  /** YYYY-MM-DD (UTC days, both ends included); "" open. */
  from: string;
  to: string;
  page: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(value: string | null): string {
  if (!value || !DAY.test(value)) return "";
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? "" : value;
}

/** Reads ?person=, ?type=, ?from=, ?to= and ?page= (bad values fall back to "any"). */
export function readAuditFilters(from: Request | URL): AuditFilters {
  const search = (from instanceof URL ? from : new URL(from.url)).searchParams;
  const person = (search.get("person") ?? "").trim().toLowerCase().slice(0, 320);
  const type = search.get("type") ?? "";
  return {
    person,
    type: actionsOfType(type) ? type : "",
    from: validDay(search.get("from")),
    to: validDay(search.get("to")),
    page: readPage(search.get("page")),
  };
}

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditPage = { items: AuditRow[]; total: number; page: number; lastPage: number };

function likePrefix(text: string) {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page (25) of entries, newest first, that match the filters; every filter is served by an index. */
export async function auditPage(database: Queryable, filters: AuditFilters): Promise<AuditPage> {
  const where: SQL[] = [];
  if (filters.person) where.push(like(auditLog.actorEmail, likePrefix(filters.person)));
  const actions = filters.type ? actionsOfType(filters.type) : null;
  if (actions) where.push(inArray(auditLog.action, actions));
  if (filters.from) where.push(gte(auditLog.at, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) where.push(lt(auditLog.at, new Date(new Date(`${filters.to}T00:00:00Z`).getTime() + 24 * 60 * 60 * 1000)));
  const condition = where.length ? and(...where) : undefined;
  const [row] = await database
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(auditLog)
    .where(condition);
  const total = row?.n ?? 0;
  const { page, lastPage, offset, limit } = pageWindow(filters.page, total);
  const items =
    total === 0 ? [] : await database.select().from(auditLog).where(condition).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit).offset(offset);
  return { items, total, page, lastPage };
}

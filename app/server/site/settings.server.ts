import { count, eq, inArray, sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/server/admin/audit.server";
import { siteSettings, users } from "~/server/db/schema.server";
import { db as appDb, type Db, type Tx } from "~/server/db/client.server";
import { DEFAULT_SETTINGS, isBookingReminderHours, type Settings } from "~/lib/site-settings";
import { CURRENCIES } from "~/lib/currency";

/**
 * Site settings (app/lib/site-settings.ts), each one row of `site_settings`; a missing row (a new
 * site) means the default. Read on every request that needs them (one indexed query), so a change
 * holds on every process at once.
 */
export { DEFAULT_SETTINGS, type Settings };

const KEYS = Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[];

export async function readSettings(database: Db | Tx): Promise<Settings> {
  const rows = await database.select({ key: siteSettings.key, value: siteSettings.value }).from(siteSettings).where(inArray(siteSettings.key, KEYS));
  const settings = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    const key = row.key as keyof Settings;
    if (key === "currency") {
      const currency = CURRENCIES.find((c) => c === row.value);
      if (currency) settings.currency = currency;
    } else if (key === "bookingReminderHours") {
      if (isBookingReminderHours(row.value)) settings.bookingReminderHours = row.value;
    } else if (typeof row.value === "boolean") settings[key] = row.value;
  }
  return settings;
}

/** Stores the given settings; answers what changed (key, before, after) for the audit log and the toast. */
export async function updateSettings(
  database: Db,
  patch: Partial<Settings>,
  /** Who changes them (an account id, or the admin), named in `updated_by` and the audit log; null: the system. */
  by: string | { id: string; email: string } | null,
): Promise<{ key: keyof Settings; before: Settings[keyof Settings]; after: Settings[keyof Settings] }[]> {
  return database.transaction(async (tx) => {
    const before = await readSettings(tx);
    const changes = KEYS.filter((key) => patch[key] !== undefined && patch[key] !== before[key]).map((key) => ({
      key,
      before: before[key],
      after: patch[key]!,
    }));
    const actorId = typeof by === "string" ? by : (by?.id ?? null);
    for (const change of changes) {
      await tx
        .insert(siteSettings)
        .values({ key: change.key, value: change.after, updatedBy: actorId })
        .onConflictDoUpdate({ target: siteSettings.key, set: { value: change.after, updatedBy: actorId, updatedAt: sql`now()` } });
    }
    if (changes.length > 0) {
      await recordAudit(
        tx,
        {
          actor: await auditActorOf(tx, by),
          action: "settings.update",
          target: { type: "settings", label: changes.map((c) => c.key).join(", ") },
          summary: changes.map((c) => `${c.key}: ${String(c.before)} → ${String(c.after)}`).join("; "),
          before: Object.fromEntries(changes.map((c) => [c.key, c.before])),
          after: Object.fromEntries(changes.map((c) => [c.key, c.after])),
        },
        { inTransaction: true },
      );
    }
    return changes;
  });
}

/** Whether a new account may sign up: 'Allow sign-up' is on, or the site has no account yet (its first admin). */
export async function signUpOpen(database?: Db): Promise<boolean> {
  const d = database ?? (await appDb());
  if ((await readSettings(d)).allowSignUp) return true;
  const [row] = await d.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

async function auditActorOf(tx: Tx, by: string | { id: string; email: string } | null): Promise<AuditActor> {
  if (by === null) return { id: null, email: null };
  if (typeof by !== "string") return by;
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, by));
  return { id: by, email: row?.email ?? null };
}

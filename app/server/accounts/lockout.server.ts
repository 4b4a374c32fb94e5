import { and, eq, gt, lt, or, isNull, sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { signInLockouts } from "~/server/db/schema.server";

/**
 * Account lockout (docs/decisions/0030-lockout-and-invitations.md): LOCKOUT_MAX_FAILURES wrong
 * passwords for one address within LOCKOUT_WINDOW_MINUTES, from any client, lock it for
 * LOCKOUT_MINUTES. Counted per lower-cased address in the database, so every process agrees and
 * an address without an account answers exactly like one with it.
 */
export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_WINDOW_MINUTES = 15;
export const LOCKOUT_MINUTES = 15;

const MINUTE = 60_000;

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

/** "1 minute", "15 minutes": the wait until `until`, rounded up to whole minutes. */
export function minutesLeft(until: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** What sign-in answers while an address is locked. */
export function lockedMessage(until: Date, now: Date) {
  return `This account is locked after too many failed sign-ins. Try again in ${minutesLeft(until, now)} or reset your password.`;
}

/** When the address's lock ends, or null when it is not locked at `now`. */
export async function lockedUntil(db: Queryable, email: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: signInLockouts.lockedUntil })
    .from(signInLockouts)
    .where(and(eq(signInLockouts.email, normalizeEmail(email)), gt(signInLockouts.lockedUntil, now)));
  return row?.lockedUntil ?? null;
}

/**
 * Counts one wrong password for the address (one statement, so concurrent failures on several
 * processes all count). The failure that reaches the limit locks the address and starts a new
 * count; answers `lockedUntil` only for that failure, so the owner is told once per lock.
 */
export async function recordFailure(db: Queryable, email: string, now: Date): Promise<{ lockedUntil: Date | null }> {
  const key = normalizeEmail(email);
  const windowStart = new Date(now.getTime() - LOCKOUT_WINDOW_MINUTES * MINUTE);
  const lockEnd = new Date(now.getTime() + LOCKOUT_MINUTES * MINUTE);
  // The count this failure makes: 1 when the window has passed, else one more.
  const fresh = sql`${signInLockouts.windowStartedAt} < ${windowStart.toISOString()}::timestamptz`;
  const next = sql`case when ${fresh} then 1 else ${signInLockouts.failures} + 1 end`;
  const reaches = sql`${next} >= ${LOCKOUT_MAX_FAILURES}`;
  const [row] = await db
    .insert(signInLockouts)
    .values({ email: key, failures: 1, windowStartedAt: now, lockedUntil: LOCKOUT_MAX_FAILURES <= 1 ? lockEnd : null })
    .onConflictDoUpdate({
      target: signInLockouts.email,
      set: {
        failures: sql`case when ${reaches} then 0 else ${next} end`,
        windowStartedAt: sql`case when ${fresh} or ${reaches} then ${now.toISOString()}::timestamptz else ${signInLockouts.windowStartedAt} end`,
        lockedUntil: sql`case when ${reaches} then ${lockEnd.toISOString()}::timestamptz else ${signInLockouts.lockedUntil} end`,
      },
    })
    .returning({ failures: signInLockouts.failures, lockedUntil: signInLockouts.lockedUntil });
  const justLocked = row?.lockedUntil && row.failures === 0 && row.lockedUntil.getTime() === lockEnd.getTime();
  // Rows of addresses that are neither counting nor locked any more are of no use: drop them.
  await db
    .delete(signInLockouts)
    .where(and(lt(signInLockouts.windowStartedAt, windowStart), or(isNull(signInLockouts.lockedUntil), lt(signInLockouts.lockedUntil, now))));
  return { lockedUntil: justLocked ? row.lockedUntil : null };
}

/** Forgets the address's failures and lock: a right password, a password reset, or an admin's 'Unlock'. */
export async function clearLockout(db: Queryable, email: string): Promise<boolean> {
  const removed = await db
    .delete(signInLockouts)
    .where(eq(signInLockouts.email, normalizeEmail(email)))
    .returning({ email: signInLockouts.email });
  return removed.length > 0;
}

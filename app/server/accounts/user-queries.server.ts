import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db, Queryable, Tx } from "~/server/db/client.server";
import { signInLockouts, users } from "~/server/db/schema.server";
import { containsPattern, pageWindow, type ListParams } from "~/server/admin/list-params.server";
import type { AccountStatus } from "~/lib/admin-lists";

export type { AccountStatus };

export type AccountRow = { id: string; email: string; name: string; role: string; emailVerified: boolean; createdAt: Date };
/** An account of /admin/users, with the end of its sign-in lock (null: not locked). */
export type AccountPageRow = AccountRow & { lockedUntil: Date | null };

/** Every account, oldest first (/admin/users). */
export async function listAccounts(db: Queryable): Promise<AccountRow[]> {
  return db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, emailVerified: users.emailVerified, createdAt: users.createdAt })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.email));
}

export type AccountPage = { items: AccountPageRow[]; counts: Record<AccountStatus, number>; page: number; lastPage: number };

const ACCOUNT_STATUS: Record<AccountStatus, SQL | undefined> = {
  all: undefined,
  admins: eq(users.role, "admin"),
  // Everyone who signed up and has no back-office rights yet: what the waiting screen tells them.
  waiting: ne(users.role, "admin"),
};

/**
 * One page of /admin/users, newest first, with the tab counts: `q` finds accounts by name or
 * e-mail address (case-insensitive, anywhere in them).
 */
export async function accountPage(db: Queryable, { q, status, page: asked }: ListParams<AccountStatus>): Promise<AccountPage> {
  const pattern = containsPattern(q);
  const where = q ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined;
  const [row] = await db
    .select({
      all: sql<number>`count(*)`.mapWith(Number),
      admins: sql<number>`count(*) filter (where ${ACCOUNT_STATUS.admins})`.mapWith(Number),
      waiting: sql<number>`count(*) filter (where ${ACCOUNT_STATUS.waiting})`.mapWith(Number),
    })
    .from(users)
    .where(where);
  const counts = row ?? { all: 0, admins: 0, waiting: 0 };
  const { page, lastPage, offset, limit } = pageWindow(asked, counts[status]);
  const items =
    counts[status] === 0
      ? []
      : await db
          .select({
            id: users.id,
            email: users.email,
            name: users.name,
            role: users.role,
            emailVerified: users.emailVerified,
            createdAt: users.createdAt,
            lockedUntil: signInLockouts.lockedUntil,
          })
          .from(users)
          .leftJoin(signInLockouts, and(eq(signInLockouts.email, sql`lower(${users.email})`), sql`${signInLockouts.lockedUntil} > now()`))
          .where(and(where, ACCOUNT_STATUS[status]))
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(limit)
          .offset(offset);
  return { items, counts, page, lastPage };
}

export class AccountRuleError extends Error {}

async function adminCount(db: Queryable) {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, "admin"));
  return row?.n ?? 0;
}

/** Grants or revokes the admin role; never removes the last admin. Returns false for an unknown id. */
/** Runs in the change's transaction with the account as it was (the audit-log entry). */
export type AccountChangeHook = (tx: Tx, before: { email: string; role: string }) => Promise<void>;

export async function setAccountRole(db: Db, id: string, role: "admin" | "user", onChanged?: AccountChangeHook) {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ role: users.role, email: users.email }).from(users).where(eq(users.id, id)).for("update");
    if (!target) return false;
    if (target.role === "admin" && role !== "admin" && (await adminCount(tx)) <= 1) {
      throw new AccountRuleError("The last admin cannot lose the admin role.");
    }
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
    await onChanged?.(tx, target);
    return true;
  });
}

/** Deletes an account (its sessions and credentials go with it); never the last admin. */
export async function deleteAccount(db: Db, id: string, onChanged?: AccountChangeHook) {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ role: users.role, email: users.email }).from(users).where(eq(users.id, id)).for("update");
    if (!target) return false;
    if (target.role === "admin" && (await adminCount(tx)) <= 1) throw new AccountRuleError("The last admin cannot be deleted.");
    await tx.delete(users).where(and(eq(users.id, id)));
    await onChanged?.(tx, target);
    return true;
  });
}

import { and, asc, count, eq } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.server";
import { users } from "../db/schema.server";

export type AccountRow = { id: string; email: string; name: string; role: string; emailVerified: boolean; createdAt: Date };

/** Every account, oldest first (/admin/users). */
export async function listAccounts(db: Queryable): Promise<AccountRow[]> {
  return db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role, emailVerified: users.emailVerified, createdAt: users.createdAt })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.email));
}

export class AccountRuleError extends Error {}

async function adminCount(db: Queryable) {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, "admin"));
  return row?.n ?? 0;
}

/** Grants or revokes the admin role; never removes the last admin. Returns false for an unknown id. */
export async function setAccountRole(db: Db, id: string, role: "admin" | "user") {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for("update");
    if (!target) return false;
    if (target.role === "admin" && role !== "admin" && (await adminCount(tx)) <= 1) {
      throw new AccountRuleError("The last admin cannot lose the admin role.");
    }
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
    return true;
  });
}

/** Deletes an account (its sessions and credentials go with it); never the last admin. */
export async function deleteAccount(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for("update");
    if (!target) return false;
    if (target.role === "admin" && (await adminCount(tx)) <= 1) throw new AccountRuleError("The last admin cannot be deleted.");
    await tx.delete(users).where(and(eq(users.id, id)));
    return true;
  });
}

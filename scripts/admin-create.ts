// npm run admin:create -- --email you@example.com --password '<at least 12 characters>'
// Creates an admin account with a confirmed address, or promotes an existing account to admin and
// sets its password. Works with the server stopped, on the embedded database or DATABASE_URL.
import crypto from "node:crypto";
import { parseArgs } from "node:util";
import { eq, and } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { z } from "zod";
import { DatabaseLockedError, migrateDatabase, openDatabase } from "../app/server/db/client.server";
import { accounts, users } from "../app/server/db/schema.server";
import { config } from "../app/server/core/env.server";
import { passwordProblem } from "../app/server/accounts/password-policy.server";

const USAGE = "Usage: npm run admin:create -- --email you@example.com --password <password>";

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

async function main() {
  let values: { email?: string; password?: string };
  try {
    ({ values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" } }, strict: true }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  const email = z.email().safeParse(values.email?.trim().toLowerCase());
  if (!email.success) fail(`Give a valid --email.\n${USAGE}`);
  const password = values.password ?? "";
  // The same policy as sign-up and password reset (length, common list, own address).
  const problem = await passwordProblem(password, email.data);
  if (problem) fail(`--password: ${problem}\n${USAGE}`);

  const { databaseUrl, dataDir, databasePoolSize } = config();
  let handle;
  try {
    handle = await openDatabase({ databaseUrl, dataDir, poolSize: databasePoolSize });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      fail(`${error.message}\nStop the server first (the embedded database has one owner), then run this command again.`);
    }
    throw error;
  }
  try {
    await migrateDatabase(handle);
    const db = handle.db;
    const hash = await hashPassword(password);
    const now = new Date();
    const result = await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email.data)).limit(1);
      const id = existing?.id ?? crypto.randomBytes(16).toString("base64url");
      if (existing) {
        await tx.update(users).set({ role: "admin", emailVerified: true, banned: false, updatedAt: now }).where(eq(users.id, id));
      } else {
        await tx.insert(users).values({ id, email: email.data, name: email.data.split("@")[0]!, emailVerified: true, role: "admin" });
      }
      const [credential] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, id), eq(accounts.providerId, "credential")))
        .limit(1);
      if (credential) {
        await tx.update(accounts).set({ password: hash, updatedAt: now }).where(eq(accounts.id, credential.id));
      } else {
        await tx
          .insert(accounts)
          .values({ id: crypto.randomBytes(16).toString("base64url"), accountId: id, providerId: "credential", userId: id, password: hash });
      }
      return existing ? "promoted" : "created";
    });
    console.log(
      `✔ ${result === "created" ? "Created" : "Promoted"} admin ${email.data} (${handle.kind === "pglite" ? `embedded database in ${handle.location}` : handle.location}).`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));

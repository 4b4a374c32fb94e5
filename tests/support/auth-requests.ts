import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { freshTestDatabase } from "./test-db";
import { createAuth, type Auth } from "~/server/accounts/auth.server";
import { users } from "~/server/db/schema.server";
import type { Mail } from "~/server/core/mail.server";

export const BASE = "http://localhost:3000";
export const PASSWORD = "lockout-test-password-1";
export const MINUTE = 60_000;

/**
 * Requests to the auth API as browsers at given client addresses send them; the mail it sends lands
 * in `mails`. `auth` is asked for at each request (a test file creates it in beforeAll).
 */
export function authRequests(auth: () => Auth, mails: Mail[]) {
  function post(pathname: string, body: unknown, ip: string) {
    const headers = new Headers({ "content-type": "application/json", origin: BASE, "x-client-ip": ip });
    return auth().handler(new Request(`${BASE}/api/auth${pathname}`, { method: "POST", headers, body: JSON.stringify(body) }));
  }

  function signIn(email: string, password: string, ip: string) {
    return post("/sign-in/email", { email, password }, ip);
  }

  async function signUpConfirmed(email: string, ip: string) {
    expect((await post("/sign-up/email", { email, password: PASSWORD, name: email.split("@")[0] }, ip)).status).toBe(200);
    const link = /http\S+verify-email\S+/.exec(mails.findLast((m) => m.to === email)!.text)![0];
    expect((await auth().handler(new Request(link, { headers: { "x-client-ip": ip } }))).status).toBe(302);
  }

  async function failTimes(email: string, times: number, ipBase: string) {
    const answers: { status: number; message: string }[] = [];
    for (let i = 0; i < times; i++) {
      // A different client each time: the count is per address, whatever the client.
      const response = await signIn(email, "wrong-password-123", `${ipBase}.${i + 1}`);
      answers.push({ status: response.status, message: ((await response.json()) as { message: string }).message });
    }
    return answers;
  }

  return { post, signIn, signUpConfirmed, failTimes };
}

/** A fresh database, an auth instance on the given clock mailing into `mails`, and its owner's confirmed account. */
export async function authWithOwner(mails: Mail[], now: () => Date) {
  const handle = await freshTestDatabase();
  const auth = createAuth({
    db: handle.db,
    baseURL: BASE,
    secret: process.env.AUTH_SECRET,
    mailer: (mail) => Promise.resolve(void mails.push(mail)),
    now,
  });
  await authRequests(() => auth, mails).signUpConfirmed("owner@studio.test", "10.40.0.1");
  const [owner] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, "owner@studio.test"));
  return { handle, auth, adminId: owner!.id };
}

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { freshTestDatabase } from "../support/test-db";
import { createAuth, SIGN_UP_CLOSED_MESSAGE, type Auth } from "~/server/accounts/auth.server";
import { siteSettings, users } from "~/server/db/schema.server";
import { DEFAULT_SETTINGS, readSettings, updateSettings } from "~/server/site/settings.server";
import type { DbHandle } from "~/server/db/client.server";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
const BASE = "http://localhost:3000";

let handle: DbHandle;
let auth: Auth;

function signUp(email: string, ip: string) {
  const headers = new Headers({ "content-type": "application/json", origin: BASE, "x-client-ip": ip });
  const body = JSON.stringify({ email, password: "settings-test-password-1", name: email.split("@")[0] });
  return auth.handler(new Request(`${BASE}/api/auth/sign-up/email`, { method: "POST", headers, body }));
}

beforeAll(async () => {
  handle = await freshTestDatabase();
  auth = createAuth({ db: handle.db, baseURL: BASE, secret: process.env.AUTH_SECRET, mailer: () => Promise.resolve() });
});

afterAll(async () => {
  await handle.close();
});

describe("site settings", () => {
  it("reads the defaults on a new site and stores only what changed, with who changed it", async () => {
    expect(await readSettings(handle.db)).toEqual(DEFAULT_SETTINGS);
    expect(await signUp("owner@studio.test", "10.7.0.1")).toHaveProperty("status", 200);
    const [owner] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, "owner@studio.test"));

    const changes = await updateSettings(handle.db, { allowSignUp: true, requireTwoFactor: true }, owner!.id);
    expect(changes).toEqual([{ key: "requireTwoFactor", before: false, after: true }]);
    expect(await readSettings(handle.db)).toEqual({ allowSignUp: true, requireTwoFactor: true, currency: "USD", bookingReminderHours: 24 });
    const rows = await handle.db.select().from(siteSettings);
    expect(rows).toEqual([expect.objectContaining({ key: "requireTwoFactor", value: true, updatedBy: owner!.id })]);

    expect(await updateSettings(handle.db, { requireTwoFactor: true }, owner!.id)).toEqual([]);
    await updateSettings(handle.db, { requireTwoFactor: false }, owner!.id);
    expect((await readSettings(handle.db)).requireTwoFactor).toBe(false);
  });

  it("refuses sign-up while 'Allow sign-up' is off, and takes it again once on", async () => {
    await updateSettings(handle.db, { allowSignUp: false }, null);
    const refused = await signUp("closed@studio.test", "10.7.0.2");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: SIGN_UP_CLOSED_MESSAGE });
    expect(await handle.db.select().from(users).where(eq(users.email, "closed@studio.test"))).toEqual([]);

    await updateSettings(handle.db, { allowSignUp: true }, null);
    expect(await signUp("open@studio.test", "10.7.0.3")).toHaveProperty("status", 200);
  });
});

describe("the first account", () => {
  it("may always sign up, even with sign-up off, so a new site gets its admin", async () => {
    const fresh = await freshTestDatabase();
    try {
      await updateSettings(fresh.db, { allowSignUp: false }, null);
      const own = createAuth({ db: fresh.db, baseURL: BASE, secret: process.env.AUTH_SECRET, mailer: () => Promise.resolve() });
      const headers = new Headers({ "content-type": "application/json", origin: BASE, "x-client-ip": "10.7.0.4" });
      const body = JSON.stringify({ email: "first@studio.test", password: "settings-test-password-1", name: "first" });
      const response = await own.handler(new Request(`${BASE}/api/auth/sign-up/email`, { method: "POST", headers, body }));
      expect(response.status).toBe(200);
      const [first] = await fresh.db.select({ role: users.role }).from(users);
      expect(first?.role).toBe("admin");
    } finally {
      await fresh.close();
    }
  });
});

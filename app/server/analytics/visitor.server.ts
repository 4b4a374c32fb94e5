import crypto from "node:crypto";
import { isbot } from "isbot";
import { sql } from "drizzle-orm";
import { config } from "~/server/core/env.server";
import { db } from "../db/client.server";
import { analyticsSalts } from "../db/schema.server";

/**
 * Who a request is, without keeping who they are: 16 hex characters of
 * sha256(the day's random salt + site host + IP address + user agent). The salt lives in
 * analytics_salts (shared by every process) and is deleted after two days, so a past day's
 * hashes can be neither recomputed nor linked to the next day's. Nothing is stored in the browser.
 */
export type RequestTraits = {
  ip: string;
  userAgent: string;
  /** `DNT: 1` or `Sec-GPC: 1`: the visitor asked not to be tracked. */
  optedOut: boolean;
};

export function traitsOf(headers: { get(name: string): string | null }, ip: string): RequestTraits {
  return {
    ip,
    userAgent: headers.get("user-agent") ?? "",
    optedOut: headers.get("dnt")?.trim() === "1" || headers.get("sec-gpc")?.trim() === "1",
  };
}

/** A crawler, a headless tool or a request with no user agent at all. */
export function isBotAgent(userAgent: string) {
  return userAgent.trim() === "" || isbot(userAgent);
}

const salts = new Map<string, Promise<string>>();

/** The salt of a UTC day: made once (the first process to ask inserts it), then read from memory. */
export function saltFor(day: string): Promise<string> {
  let salt = salts.get(day);
  if (!salt) {
    salt = (async () => {
      const handle = await db();
      const fresh = crypto.randomBytes(32).toString("base64url");
      await handle.insert(analyticsSalts).values({ day, salt: fresh }).onConflictDoNothing();
      const rows = await handle
        .select({ salt: analyticsSalts.salt })
        .from(analyticsSalts)
        .where(sql`${analyticsSalts.day} = ${day}`);
      const stored = rows[0]?.salt;
      if (!stored) throw new Error(`no analytics salt for ${day}`);
      return stored;
    })();
    salt.catch(() => salts.delete(day));
    salts.set(day, salt);
    // Only today's (and, around midnight, yesterday's) salt is needed: forget older ones.
    for (const key of salts.keys()) if (salts.size > 2 && key !== day) salts.delete(key);
  }
  return salt;
}

/** Forgets the salts held in memory (tests that delete the table). */
export function forgetSalts() {
  salts.clear();
}

export async function visitorHash(traits: RequestTraits, day: string) {
  const host = new URL(config().appUrl).host;
  const salt = await saltFor(day);
  return crypto.createHash("sha256").update(`${salt}\n${host}\n${traits.ip}\n${traits.userAgent}`).digest("hex").slice(0, 16);
}

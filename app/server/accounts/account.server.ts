import Bowser from "bowser";
import QRCode from "qrcode";
import { createCookie } from "react-router";
import { and, desc, eq, gt } from "drizzle-orm";
import type { Auth, SessionUser } from "./auth.server";
import type { Db } from "~/server/db/client.server";
import { sessions } from "~/server/db/schema.server";
import { config } from "~/server/core/env.server";
import { errorText } from "~/server/http/errors.server";
import { log } from "~/server/core/log.server";

/**
 * The account page's server side (/admin/account): the authenticator QR code, the recovery codes
 * shown once after the setup, the signed-in devices of an account in words, and the plugin's
 * messages in the site's words.
 */

/** Marks, for five minutes, that the account's new recovery codes are still to be shown once. */
let codesCookie: ReturnType<typeof createCookie> | undefined;
function recoveryCodesCookie() {
  codesCookie ??= createCookie("recovery_codes_once", {
    // /admin, not the page: the data request of a client-side navigation is /admin/account.data.
    path: "/admin",
    httpOnly: true,
    sameSite: "lax",
    maxAge: 300,
    secure: config().appUrl.startsWith("https:"),
    secrets: [config().authSecret],
  });
  return codesCookie;
}

/** The Set-Cookie header that asks the account page to show this account's new recovery codes, once. */
export function showRecoveryCodesOnce(userId: string): Promise<string> {
  return recoveryCodesCookie().serialize(userId);
}

/**
 * Right after the setup: the account's recovery codes, this once (the answer's `headers` clear the
 * mark); null otherwise, or when they cannot be read (the page then shows the usual state).
 */
export async function takeRecoveryCodes(a: Auth, request: Request, user: SessionUser, headers: Headers): Promise<string[] | null> {
  const pending: unknown = await recoveryCodesCookie().parse(request.headers.get("Cookie"));
  if (!pending) return null;
  headers.append("Set-Cookie", await recoveryCodesCookie().serialize("", { maxAge: 0 }));
  if (pending !== user.id || !user.twoFactorEnabled) return null;
  const answer = await a.api.viewBackupCodes({ body: { userId: user.id } }).catch((error: unknown) => {
    log.error("reading recovery codes failed", { error: errorText(error) });
    return null;
  });
  return answer?.backupCodes ?? null;
}

/** An otpauth:// address as an SVG QR code (rendered here, so the page needs no script for it). */
export async function totpQrSvg(totpURI: string): Promise<string> {
  return QRCode.toString(totpURI, { type: "svg", margin: 2, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } });
}

/** The base32 secret of an otpauth:// address (for typing it into an app), or null. */
export function totpSecret(totpURI: string): string | null {
  if (!totpURI.startsWith("otpauth://totp/")) return null;
  try {
    const secret = new URL(totpURI).searchParams.get("secret");
    return secret && /^[A-Z2-7]+=*$/.test(secret) ? secret : null;
  } catch {
    return null;
  }
}

/** "ABCD EFGH IJKL": a secret in groups of four, easier to copy by eye. */
export function groupSecret(secret: string) {
  return secret.replace(/=+$/, "").replace(/(.{4})(?=.)/g, "$1 ");
}

/** "Chrome on Linux", "Safari on iOS", or "Unknown device": a user agent in words. */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const os = parser.getOSName();
  if (browser && os) return `${browser} on ${os}`;
  return browser || os || "Unknown device";
}

export type AccountSession = {
  id: string;
  device: string;
  ipAddress: string | null;
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
};

/**
 * The account's unexpired sessions, this one first, then the most recently active. Read from the
 * table better-auth keeps (its /list-sessions answers only a session younger than a day).
 */
export async function listAccountSessions(database: Db, userId: string, currentSessionId: string): Promise<AccountSession[]> {
  const rows = await database
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt));
  return rows
    .map((row) => ({
      id: row.id,
      device: deviceName(row.userAgent),
      ipAddress: row.ipAddress || null,
      signedInAt: row.createdAt.toISOString(),
      lastActiveAt: row.updatedAt.toISOString(),
      current: row.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** The token of one of the account's own sessions (what better-auth's /revoke-session takes), or null. */
export async function sessionToken(database: Db, userId: string, sessionId: string): Promise<string | null> {
  const [row] = await database
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  return row?.token ?? null;
}

/** The two-factor plugin's answers, in the words the sign-in card and account page use. */
const TWO_FACTOR_MESSAGES: Record<string, string> = {
  "Invalid code": "That code is not right. Check the time on your phone and enter the current code.",
  "Invalid backup code": "That recovery code is not right, or it was already used.",
  "Invalid two factor cookie": "Your sign-in took too long. Sign in again with your password.",
  "Too many attempts. Please request a new code.": "Too many wrong codes. Sign in again with your password.",
  "Invalid password": "The password is not right.",
};

export function twoFactorMessage(message: string) {
  return TWO_FACTOR_MESSAGES[message] ?? message;
}

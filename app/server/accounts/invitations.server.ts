import crypto from "node:crypto";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Queryable } from "~/server/db/client.server";
import { invitations, users } from "~/server/db/schema.server";
import { config } from "~/server/core/env.server";
import { sendMail, type Mail } from "~/server/core/mail.server";
import { normalizeEmail } from "./lockout.server";

/**
 * Invitations to sign up (docs/decisions/0030-lockout-and-invitations.md): an admin invites an
 * address from /admin/users; the mailed link /admin/auth?mode=signup&invite=TOKEN lets that address
 * (and only it) sign up, even while 'Allow sign-up' is off, with the invited role and its address
 * confirmed. Only the token's SHA-256 is stored; a link works once, for INVITATION_DAYS.
 */
export const INVITATION_DAYS = 7;
export const INVITATION_INVALID_MESSAGE = "This invitation is invalid or has expired. Ask an administrator for a new one.";
export const INVITATION_OTHER_EMAIL_MESSAGE = "This invitation is for another email address.";
export type InvitedRole = "admin" | "user";

const DAY = 24 * 60 * 60 * 1000;

export function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

function newToken() {
  return crypto.randomBytes(32).toString("base64url");
}

export function invitationUrl(token: string, appUrl = config().appUrl) {
  return new URL(`/admin/auth?mode=signup&invite=${encodeURIComponent(token)}`, appUrl).toString();
}

export type PendingInvitation = { id: string; email: string; role: string; expiresAt: Date; createdAt: Date };

/** The invitations not yet used, revoked or expired, oldest first (/admin/users). */
export async function pendingInvitations(db: Queryable, now = new Date()): Promise<PendingInvitation[]> {
  return db
    .select({ id: invitations.id, email: invitations.email, role: invitations.role, expiresAt: invitations.expiresAt, createdAt: invitations.createdAt })
    .from(invitations)
    .where(and(isNull(invitations.usedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now)))
    .orderBy(asc(invitations.createdAt), asc(invitations.email));
}

/** The open invitation a token stands for, or null (unknown, used, revoked or expired). */
export async function findInvitation(db: Queryable, token: string, now = new Date()) {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ id: invitations.id, email: invitations.email, role: invitations.role, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(and(eq(invitations.tokenHash, hashToken(token)), isNull(invitations.usedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now)));
  const role: InvitedRole = row?.role === "admin" ? "admin" : "user";
  return row ? { ...row, role } : null;
}

export class InvitationError extends Error {}

function invitationMail(to: string, url: string, role: InvitedRole, days: number): Mail {
  const brand = config().site.brandName;
  const access = role === "admin" ? " with access to the back-office" : "";
  return {
    to,
    subject: `You are invited to ${brand}`,
    text: `You are invited to create an account on ${brand}${access}.\n\nSign up here (the link works once, for ${days} days):\n${url}\n\nIf you did not expect this, ignore this mail.`,
  };
}

/**
 * Invites an address: a new token and link, mailed to it. An address that already has an account
 * is refused; an earlier open invitation of the same address is replaced (its link stops working).
 */
export async function createInvitation(
  db: Db,
  input: { email: string; role: InvitedRole; invitedBy: string | null },
  { mailer = sendMail, now = new Date() }: { mailer?: (mail: Mail) => Promise<void>; now?: Date } = {},
) {
  const email = normalizeEmail(input.email);
  const token = newToken();
  const invitation = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    if (existing) throw new InvitationError("An account with this address already exists.");
    await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(and(eq(invitations.email, email), isNull(invitations.usedAt), isNull(invitations.revokedAt)));
    const [row] = await tx
      .insert(invitations)
      .values({ email, role: input.role, invitedBy: input.invitedBy, tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY) })
      .returning({ id: invitations.id });
    return row!;
  });
  await mailer(invitationMail(email, invitationUrl(token), input.role, INVITATION_DAYS));
  return { id: invitation.id, token };
}

/** Mails an open invitation again with a new link (the old one stops working) and a new 7 days. */
export async function resendInvitation(
  db: Db,
  id: string,
  { mailer = sendMail, now = new Date() }: { mailer?: (mail: Mail) => Promise<void>; now?: Date } = {},
) {
  const token = newToken();
  const [row] = await db
    .update(invitations)
    .set({ tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY) })
    .where(and(eq(invitations.id, id), isNull(invitations.usedAt), isNull(invitations.revokedAt)))
    .returning({ email: invitations.email, role: invitations.role });
  if (!row) return null;
  await mailer(invitationMail(row.email, invitationUrl(token), row.role === "admin" ? "admin" : "user", INVITATION_DAYS));
  return { token };
}

/** Revokes an open invitation; false when there is none with that id. */
export async function revokeInvitation(db: Queryable, id: string, now = new Date()) {
  const rows = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.id, id), isNull(invitations.usedAt), isNull(invitations.revokedAt)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/** Marks the invitation used by the new account; false when it was used (or revoked) meanwhile. */
export async function markInvitationUsed(db: Queryable, token: string, userId: string, now = new Date()) {
  const rows = await db
    .update(invitations)
    .set({ usedAt: now, usedBy: userId })
    .where(and(eq(invitations.tokenHash, hashToken(token)), isNull(invitations.usedAt), isNull(invitations.revokedAt)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

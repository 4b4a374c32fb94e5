import { z } from "zod";
import { eq } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";
import { users } from "~/server/db/schema.server";
import { errorText } from "~/server/http/errors.server";
import { failureReply, parseSubmission, successReply } from "~/server/admin/form.server";
import { createInvitation, InvitationError, INVITATION_DAYS, resendInvitation, revokeInvitation } from "./invitations.server";
import { clearLockout } from "./lockout.server";
import { recordAudit } from "~/server/admin/audit.server";
import { log } from "~/server/core/log.server";
import type { Mail } from "~/server/core/mail.server";
import { credentialsSchema } from "~/lib/admin-validation";
import { firstError } from "~/lib/form-result";

/** The intents of /admin/users handled here (the rest are changeAccount's in list-actions.server.ts). */
export const ACCESS_INTENTS = ["invite", "resend-invitation", "revoke-invitation", "unlock"] as const;

const INVITE_ERROR = "Error sending invitation";
const ACCOUNT_ERROR = "Error saving account";

const inviteSchema = z.object({
  email: credentialsSchema.shape.email,
  admin: z.literal("on").optional(),
});
const idSchema = z.object({ id: z.string({ message: "Unknown record." }).min(1, "Unknown record.").max(100, "Unknown record.") });

export function isAccessIntent(intent: unknown): intent is (typeof ACCESS_INTENTS)[number] {
  return typeof intent === "string" && (ACCESS_INTENTS as readonly string[]).includes(intent);
}

/**
 * /admin/users: 'Invite someone', 'Resend' and 'Revoke invitation' of a pending invitation, and
 * 'Unlock' of a locked account. 404 when the record is gone, 503 when the database or mail fails.
 */
export async function changeAccess(database: Db, me: { id: string }, form: FormData, mailer?: (mail: Mail) => Promise<void>) {
  const intent = form.get("intent");
  if (intent === "invite") {
    const submission = parseSubmission(form, inviteSchema, { errorTitle: INVITE_ERROR, describe: firstError });
    if (!submission.ok) return submission.reply;
    const { email, admin } = submission.value;
    try {
      const invitation = await createInvitation(database, { email, role: admin ? "admin" : "user", invitedBy: me.id }, { mailer });
      await recordAudit(database, {
        action: "user.invite",
        target: { type: "invitation", id: invitation.id, label: email.toLowerCase() },
        summary: `Invited ${email.toLowerCase()}${admin ? " with admin access" : ""}`,
        after: { email: email.toLowerCase(), role: admin ? "admin" : "user" },
      });
    } catch (error) {
      if (error instanceof InvitationError)
        return failureReply(409, INVITE_ERROR, error.message, { errors: { email: error.message }, values: submission.values });
      log.error("sending invitation failed", { error: errorText(error) });
      return failureReply(503, INVITE_ERROR, "The invitation could not be sent. Please try again.", { values: submission.values });
    }
    return successReply("Invitation sent", `We mailed ${email.toLowerCase()} a link to sign up. It works for ${INVITATION_DAYS} days.`);
  }

  const submission = parseSubmission(form, idSchema, { errorTitle: intent === "unlock" ? ACCOUNT_ERROR : INVITE_ERROR, describe: firstError });
  if (!submission.ok) return submission.reply;
  const { id } = submission.value;
  try {
    if (intent === "resend-invitation") {
      const sent = await resendInvitation(database, id, { mailer });
      if (!sent) return failureReply(404, INVITE_ERROR, "The invitation is no longer pending.");
      await recordAudit(database, { action: "user.invite-resend", target: { type: "invitation", id }, summary: "Sent an invitation again with a new link" });
      return successReply("Invitation sent again", `A new link was mailed; the earlier one no longer works. It works for ${INVITATION_DAYS} days.`);
    }
    if (intent === "revoke-invitation") {
      if (!(await revokeInvitation(database, id))) return failureReply(404, INVITE_ERROR, "The invitation is no longer pending.");
      await recordAudit(database, { action: "user.invite-revoke", target: { type: "invitation", id }, summary: "Revoked an invitation" });
      return successReply("Invitation revoked", "Its link no longer works.");
    }
    const [account] = await database.select({ email: users.email }).from(users).where(eq(users.id, id));
    if (!account) return failureReply(404, ACCOUNT_ERROR, "The account no longer exists.");
    await clearLockout(database, account.email);
    await recordAudit(database, { action: "user.unlock", target: { type: "user", id, label: account.email }, summary: `Unlocked ${account.email}` });
    return successReply("Account unlocked", `${account.email} can sign in again.`);
  } catch (error) {
    log.error("saving access failed", { error: errorText(error) });
    return failureReply(503, intent === "unlock" ? ACCOUNT_ERROR : INVITE_ERROR, "The change could not be saved. Please try again.");
  }
}

import { recordAudit } from "./audit.server";
import type { Db, Queryable, Tx } from "~/server/db/client.server";
import { errorText } from "~/server/http/errors.server";
import { failureReply, parseSubmission, successReply } from "./form.server";
import { log } from "~/server/core/log.server";
import { leadOf, setLeadHandled } from "~/server/leads/lead-queries.server";
import { AccountRuleError, deleteAccount, setAccountRole } from "~/server/accounts/user-queries.server";
import { accountChangeSchema, leadHandledSchema } from "~/lib/admin-validation";
import { firstError } from "~/lib/form-result";

/** The in-place actions of the leads and users screens, through the same form pipeline as every save. */

const LEAD_ERROR = "Error saving lead";
const ACCOUNT_ERROR = "Error saving account";

/** /admin/leads: marks a lead handled or not; 404 when it is gone, 503 when the database fails. */
export async function markLead(database: Queryable, form: FormData) {
  const submission = parseSubmission(form, leadHandledSchema, { errorTitle: LEAD_ERROR, describe: firstError });
  if (!submission.ok) return submission.reply;
  const { id, handled } = submission.value;
  let found: boolean;
  try {
    found = await setLeadHandled(database, id, handled);
  } catch (error) {
    log.error("saving lead failed", { error: errorText(error) });
    return failureReply(503, LEAD_ERROR, "The lead could not be saved. Please try again.", { values: submission.values });
  }
  if (!found) return failureReply(404, LEAD_ERROR, "The lead no longer exists.");
  const lead = await leadOf(database, id);
  await recordAudit(database, {
    action: "lead.handled",
    target: { type: "lead", id, label: lead?.label ?? null },
    summary: `Marked ${lead?.label ?? "a lead"} as ${handled ? "handled" : "not handled"}`,
    after: { handled, status: lead?.status ?? null },
  });
  return successReply(handled ? "Marked as handled" : "Marked as not handled", "The lead was updated.");
}

const ACCOUNT_DONE = {
  grant: ["Access granted", "The account is now an admin."],
  revoke: ["Access revoked", "The account no longer has admin access."],
  delete: ["Account deleted", "The account was deleted."],
} as const;

/**
 * /admin/users: grants or revokes the admin role, or deletes an account. Nobody changes their own
 * account here (400); the last admin stays (409); 404 when it is gone, 503 when the database fails.
 */
export async function changeAccount(database: Db, me: { id: string; email?: string }, form: FormData) {
  const submission = parseSubmission(form, accountChangeSchema, { errorTitle: ACCOUNT_ERROR, describe: firstError });
  if (!submission.ok) return submission.reply;
  const { id, intent } = submission.value;
  if (id === me.id) return failureReply(400, ACCOUNT_ERROR, "You cannot change or delete your own account here.");
  let found: boolean;
  const audit = async (tx: Tx, target: { email: string; role: string }) => {
    const role = intent === "grant" ? "admin" : "user";
    await recordAudit(
      tx,
      {
        actor: { id: me.id, email: me.email ?? null },
        action: intent === "delete" ? "user.delete" : intent === "grant" ? "user.grant-admin" : "user.remove-access",
        target: { type: "user", id, label: target.email },
        summary:
          intent === "delete"
            ? `Deleted the account ${target.email}`
            : `${intent === "grant" ? "Granted admin access to" : "Removed admin access from"} ${target.email}`,
        before: { role: target.role },
        after: intent === "delete" ? null : { role },
      },
      { inTransaction: true },
    );
  };
  try {
    found = intent === "delete" ? await deleteAccount(database, id, audit) : await setAccountRole(database, id, intent === "grant" ? "admin" : "user", audit);
  } catch (error) {
    if (error instanceof AccountRuleError) return failureReply(409, ACCOUNT_ERROR, error.message);
    log.error("saving account failed", { error: errorText(error) });
    return failureReply(503, ACCOUNT_ERROR, "The account could not be saved. Please try again.", { values: submission.values });
  }
  if (!found) return failureReply(404, ACCOUNT_ERROR, "The account no longer exists.");
  const [title, description] = ACCOUNT_DONE[intent];
  return successReply(title, description);
}

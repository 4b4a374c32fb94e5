import { data } from "react-router";
import { failureReply } from "~/server/admin/form.server";
import { db } from "~/server/db/client.server";
import type { FormValues } from "~/lib/form-result";
import { landingConflict, StaleLandingError } from "./landing-content.server";

export const LANDING_CONFLICT_MESSAGE =
  "The landing page was changed by someone else since you opened it. Your changes are kept below: load the saved version, or save yours over it.";

/** The refusal of an action that takes no typed text ('Discard draft', 'Restore this version'): nothing changed, see the saved version first. */
export const LANDING_ACTION_CONFLICT_MESSAGE = {
  discard:
    "The landing page was changed by someone else since you opened it. Nothing was discarded: load the saved version to see those changes before you discard them.",
  restore:
    "The landing page was changed by someone else since you opened this page. Nothing was restored: load the saved version to see those changes before you restore an earlier one.",
} as const;

export const isStaleLanding = (error: unknown): error is StaleLandingError => error instanceof StaleLandingError;

/** Each landing action's error toast title (its route's other failures use the same one). */
export const LANDING_ERROR_TITLE = {
  draft: "Error saving the landing page",
  publish: "Error publishing the landing page",
  discard: "Error discarding the draft",
  restore: "Error restoring version",
} as const;

export type LandingIntent = keyof typeof LANDING_ERROR_TITLE;

/**
 * 409 to a 'Save draft', 'Publish changes', 'Discard draft' or 'Restore this version' from a page
 * opened on an older version (decision 0055): nothing was written; the typed values (a save's) go
 * back with the version saved now and which button was pressed, so 'save mine over it' repeats it.
 */
export async function landingConflictReply(intent: LandingIntent, values?: FormValues) {
  const message = intent === "discard" || intent === "restore" ? LANDING_ACTION_CONFLICT_MESSAGE[intent] : LANDING_CONFLICT_MESSAGE;
  const failure = failureReply(409, LANDING_ERROR_TITLE[intent], message, values ? { values } : {});
  const conflict = await landingConflict(await db()).catch(() => null);
  return conflict ? data({ ...failure.data, conflict, intent }, { status: 409 }) : failure;
}

import { data } from "react-router";
import { failureReply } from "~/server/admin/form.server";
import { db } from "~/server/db/client.server";
import type { FormValues } from "~/lib/form-result";
import { landingConflict, StaleLandingError } from "./landing-content.server";

export const LANDING_CONFLICT_MESSAGE =
  "The landing page was changed by someone else since you opened it. Your changes are kept below: load the saved version, or save yours over it.";

export const isStaleLanding = (error: unknown): error is StaleLandingError => error instanceof StaleLandingError;

/**
 * 409 to a 'Save draft' or 'Publish changes' from a form opened on an older version (decision
 * 0055): nothing was written; the typed values go back with the version saved now and which button
 * was pressed, so 'save mine over it' repeats it.
 */
export async function landingConflictReply(intent: "draft" | "publish", values: FormValues) {
  const title = intent === "publish" ? "Error publishing the landing page" : "Error saving the landing page";
  const failure = failureReply(409, title, LANDING_CONFLICT_MESSAGE, { values });
  const conflict = await landingConflict(await db()).catch(() => null);
  return conflict ? data({ ...failure.data, conflict, intent }, { status: 409 }) : failure;
}

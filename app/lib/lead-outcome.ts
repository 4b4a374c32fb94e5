import { z } from "zod";
import { recordId } from "./admin-validation";

/**
 * How a lead ends: 'Won' with the deal's value (in the currency of the settings, kept with the
 * value), 'Lost' with a reason. Checked the same way in the status control and on the server.
 */

export const MAX_LOST_REASON = 500;
/** The largest deal value accepted (whole currency units, two decimals at most). */
export const MAX_DEAL_VALUE = 1_000_000_000;

const dealValue = z
  .string({ message: "Enter the deal's value." })
  .trim()
  .min(1, "Enter the deal's value.")
  .transform((value) => value.replace(/[\s,]/g, ""))
  .pipe(
    z
      .string()
      .regex(/^\d+(\.\d{1,2})?$/, "Enter the value as a number, like 12000 or 12000.50.")
      .refine((value) => Number(value) > 0 && Number(value) <= MAX_DEAL_VALUE, "Enter a value above 0 and up to 1,000,000,000."),
  );

const lostReason = z
  .string({ message: "Say why the lead was lost." })
  .trim()
  .min(1, "Say why the lead was lost.")
  .max(MAX_LOST_REASON, `Keep the reason under ${MAX_LOST_REASON} characters.`);

/**
 * /admin/leads: 'Save expected value' on an open lead (the pipeline's value, decision 0058); empty
 * clears it.
 */
export const leadExpectedSchema = z.object({
  intent: z.literal("expected", { message: "Unknown request." }),
  id: recordId(),
  value: z.union([
    z
      .string()
      .trim()
      .length(0)
      .transform(() => null),
    dealValue,
  ]),
});

/** /admin/leads: 'Won' with its value. */
export const leadWonSchema = z.object({ intent: z.literal("won", { message: "Unknown request." }), id: recordId(), value: dealValue });
/** /admin/leads: 'Lost' with its reason. */
export const leadLostSchema = z.object({ intent: z.literal("lost", { message: "Unknown request." }), id: recordId(), reason: lostReason });

export { formatDealValue } from "./currency";

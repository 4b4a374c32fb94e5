import { z } from "zod";

// No `new Function` probing: the Content Security Policy forbids eval in the browser.
z.config({ jitless: true });

const figures = z.object({
  time: z.string().trim().max(20),
  errorRate: z.string().trim().max(20),
  cost: z.string().trim().max(20),
});

/**
 * The audit request a visitor sends from the site (a lead: who they are and what they want to
 * automate), checked the same way in the browser and on the server.
 */
export const leadSchema = z.object({
  name: z.string().trim().min(1, "Please enter your name.").max(120, "Please keep your name under 120 characters."),
  email: z
    .string()
    .trim()
    .min(1, "Please enter your work email.")
    .max(200, "Please keep your email under 200 characters.")
    .pipe(z.email("Please enter a valid email address, like jane@company.com.")),
  company: z.string().trim().min(1, "Please enter your company.").max(160, "Please keep the company name under 160 characters."),
  message: z
    .string()
    .trim()
    .min(10, "Please tell us a little more about what you want to automate (at least 10 characters).")
    .max(4000, "Please keep your message under 4,000 characters."),
  source: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z0-9-]*$/)
    .optional(),
  beforeFigures: figures.optional(),
  afterFigures: figures.optional(),
});

export type LeadFieldErrors = Partial<Record<"name" | "email" | "company" | "message", string>>;

/** The first message per visible field. */
export function leadFieldErrors(error: z.ZodError): LeadFieldErrors {
  const out: LeadFieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if ((key === "name" || key === "email" || key === "company" || key === "message") && !out[key]) out[key] = issue.message;
  }
  return out;
}

export { HONEYPOT_FIELD } from "./lead-honeypot";

/**
 * `bookingRef`: the new lead's opaque reference, passed to the scheduler when the visitor books a
 * call next; `bookingUrl`: the scheduling page with it in the booking's metadata.
 */
export type LeadResponse = { ok: true; bookingRef?: string; bookingUrl?: string } | { ok: false; message: string; errors?: LeadFieldErrors };

/** Where the visitor came from, as the analytics beacon saw the visit (all optional): first touch, then last touch. */
export type LeadAttribution = {
  landingPage: string | null;
  convertedOn: string | null;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** The answer engine that referred the visit ('chatgpt', …; app/lib/answer-engines.ts), null for any other. */
  answerEngine: string | null;
  /**
   * Last touch (docs/decisions/0058): what the visit's last page view that came with a referrer, UTM
   * tags or an answer engine came with (the first page view's when none came later); null for direct.
   */
  lastReferrer: string | null;
  lastUtmSource: string | null;
  lastUtmMedium: string | null;
  lastUtmCampaign: string | null;
  lastAnswerEngine: string | null;
};

import crypto from "node:crypto";
import type { getLead } from "./lead-queries.server";

// What the CRM webhook of a new lead sends (README, 'CRM webhook'); the job that sends it is in jobs.server.ts.

/** Header names of the signed webhook (README, 'CRM webhook'). */
export const SIGNATURE_HEADER = "X-Signature";
export const TIMESTAMP_HEADER = "X-Signature-Timestamp";

/** `sha256=` and the hex HMAC-SHA256 of `${timestamp}.${body}` with the secret. */
export function webhookSignature(secret: string, timestamp: string, body: string) {
  return `sha256=${crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** What the CRM receives: the lead as the visitor sent it, its attribution and figures; never the studio's notes or status. */
export function webhookPayload(lead: NonNullable<Awaited<ReturnType<typeof getLead>>>) {
  return {
    event: "lead.created",
    lead: {
      id: lead.id,
      createdAt: lead.createdAt.toISOString(),
      name: lead.name,
      email: lead.email,
      company: lead.company,
      message: lead.message,
      source: lead.source,
      beforeFigures: lead.beforeFigures,
      afterFigures: lead.afterFigures,
      attribution: {
        landingPage: lead.landingPage,
        convertedOn: lead.convertedOn,
        referrer: lead.referrer,
        utmSource: lead.utmSource,
        utmMedium: lead.utmMedium,
        utmCampaign: lead.utmCampaign,
      },
    },
  };
}

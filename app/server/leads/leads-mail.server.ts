import type { LeadInput } from "./lead-queries.server";
import { config } from "~/server/core/env.server";
import { sendMail } from "~/server/core/mail.server";

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Mails a new audit request to LEADS_EMAIL (reply goes to the visitor), with the case study the comparison showed, if any. */
export async function mailLead(lead: LeadInput & { shownCaseStudyTitle?: string | null }) {
  const { leadsEmail, site } = config();
  const lines = [
    `New automation audit request on ${site.brandName}`,
    "",
    `Name: ${lead.name}`,
    `Email: ${lead.email}`,
    `Company: ${lead.company}`,
    `Source: ${lead.source ?? "unknown"}`,
    "",
    "What they want to automate:",
    lead.message,
  ];
  if (lead.beforeFigures && lead.afterFigures) {
    const b = lead.beforeFigures;
    const a = lead.afterFigures;
    lines.push(
      "",
      "Their comparison figures (before -> after):",
      `Data processing time: ${b.time} hours -> ${a.time} hours`,
      `Error rate: ${b.errorRate} % -> ${a.errorRate} %`,
      `Manual labor cost: $${b.cost} -> $${a.cost}`,
    );
  }
  if (lead.shownCaseStudyTitle) lines.push("", `Shown case study: ${lead.shownCaseStudyTitle}`);
  lines.push("", `See every request at ${site.siteUrl}/admin/leads`);
  const text = lines.join("\n");
  await sendMail({
    to: leadsEmail,
    subject: `Audit request from ${lead.name} (${lead.company})`,
    text,
    html: `<pre style="font-family:ui-sans-serif,system-ui,sans-serif;white-space:pre-wrap">${escapeHtml(text)}</pre>`,
    replyTo: lead.email,
  });
}

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

/**
 * The booking reminder (docs/decisions/0054): one mail to a lead who sent an audit request and has
 * booked no call, with the one-click booking link (the scheduling page, name and e-mail prefilled,
 * the lead's opaque reference in its metadata).
 */
export async function mailBookingReminder(lead: { name: string; email: string }, link: string) {
  const { site } = config();
  const first = lead.name.split(/\s+/)[0] || lead.name;
  const text = [
    `Hi ${first},`,
    "",
    `Thanks for your automation audit request to ${site.brandName}. The quickest next step is a short strategy call:`,
    "pick a time that suits you here (your name and e-mail are already filled in):",
    "",
    link,
    "",
    `— The ${site.brandName} team`,
  ].join("\n");
  const html = [
    `<p>Hi ${escapeHtml(first)},</p>`,
    `<p>Thanks for your automation audit request to ${escapeHtml(site.brandName)}. The quickest next step is a short strategy call.</p>`,
    `<p><a href="${escapeHtml(link)}">Book your strategy call</a> (your name and e-mail are already filled in).</p>`,
    `<p>— The ${escapeHtml(site.brandName)} team</p>`,
  ].join("\n");
  await sendMail({ to: lead.email, subject: `Book your strategy call with ${site.brandName}`, text, html });
}

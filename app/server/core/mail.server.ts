import type { Transporter } from "nodemailer";
import { config } from "./env.server";
import { log } from "./log.server";

export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string };

let transport: Promise<Transporter> | undefined;

async function smtp(url: string) {
  transport ??= import("nodemailer").then(({ default: nodemailer }) => nodemailer.createTransport(url));
  return transport;
}

/**
 * Sends a mail through SMTP_URL; without it, writes the mail (links included) to the server
 * log so sign-up and password reset work on a laptop without a mail server.
 */
export async function sendMail(mail: Mail) {
  const { smtpUrl, mailFrom } = config();
  if (!smtpUrl) {
    log.info(`mail (no SMTP_URL set, not sent) to ${mail.to}: ${mail.subject}\n${mail.text}`);
    return;
  }
  await (await smtp(smtpUrl)).sendMail({ from: mailFrom, ...mail });
}

import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A mail as the SMTP server received it, decoded (subject words, quoted-printable, UTF-8). */
export type ReceivedMail = { to: string[]; subject: string; text: string };

/**
 * A real SMTP server on 127.0.0.1 for integration tests: point SMTP_URL at `url` before the app's
 * config is first read, and the app's own `sendMail` (nodemailer) delivers here.
 */
export async function startSmtp() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: parsed.subject ?? "", text: parsed.text ?? "" });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

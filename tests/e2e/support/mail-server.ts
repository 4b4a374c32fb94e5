import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export const MAIL_DIR_ENV = "E2E_MAIL_DIR";

export type ReceivedMail = { to: string[]; from: string; raw: string; receivedAt: number };

/** A real SMTP server on 127.0.0.1 that writes each received mail as a JSON file in `dir`. */
export async function startMailServer(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          raw: Buffer.concat(chunks).toString("utf8"),
          receivedAt: Date.now(),
        };
        fs.writeFileSync(path.join(dir, `${Date.now()}-${++sequence}.json`), JSON.stringify(mail));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Decodes quoted-printable bodies enough to read links and text in assertions. */
export function decodeMailBody(raw: string) {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits for a mail to `to` (optionally matching `pattern`) that arrived after `since`. */
export async function waitForMail(to: string, options: { since?: number; pattern?: RegExp; timeoutMs?: number } = {}) {
  const dir = process.env[MAIL_DIR_ENV];
  if (!dir) throw new Error("The mail server is not running (global setup)");
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const mails = fs
      .readdirSync(dir)
      .sort()
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as ReceivedMail)
      .filter((m) => m.to.includes(to) && m.receivedAt >= (options.since ?? 0))
      .map((m) => ({ ...m, body: decodeMailBody(m.raw) }))
      .filter((m) => !options.pattern || options.pattern.test(m.body));
    if (mails.length) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

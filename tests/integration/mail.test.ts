import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SMTPServer } from "smtp-server";

const received: { to: string[]; raw: string }[] = [];
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("mail", () => {
  it("sends through SMTP_URL to a real SMTP server", async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    process.env.MAIL_FROM = "Studio <no-reply@studio.test>";
    const { sendMail } = await import("~/server/core/mail.server");
    await sendMail({ to: "someone@studio.test", subject: "Confirm your address", text: "Open http://localhost:3000/confirm?token=abc" });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(["someone@studio.test"]);
    expect(received[0]!.raw).toContain("Subject: Confirm your address");
    expect(received[0]!.raw).toContain("From: Studio <no-reply@studio.test>");
    expect(received[0]!.raw).toContain("token=abc");
  });
});

describe("mail without SMTP_URL", () => {
  it("writes the mail and its links to the server log instead", async () => {
    vi.resetModules();
    delete (globalThis as Record<symbol, unknown>)[Symbol.for("studio.config")];
    delete process.env.SMTP_URL;
    const lines: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    const before = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = "info";
    try {
      const { sendMail } = await import("~/server/core/mail.server");
      await sendMail({ to: "laptop@studio.test", subject: "Reset your password", text: "Reset: http://localhost:3000/reset?token=xyz" });
    } finally {
      spy.mockRestore();
      process.env.LOG_LEVEL = before;
    }
    expect(lines.join("\n")).toContain("laptop@studio.test");
    expect(lines.join("\n")).toContain("http://localhost:3000/reset?token=xyz");
    expect(received).toHaveLength(1);
  });
});

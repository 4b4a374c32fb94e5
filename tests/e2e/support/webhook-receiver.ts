import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";

export const WEBHOOK_DIR_ENV = "E2E_WEBHOOK_DIR";
/** The CRM webhook's secret in the e2e server's settings (global setup). */
export const E2E_WEBHOOK_SECRET = "e2e-webhook-secret";
/** The scheduler's webhook secret the e2e server runs with (SCHEDULER_WEBHOOK_SECRET). */
export const E2E_SCHEDULER_SECRET = "e2e-scheduler-webhook-secret";
/** A lead whose name contains this is refused (500) the first time it is delivered, then accepted. */
export const FAIL_ONCE_MARK = "fail-once";

export type ReceivedWebhook = { headers: http.IncomingHttpHeaders; body: string; status: number; receivedAt: number };

/**
 * A stand-in CRM on 127.0.0.1: writes every POST it gets as a JSON file in `dir` and answers 200,
 * except the first delivery of a lead named with FAIL_ONCE_MARK, which gets a 500.
 */
export async function startWebhookReceiver(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const refused = new Set<string>();
  let sequence = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const id = String(req.headers["x-webhook-id"] ?? "");
      const failOnce = body.includes(FAIL_ONCE_MARK) && !refused.has(id);
      if (failOnce) refused.add(id);
      const status = failOnce ? 500 : 200;
      const received: ReceivedWebhook = { headers: req.headers, body, status, receivedAt: Date.now() };
      fs.writeFileSync(path.join(dir, `${Date.now()}-${++sequence}.json`), JSON.stringify(received));
      res.writeHead(status, { "content-type": "text/plain" }).end(failOnce ? "CRM is down" : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/crm/leads`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The webhook deliveries received so far whose body matches `pattern`, oldest first. */
export function receivedWebhooks(pattern: RegExp): ReceivedWebhook[] {
  const dir = process.env[WEBHOOK_DIR_ENV];
  if (!dir) throw new Error("The webhook receiver is not running (global setup)");
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as ReceivedWebhook)
    .filter((w) => pattern.test(w.body));
}

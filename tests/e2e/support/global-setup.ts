import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { startServer } from "../../../scripts/lib/server-process";
import { makeDataTemplate, TEMPLATE_DIR_ENV } from "./data-template";
import { startMailServer, MAIL_DIR_ENV } from "./mail-server";
import { SERVER_LOG_ENV } from "./trail";
import { E2E_SCHEDULER_SECRET, E2E_WEBHOOK_SECRET, startWebhookReceiver, WEBHOOK_DIR_ENV } from "./webhook-receiver";

/**
 * Starts an in-process SMTP server (mails land as JSON files the tests read), a stand-in CRM for
 * the leads webhook, and the built app server on a fresh DATA_DIR, waits for /healthz, and returns
 * the teardown. Meanwhile it makes the template the specs' own servers start from (data-template.ts).
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]!.use.baseURL!;
  const port = new URL(baseURL).port;
  const root = path.resolve(import.meta.dirname, "../../..");
  const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
  if (!fs.existsSync(path.join(buildDir, "server/index.js"))) throw new Error(`Build the app first (npm run build): nothing in ${buildDir}`);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), "studio-e2e-"));
  const mailDir = path.join(work, "mail");
  const mail = await startMailServer(mailDir);
  process.env[MAIL_DIR_ENV] = mailDir;
  process.env.E2E_DATA_DIR = path.join(work, "data");
  const webhookDir = path.join(work, "webhooks");
  const webhook = await startWebhookReceiver(webhookDir);
  process.env[WEBHOOK_DIR_ENV] = webhookDir;

  // The server's log: a failed admin test prints its lines from the test's time (support/trail.ts).
  const serverLog = path.join(work, "server.log");
  process.env[SERVER_LOG_ENV] = serverLog;
  const templateDir = path.join(work, "template");
  const template = makeDataTemplate(buildDir, templateDir, path.join(work, "template.log"));
  const server = await startServer({
    buildDir,
    dataDir: path.join(work, "data"),
    logFile: serverLog,
    port: Number(port),
    env: {
      APP_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      LEADS_EMAIL: "leads@studio.test",
      // Every suite posts leads from 127.0.0.1; the limit itself is proven in tests/integration/leads-api.test.ts.
      LEADS_RATE_LIMIT: "1000",
      // New leads go to a stand-in CRM (support/webhook-receiver.ts); one attempt, so a refused delivery shows as failed at once.
      LEADS_WEBHOOK_URL: webhook.url,
      LEADS_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
      LEADS_WEBHOOK_RETRIES: "0",
      // The scheduler's signed booking events (tests/e2e/admin-leads-outcome.spec.ts posts them).
      SCHEDULER_WEBHOOK_SECRET: E2E_SCHEDULER_SECRET,
      E2E: "1",
    },
  });
  try {
    await template;
  } catch (error) {
    await server.stop();
    throw error;
  }
  process.env[TEMPLATE_DIR_ENV] = templateDir;

  return async () => {
    await server.stop();
    await mail.close();
    await webhook.close();
    if (!process.env.KEEP_E2E_DIR) fs.rmSync(work, { recursive: true, force: true });
    else console.log(`e2e work dir kept: ${work}`);
  };
}

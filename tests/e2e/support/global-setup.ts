import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { startMailServer, MAIL_DIR_ENV } from "./mail-server";

/**
 * Starts an in-process SMTP server (mails land as JSON files the tests read) and the built app
 * server on a fresh DATA_DIR, waits for /healthz, and returns the teardown.
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

  const logFile = path.join(work, "server.log");
  const out = fs.openSync(logFile, "a");
  const server: ChildProcess = spawn(process.execPath, [path.join(root, "server/main.js")], {
    cwd: root,
    stdio: ["ignore", out, out],
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      PORT: port,
      HOST: "127.0.0.1",
      APP_URL: baseURL,
      DATA_DIR: path.join(work, "data"),
      DATABASE_URL: "",
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      LEADS_EMAIL: "leads@studio.test",
      // Every suite posts leads from 127.0.0.1; the limit itself is proven in tests/integration/leads-api.test.ts.
      LEADS_RATE_LIMIT: "1000",
      E2E: "1",
    },
  });

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`Server exited early:\n${fs.readFileSync(logFile, "utf8")}`);
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Server did not become healthy:\n${fs.readFileSync(logFile, "utf8")}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await mail.close();
    if (!process.env.KEEP_E2E_DIR) fs.rmSync(work, { recursive: true, force: true });
    else console.log(`e2e work dir kept: ${work}`);
  };
}

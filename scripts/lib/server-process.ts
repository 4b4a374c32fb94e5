import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/** The repository root: scripts and servers run from here. */
export const ROOT = path.resolve(import.meta.dirname, "../..");

/** A free TCP port on 127.0.0.1 (the OS picks it; the probe socket is closed again). */
export async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ServerOptions = {
  /** The build server/main.js serves (BUILD_DIR). */
  buildDir: string;
  /** The embedded database's directory (DATA_DIR). */
  dataDir: string;
  /** Where the server's stdout and stderr go; shown when it fails to start. */
  logFile: string;
  /** Defaults to a free port. */
  port?: number;
  /** Extra environment, applied last (e.g. SMTP_URL, SEED_DEMO). */
  env?: NodeJS.ProcessEnv;
};

export type RunningServer = { url: string; port: number; pid: number; stop: () => Promise<void> };

/** A running child process and a stop() that sends SIGTERM (SIGKILL after 15 s) and waits for it to exit. */
export type NodeProcess = { child: ChildProcess; stop: () => Promise<void> };

/** Runs `node <args>` from the repository root with stdout and stderr appended to logFile. */
export function spawnNode(args: string[], env: NodeJS.ProcessEnv, logFile: string): NodeProcess {
  const out = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", out, out], env });
  fs.closeSync(out);
  // A script that crashes (an uncaught error skips its finally blocks) still ends what it started.
  const killOnExit = () => void child.kill("SIGTERM");
  process.once("exit", killOnExit);
  child.once("exit", () => process.off("exit", killOnExit));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
      child.once("exit", () => {
        clearTimeout(force);
        resolve();
      });
      child.kill("SIGTERM");
    });
  return { child, stop };
}

/**
 * Waits until `url` answers 2xx (4 minutes at most), polling every 250 ms. Fails at once, with the
 * process's log, when the process serving it exits.
 */
export async function waitForOk(url: string, child: ChildProcess, logFile: string) {
  // Generous: a first start migrates and seeds the embedded database, slow on a busy machine.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${fs.readFileSync(logFile, "utf8")}`);
    try {
      const response = await fetch(url);
      await response.text();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Server did not become healthy:\n${fs.readFileSync(logFile, "utf8")}`);
}

/**
 * GET a page's status and text, retrying a failed request (`retries` times): a kept-alive socket
 * the server closed while idle (e.g. during Lighthouse runs) fails with "other side closed".
 */
export async function getText(url: string, retries = 1) {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url);
      return { status: response.status, text: await response.text() };
    } catch (error) {
      if (attempt >= retries) throw error;
    }
  }
}

/**
 * Starts the built server (server/main.js) in production mode on 127.0.0.1 with the embedded
 * database and no mail, waits until /healthz answers 200 (4 minutes at most), and returns its address
 * and a stop() that sends SIGTERM (SIGKILL after 15 s). A server that fails to start is stopped.
 */
export async function startServer({ buildDir, dataDir, logFile, port, env }: ServerOptions): Promise<RunningServer> {
  const serverPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${serverPort}`;
  const { child, stop } = spawnNode(
    [path.join(ROOT, "server/main.js")],
    {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      PORT: String(serverPort),
      HOST: "127.0.0.1",
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      ...env,
    },
    logFile,
  );
  try {
    await waitForOk(`${url}/healthz`, child, logFile);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port: serverPort, pid: child.pid!, stop };
}

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { withSeededDataDir } from "./support/data-template";
import { HIT } from "./support/page-cache";

const root = path.resolve(import.meta.dirname, "../..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

function serverEnv(extra: Record<string, string>) {
  return { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir, HOST: "127.0.0.1", DATABASE_URL: "", SMTP_URL: "", ...extra };
}

async function startServer(dataDir: string, port: number, extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["server/main.js"], { cwd: root, env: serverEnv({ DATA_DIR: dataDir, PORT: String(port), ...extra }) });
  let output = "";
  child.stdout.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr.on("data", (c: Buffer) => (output += c.toString()));
  await expect.poll(() => output, { timeout: 60_000 }).toContain("Site ready");
  return { child, output: () => output };
}

function exited(child: ChildProcess) {
  return new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
}

/** A raw connection to the server, kept alive between requests as a proxy keeps one. */
function keptConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  socket.on("error", () => undefined);
  return {
    socket,
    received: () => received,
    /** The status lines answered so far. */
    statuses: () => received.match(/HTTP\/1\.1 \d+/g) ?? [],
    closed: new Promise<void>((resolve) => socket.once("close", () => resolve())),
    healthz: () => socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n"),
  };
}

/** A server on a fresh DATA_DIR (the seeded template's copy) with one kept-alive connection that has had its first answer; removed after `run`. */
async function withKeptConnection(
  port: number,
  run: (server: Awaited<ReturnType<typeof startServer>>, connection: ReturnType<typeof keptConnection>) => Promise<void>,
) {
  await withSeededDataDir("studio-keepalive-", async (dataDir) => {
    const server = await startServer(dataDir, port);
    const connection = keptConnection(port);
    connection.healthz();
    await expect.poll(connection.statuses).toEqual(["HTTP/1.1 200"]);
    await run(server, connection);
  });
}

/** PostgreSQL's control file: the cluster state is the int32 at byte 16 (1 = shut down cleanly). */
function clusterState(dataDir: string) {
  return fs.readFileSync(path.join(dataDir, "pglite", "global", "pg_control")).readInt32LE(16);
}

test.describe("server lifecycle", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  test("a bad setting stops start-up with a message naming it", () => {
    const result = spawnSync(process.execPath, ["server/main.js"], { cwd: root, env: serverEnv({ PORT: "abc" }), encoding: "utf8" });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("PORT");
  });

  test("a second server on the same DATA_DIR refuses to start and says why", () => {
    const result = spawnSync(process.execPath, ["server/main.js"], {
      cwd: root,
      env: serverEnv({ DATA_DIR: process.env.E2E_DATA_DIR!, PORT: "4399" }),
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/already in use by another process \(pid \d+\)/);
  });

  test("Ctrl-C stops cleanly so the next start needs no crash recovery", async () => {
    // From the seeded template, as the other starts here: seeding a fresh directory (the global
    // setup's template does it) took this start past its 60 s on CI's shared cores.
    await withSeededDataDir("studio-lifecycle-", async (dataDir) => {
      const first = await startServer(dataDir, 4391);
      const code = exited(first.child);
      first.child.kill("SIGINT");
      expect(await code).toBe(0);
      expect(first.output()).toContain("Stopped cleanly.");
      expect(clusterState(dataDir)).toBe(1);
      expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

      // The same check fails after a hard kill: the state is left "in production".
      const second = await startServer(dataDir, 4392);
      expect(second.output()).not.toContain("seeded demo content");
      const killed = exited(second.child);
      second.child.kill("SIGKILL");
      await killed;
      expect(clusterState(dataDir)).not.toBe(1);
    });
  });

  test("a start renders the home page, the blog and its newest posts before the port opens: their first readers get kept pages", async () => {
    const timing = async (port: number, address: string) => (await fetch(`http://127.0.0.1:${port}${address}`)).headers.get("server-timing") ?? "";
    await withSeededDataDir("studio-warm-up-", async (dataDir) => {
      const warm = await startServer(dataDir, 4395);
      expect(warm.output()).toMatch(/warmed up \{"pages":1\d,/);
      const blog = await fetch("http://127.0.0.1:4395/blog");
      expect(blog.headers.get("server-timing")).toContain(HIT);
      const newest = /href="(\/blog\/[a-z0-9-]+)"/.exec(await blog.text())![1]!;
      for (const address of ["/", newest]) expect(await timing(4395, address), address).toContain(HIT);
      // A page it does not render is rendered for its first reader: /team, and the blog's pages past
      // its last (the demo's public posts fill one page of the list), which it no longer asks for.
      expect(await timing(4395, "/team")).not.toContain(HIT);
      expect(await timing(4395, "/blog?page=2")).not.toContain(HIT);
      const stopped = exited(warm.child);
      warm.child.kill("SIGINT");
      expect(await stopped).toBe(0);

      // WARM_UP=false: nothing is rendered before the first reader.
      const cold = await startServer(dataDir, 4396, { WARM_UP: "false" });
      expect(cold.output()).not.toContain("warmed up");
      expect(await timing(4396, "/")).not.toContain(HIT);
      const done = exited(cold.child);
      cold.child.kill("SIGINT");
      expect(await done).toBe(0);
    });
  });

  test("a kept-alive connection left idle for longer than Node's 5 s default still answers, and a stop closes it", async () => {
    await withKeptConnection(4393, async (server, connection) => {
      // Idle past the 5 s at which Node closes a kept-alive connection by default.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(connection.socket.destroyed).toBe(false);
      connection.healthz();
      await expect.poll(connection.statuses).toEqual(["HTTP/1.1 200", "HTTP/1.1 200"]);
      const code = exited(server.child);
      server.child.kill("SIGTERM");
      await connection.closed;
      expect(await code).toBe(0);
      expect(server.output()).toContain("Stopped cleanly.");
    });
  });

  test("a request reaching a kept-alive connection after SIGTERM is answered, with Connection: close", async () => {
    // What a proxy does during a deploy: its next request goes out on a connection it kept. A POST
    // lost there is not retried on the other process (nginx would answer 502).
    await withKeptConnection(4394, async (server, connection) => {
      const code = exited(server.child);
      server.child.kill("SIGTERM");
      await expect.poll(server.output).toContain("SIGTERM received: stopping");
      const beacon = JSON.stringify({ type: "pageview", path: "/" });
      connection.socket.write(
        `POST /api/event HTTP/1.1\r\nHost: 127.0.0.1:4394\r\nOrigin: http://127.0.0.1:4394\r\nContent-Type: text/plain\r\nContent-Length: ${beacon.length}\r\n\r\n${beacon}`,
      );
      await expect.poll(connection.statuses).toEqual(["HTTP/1.1 200", "HTTP/1.1 204"]);
      expect(connection.received().split("HTTP/1.1 204")[1]!.toLowerCase()).toContain("connection: close");
      await connection.closed;
      expect(await code).toBe(0);
      expect(server.output()).toContain("Stopped cleanly.");
    });
  });
});

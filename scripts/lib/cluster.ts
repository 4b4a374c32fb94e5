/**
 * The production topology without containers, for the cluster test (tests/cluster) and
 * `npm run bench:cluster`: two app processes (server/main.js from a build) on one PostgreSQL
 * database, uploads in an S3-compatible store (s3rver), and Debian's nginx load-balancing them on
 * 127.0.0.1 with the same proxy rules as deploy/nginx.conf. Everything started here is stopped by
 * `stop()`; nothing listens beyond 127.0.0.1.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Client as PgClient } from "pg";
import S3rver from "s3rver";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { freePort, ROOT, spawnNode, waitForOk, type NodeProcess } from "./server-process";

/** Debian's nginx, or null when it is not installed. */
export function nginxBinary(): string | null {
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"]) if (fs.existsSync(candidate)) return candidate;
  const found = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim() : null;
}

export type AppProcess = {
  name: string;
  url: string;
  port: number;
  logFile: string;
  process: NodeProcess;
  /** SIGTERM, and waits for the process to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port (after `stop`). */
  restart(): Promise<void>;
};

export type Cluster = {
  /** nginx: the address readers use. APP_URL of both processes. */
  url: string;
  a: AppProcess;
  b: AppProcess;
  /** The cluster's own database (created on the given server, dropped by stop). */
  databaseUrl: string;
  s3Endpoint: string;
  admin: { email: string; password: string };
  work: string;
  stop(): Promise<void>;
};

export type ClusterOptions = {
  buildDir: string;
  /** A PostgreSQL server (any database on it): the cluster creates its own database there. */
  serverUrl: string;
  /** Extra environment for both app processes (e.g. LEADS_RATE_LIMIT). */
  env?: NodeJS.ProcessEnv;
  /** The first of the 4 consecutive ports used (nginx, s3rver, A, B); default: free ports the OS picks. */
  portBase?: number;
};

const BUCKET = "studio-cluster";
const SECRET = "cluster-test-auth-secret-0123456789abcdef";

/** An nginx configuration for `nginx -p dir -c nginx.conf`: runs in the foreground, everything in `dir`. */
export function nginxConfig(dir: string, listen: number, upstreams: number[]) {
  // As root, nginx's workers would switch to "nobody", who cannot write to dir.
  const user = process.getuid?.() === 0 ? "user root root;\n" : "";
  return `${user}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 11m;
  upstream app {
${upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join("\n")}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${listen};
    # nginx closes a client's connection after 1000 requests (with "Connection: close"); autocannon
    # (the test's and bench:cluster's load) ignores that header and may write its next request on
    # the closing socket, which nginx then resets: an ECONNRESET that no reader would see.
    keepalive_requests 1000000;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A process that stopped (connection refused or closed) is skipped: the request goes to the other.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
    }
  }
}
`;
}

async function adminDatabase<T>(serverUrl: string, run: (client: PgClient) => Promise<T>): Promise<T> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function startApp(name: string, port: number, env: NodeJS.ProcessEnv, work: string): AppProcess {
  const logFile = path.join(work, `${name}.log`);
  const dataDir = path.join(work, name);
  fs.mkdirSync(dataDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  const launch = () => spawnNode([path.join(ROOT, "server/main.js")], { ...env, PORT: String(port), DATA_DIR: dataDir }, logFile);
  const app: AppProcess = {
    name,
    url,
    port,
    logFile,
    process: launch(),
    stop: () => app.process.stop(),
    async restart() {
      app.process = launch();
      await waitForOk(`${url}/healthz`, app.process.child, logFile);
    },
  };
  return app;
}

export async function startCluster({ buildDir, serverUrl, env = {}, portBase }: ClusterOptions): Promise<Cluster> {
  const nginx = nginxBinary();
  if (!nginx) throw new Error("nginx is not installed (apt-get install nginx)");
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "studio-cluster-"));
  const port = async (offset: number) => (portBase ? portBase + offset : freePort());
  const [nginxPort, s3Port, portA, portB] = [await port(0), await port(1), await port(2), await port(3)];
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    if (!process.env.KEEP_CLUSTER_DIR) fs.rmSync(work, { recursive: true, force: true });
  };

  try {
    // The cluster's own database.
    const database = `studio_cluster_${crypto.randomBytes(5).toString("hex")}`;
    await adminDatabase(serverUrl, (c) => c.query(`create database ${database}`));
    cleanups.push(() => adminDatabase(serverUrl, (c) => c.query(`drop database if exists ${database} with (force)`)));
    const target = new URL(serverUrl);
    target.pathname = `/${database}`;
    const databaseUrl = target.toString();

    // The S3-compatible store and its bucket.
    const s3 = new S3rver({ port: s3Port, address: "127.0.0.1", silent: true, directory: path.join(work, "s3") });
    await s3.run();
    cleanups.push(() => s3.close());
    const s3Endpoint = `http://127.0.0.1:${s3Port}`;
    const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
    const client = new S3Client({ endpoint: s3Endpoint, region: "us-east-1", forcePathStyle: true, credentials });
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    client.destroy();

    const url = `http://127.0.0.1:${nginxPort}`;
    const appEnv: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      HOST: "127.0.0.1",
      APP_URL: url,
      TRUST_PROXY: "true",
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: SECRET,
      SEED_DEMO: "never",
      SMTP_URL: "",
      LOG_LEVEL: "warn",
      S3_BUCKET: BUCKET,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
      S3_PUBLIC_URL: "",
      ...env,
    };
    const a = startApp("a", portA, appEnv, work);
    cleanups.push(() => a.stop());
    const b = startApp("b", portB, appEnv, work);
    cleanups.push(() => b.stop());
    await Promise.all([waitForOk(`${a.url}/healthz`, a.process.child, a.logFile), waitForOk(`${b.url}/healthz`, b.process.child, b.logFile)]);

    // An admin account, as an operator makes one (npm run admin:create).
    const admin = { email: "cluster-admin@studio.test", password: "cluster-admin-passphrase" };
    const created = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin-create.ts", "--email", admin.email, "--password", admin.password], {
      cwd: ROOT,
      env: { ...appEnv, LOG_LEVEL: "silent" },
      encoding: "utf8",
    });
    if (created.status !== 0) throw new Error(`admin:create failed: ${created.stderr}${created.stdout}`);

    // nginx in front of both.
    const nginxDir = path.join(work, "nginx");
    fs.mkdirSync(nginxDir, { recursive: true });
    fs.writeFileSync(path.join(nginxDir, "nginx.conf"), nginxConfig(nginxDir, nginxPort, [portA, portB]));
    const proxy: ChildProcess = spawn(nginx, ["-p", nginxDir, "-c", path.join(nginxDir, "nginx.conf"), "-e", path.join(nginxDir, "error.log")], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let proxyErrors = "";
    proxy.stderr?.on("data", (chunk: Buffer) => (proxyErrors += chunk.toString()));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          if (proxy.exitCode !== null || proxy.signalCode !== null) return resolve();
          proxy.once("exit", () => resolve());
          proxy.kill("SIGQUIT");
        }),
    );
    try {
      await waitForOk(`${url}/healthz`, proxy, path.join(nginxDir, "error.log"));
    } catch (error) {
      throw new Error(`nginx did not start: ${proxyErrors} ${(error as Error).message}`);
    }
    return { url, a, b, databaseUrl, s3Endpoint, admin, work, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Signs in through one process (better-auth's email sign-in) and returns the session cookie. */
export async function signIn(appUrl: string, origin: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${appUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${body}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]!);
  if (cookies.length === 0) throw new Error("sign-in set no cookie");
  return cookies.join("; ");
}

/** Saves a new post through one process's admin form (the path the browser's form takes); returns its status. */
export async function createPostThrough(appUrl: string, origin: string, cookie: string, post: { title: string; slug: string; imageUrl?: string }) {
  const body = new URLSearchParams({
    intent: "save",
    title: post.title,
    slug: post.slug,
    category: "Automation",
    excerpt: "Written through one process, read through another.",
    content: "## Cluster\n\nA post saved on one process.",
    published: "on",
    ...(post.imageUrl ? { imageUrl: post.imageUrl, coverAlt: "A test cover" } : {}),
  });
  const response = await fetch(`${appUrl}/admin/blog/new`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie },
    body,
    redirect: "manual",
  });
  const text = await response.text();
  if (response.status !== 302)
    throw new Error(`saving the post answered ${response.status}: ${(text.match(/(message|description)[^,]{0,200}/g) ?? []).join(" | ")}`);
  return response.status;
}

import http from "node:http";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { drainOnStop } from "../../server/drain.js";

/**
 * server/drain.js on a real Node HTTP server, spoken to over raw sockets so that which connection
 * a request travels on (and when it closes) is in the test's hands, as a proxy's kept-alive
 * connections are.
 */
type Client = { socket: net.Socket; received: () => string; closed: Promise<void>; isClosed: () => boolean };

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(() => resolve(undefined)));
  }
});

async function serve(handler: http.RequestListener, idleMs: number) {
  const server = http.createServer(handler);
  server.keepAliveTimeout = 65_000;
  const drain = drainOnStop(server, { idleMs });
  servers.push(server);
  // The server's end of each connection, by the client's port.
  const ends = new Map<number, net.Socket>();
  server.on("connection", (socket: net.Socket) => ends.set(socket.remotePort!, socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const bytesRead = (client: Client) => ends.get(client.socket.localPort!)?.bytesRead ?? 0;
  return { drain, port: (server.address() as net.AddressInfo).port, bytesRead };
}

const ok: http.RequestListener = (_req, res) => {
  res.setHeader("Content-Type", "text/plain");
  res.end("ok");
};

async function connect(port: number): Promise<Client> {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", () => resolve()).once("error", reject));
  let received = "";
  let closed = false;
  socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
  socket.on("error", () => undefined);
  return {
    socket,
    received: () => received,
    closed: new Promise((resolve) => socket.once("close", () => ((closed = true), resolve()))),
    isClosed: () => closed,
  };
}

/** The answers received so far, as [status line, headers] pairs. */
function answers(text: string) {
  return [...text.matchAll(/(HTTP\/1\.1 \d+[^\r]*)\r\n([\s\S]*?)\r\n\r\n/g)].map(([, status, headers]) => ({ status, headers: headers!.toLowerCase() }));
}

async function ask(client: Client, pathname = "/") {
  const before = answers(client.received()).length;
  client.socket.write(`GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
  await expect.poll(() => answers(client.received()).length).toBe(before + 1);
  return answers(client.received()).at(-1)!;
}

describe("drainOnStop", () => {
  it("answers a request that reaches a kept-alive connection after the stop, with Connection: close, and refuses new connections", async () => {
    const { drain, port } = await serve(ok, 60_000);
    const client = await connect(port);
    expect((await ask(client)).status).toBe("HTTP/1.1 200 OK");

    const stopped = drain.stop();
    expect(drain.stopping).toBe(true);
    // The proxy's next request on the idle connection it kept: answered, and the connection closed after it.
    const answer = await ask(client);
    expect(answer.status).toBe("HTTP/1.1 200 OK");
    expect(answer.headers).toContain("connection: close");
    await client.closed;
    await stopped;
    await expect(connect(port)).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("closes a connection left idle only after idleMs, then resolves", async () => {
    const { drain, port } = await serve(ok, 400);
    const client = await connect(port);
    await ask(client);
    let resolved = false;
    const stopped = drain.stop().then(() => (resolved = true));
    // Not closed at once, as Node's server.close() does (it would be closed within a few ticks).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.isClosed()).toBe(false);
    expect(resolved).toBe(false);
    await client.closed;
    await stopped;
    expect(resolved).toBe(true);
  });

  it("waits for a request under way, and for one whose first bytes have arrived", async () => {
    let release: (() => void) | undefined;
    const slow: http.RequestListener = (req, res) => {
      if (req.url === "/slow") release = () => res.end("slow");
      else ok(req, res);
    };
    const { drain, port, bytesRead } = await serve(slow, 100);
    const busy = await connect(port);
    busy.socket.write("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    const partial = await connect(port);
    await ask(partial);
    // Half a request on the other connection: nothing to answer yet, but not idle either.
    const before = bytesRead(partial);
    partial.socket.write("GET /after HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    await expect.poll(() => bytesRead(partial)).toBeGreaterThan(before);
    await expect.poll(() => release !== undefined).toBe(true);

    const stopped = drain.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(busy.isClosed()).toBe(false);
    expect(partial.isClosed()).toBe(false);

    release!();
    await expect.poll(() => answers(busy.received()).length).toBe(1);
    expect(busy.received()).toContain("slow");
    partial.socket.write("\r\n");
    await expect.poll(() => answers(partial.received()).length).toBe(2);
    expect(answers(partial.received())[1]!.headers).toContain("connection: close");
    await Promise.all([busy.closed, partial.closed, stopped]);
  });
});

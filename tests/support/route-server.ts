import http from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";

/** A route's action: only its `request` is given (a resource route that reads no params or context). */
type Handler = (args: never) => Response | Promise<Response>;

/**
 * A resource route's action behind a real HTTP server on 127.0.0.1: each request's headers and body
 * stream reach it as a Fetch request (as server/main.js hands them on, with the client address in
 * x-client-ip), and its answer goes back over the socket.
 */
export async function serveAction(action: Handler) {
  const server = http.createServer((req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    headers.set("x-client-ip", req.socket.remoteAddress ?? "unknown");
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new Request(`http://127.0.0.1${req.url ?? "/"}`, {
      method: req.method,
      headers,
      ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
    });
    void (async () => {
      try {
        const response = await action({ request, params: {}, context: {} } as never);
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

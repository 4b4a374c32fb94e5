// A request body the server refuses before reading it (too large, or not signed in): the answer
// still arrives, the body is read to its end so the kept-alive connection serves the next request,
// and past 32 MB the connection is closed instead.
import fs from "node:fs";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { adminState } from "./support/admin";
import { BASE, ORIGIN } from "./support/base-url";

test.describe.configure({ mode: "serial" });

let adminStatePath = "";

test.beforeAll(async ({ browser }) => {
  adminStatePath = await adminState(browser);
});

/** The Cookie header of a session saved by Playwright. */
function cookieHeader(statePath: string) {
  const state = JSON.parse(fs.readFileSync(statePath, "utf8")) as { cookies: { name: string; value: string }[] };
  return state.cookies.map(({ name, value }) => `${name}=${value}`).join("; ");
}

type Answer = { status: number; body: string; reused: boolean };

/** A request through `agent` whose headers go first; its body is sent only once the answer has arrived. */
/**
 * Sends the headers of a POST, waits for the answer, then sends `body` (one buffer, or one chunk
 * `times` times): `sent` settles when the whole body was handed over, or fails when the server
 * closed the connection first.
 */
function answeredBeforeTheBody(agent: http.Agent, path: string, headers: http.OutgoingHttpHeaders, body: Buffer, times = 1) {
  return new Promise<Answer & { sent: Promise<void> }>((resolve, reject) => {
    const request = http.request(`${BASE}${path}`, { method: "POST", agent, headers: { ...headers, "Content-Length": body.length * times } });
    request.once("error", reject);
    request.once("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.once("end", () => {
        // Now the rest: a server that closed the connection after answering resets it under this write.
        const sent = new Promise<void>((done, failed) => {
          const closed = () => failed(new Error(`${path}: the server closed the connection before the body was sent`));
          request.off("error", reject);
          request.once("error", failed);
          if (request.socket?.destroyed !== false) return closed();
          const socket = request.socket;
          socket.once("close", closed);
          void (async () => {
            for (let i = 1; i < times && !socket.destroyed; i++) {
              // Each chunk once the last one is handed over ('drain' is not emitted once the answer has ended).
              await new Promise((written) => request.write(body, written));
            }
            request.end(body, () => {
              socket.off("close", closed);
              done();
            });
          })();
        });
        resolve({ status: response.statusCode ?? 0, body: text, reused: request.reusedSocket, sent });
      });
    });
    request.flushHeaders();
  });
}

function get(agent: http.Agent, path: string) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.get(`${BASE}${path}`, { agent }, (response) => {
      response.resume();
      response.once("end", () => resolve({ status: response.statusCode ?? 0, body: "", reused: request.reusedSocket }));
    });
    request.once("error", reject);
  });
}

test("a body refused before it is read gets its answer, is still taken to the end, and the connection serves the next request", async () => {
  const cookie = cookieHeader(adminStatePath);
  const multipart = (size: number) =>
    Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n'),
      Buffer.alloc(size),
      Buffer.from("\r\n--b--\r\n"),
    ]);
  const cases: [string, string, http.OutgoingHttpHeaders, Buffer, number, string][] = [
    [
      "an 11 MB upload from the admin",
      "/api/admin/upload",
      { Cookie: cookie, "Content-Type": "multipart/form-data; boundary=b" },
      multipart(11 * 1024 * 1024),
      413,
      "This image is too large. Choose a smaller one.",
    ],
    [
      "a 3 MB post form from the admin",
      "/admin/blog/new",
      { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      Buffer.from(`intent=save&title=Big&content=${"y".repeat(3 * 1024 * 1024)}`),
      413,
      "The form is too large to save (2 MB at most).",
    ],
    [
      "an 11 MB upload from a visitor",
      "/api/admin/upload",
      { "Content-Type": "multipart/form-data; boundary=b" },
      multipart(11 * 1024 * 1024),
      401,
      "Sign in to continue.",
    ],
  ];
  for (const [what, path, headers, body, status, message] of cases) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answer = await answeredBeforeTheBody(agent, path, { ...ORIGIN, ...headers }, body);
      expect(answer.status, what).toBe(status);
      expect(answer.body, what).toContain(message);
      await answer.sent;
      const next = await get(agent, "/robots.txt");
      expect(next.status, what).toBe(200);
      expect(next.reused, `${what}: the next request went over the same connection`).toBe(true);
    } finally {
      agent.destroy();
    }
  }
});

test("a refused body is read only up to 32 MB: past that the connection is closed", async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const headers = { ...ORIGIN, "Content-Type": "multipart/form-data; boundary=b" };
    // 512 MB offered: far more than the cap plus what the two sides' socket buffers can hold.
    const answer = await answeredBeforeTheBody(agent, "/api/admin/upload", headers, Buffer.alloc(1024 * 1024), 512);
    expect(answer.status).toBe(401);
    await expect(answer.sent).rejects.toThrow();
  } finally {
    agent.destroy();
  }
});

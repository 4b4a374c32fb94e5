// @ts-check
// How the production server stops without losing a request (server/main.js, on SIGTERM/SIGINT).
import net from "node:net";

/**
 * A connection kept alive between requests is closed by the server only once it has been idle
 * this long. A proxy (nginx's upstream keepalive) may send its next request on a connection at
 * any moment: closed while a request is already on its way, the request is lost — nginx retries a
 * GET on the other process, but not a POST (a lead, an admin save), which gets a 502.
 */
export const STOP_IDLE_MS = 1000;

/**
 * @typedef {{ busy: number; idleSince: number; bytesAtIdle: number }} ConnectionState
 * @typedef {{ readonly stopping: boolean; stop(): Promise<void> }} Drain
 */

/**
 * Follows the connections of `server` so that `stop()` can drain them: it stops accepting new
 * connections; a request arriving on a kept-alive connection after that is answered, with
 * `Connection: close`; a connection is closed once it is idle (no request under way, nothing
 * received since its last answer) for `idleMs`. Resolves when every connection has closed.
 *
 * Node's own `server.close()` closes every idle connection at once (`closeIdleConnections`), which
 * races the proxy's next request on each of them; so the listening socket is closed with
 * `net.Server`'s `close`, which leaves open connections alone.
 * @param {import("node:http").Server} server
 * @param {{ idleMs?: number }} [options]
 * @returns {Drain}
 */
export function drainOnStop(server, { idleMs = STOP_IDLE_MS } = {}) {
  /** @type {Map<net.Socket, ConnectionState>} */
  const connections = new Map();
  let stopping = false;

  server.on("connection", (/** @type {net.Socket} */ socket) => {
    connections.set(socket, { busy: 0, idleSince: Date.now(), bytesAtIdle: socket.bytesRead });
    socket.once("close", () => connections.delete(socket));
  });
  // First among the request listeners: the header must be set before any handler answers.
  server.prependListener("request", (req, res) => {
    const state = connections.get(req.socket);
    if (stopping) res.setHeader("Connection", "close");
    if (!state) return;
    state.busy += 1;
    res.once("close", () => {
      state.busy -= 1;
      state.idleSince = Date.now();
      state.bytesAtIdle = req.socket.bytesRead;
    });
  });

  const closeIdle = () => {
    const now = Date.now();
    for (const [socket, state] of connections) {
      if (state.busy === 0 && socket.bytesRead === state.bytesAtIdle && now - state.idleSince >= idleMs) socket.destroy();
    }
  };

  return {
    get stopping() {
      return stopping;
    },
    stop() {
      stopping = true;
      const closed = new Promise((resolve) => net.Server.prototype.close.call(server, () => resolve(undefined)));
      closeIdle();
      const sweep = setInterval(closeIdle, Math.max(10, Math.min(100, idleMs / 4)));
      return closed.then(() => clearInterval(sweep));
    },
  };
}

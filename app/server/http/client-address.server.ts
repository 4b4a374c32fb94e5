import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";

/**
 * The one place the client address is decided (server/main.js asks it for every request and puts
 * the answer in `x-client-ip`, replacing whatever the client sent; rate limits, lockout, the audit
 * log, leads and analytics all read that header).
 *
 * `TRUST_PROXY` says who may speak for the client in `X-Forwarded-For`:
 * - off (the default): nobody; the address is the connection's peer.
 * - a number of hops (`true` means 1): that many proxies in front; the address is the one the
 *   nearest of them saw, counted from the right of the header. A proxy that appends to the
 *   header keeps whatever the client wrote on the left, so the left-most entry is never trusted.
 * - addresses or subnets (`10.0.0.0/8,127.0.0.1`, or proxy-addr's names `loopback`, `uniquelocal`):
 *   entries from those are skipped from the right; the first address not among them is the client.
 */
export type TrustProxy = false | number | string[];

/** The most proxies a request is taken to have passed (a bigger number is a mistake, not a network). */
export const MAX_PROXY_HOPS = 10;

export const TRUST_PROXY_MESSAGE = "TRUST_PROXY must be false, true, a number of proxy hops (1–10) or a comma-separated list of proxy addresses or subnets";

/** Reads TRUST_PROXY; null when it is none of its forms. */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const text = (value ?? "").trim().toLowerCase();
  if (text === "" || text === "false" || text === "no" || text === "0") return false;
  if (text === "true" || text === "yes") return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= MAX_PROXY_HOPS ? hops : null;
  }
  const list = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    proxyaddr.compile(list);
  } catch {
    return null;
  }
  return list.length > 0 ? list : null;
}

/** The trust rule as proxy-addr (and Express's `trust proxy`) take it: hop `i` (0 = the peer) is a proxy when it returns true. */
export function trustFunction(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  return proxyaddr.compile(trust);
}

/** A resolver for one setting: compiled once, asked per request. */
export function clientAddressResolver(trust: TrustProxy) {
  const trusted = trustFunction(trust);
  return (req: Pick<IncomingMessage, "headers" | "socket">): string => {
    if (!req.socket) return "unknown";
    return proxyaddr(req, trusted) || req.socket.remoteAddress || "unknown";
  };
}

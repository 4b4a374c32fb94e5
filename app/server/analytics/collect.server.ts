import { config } from "~/server/core/env.server";
import { db } from "../db/client.server";
import { BODY_LIMITS } from "../http/request-limits.server";
import { createBatchedLimiter, type BatchedLimiter } from "~/server/http/rate-limit.server";
import { queueEvent, utcDay, type AnalyticsEvent } from "./store.server";
import { isBotAgent, traitsOf, visitorHash } from "./visitor.server";
import { classifyAnswerEngine } from "~/lib/answer-engines";

/**
 * The collect endpoint (POST /api/event), shared by the Node fast path in front of Express
 * (`collectFromNode`, server/main.js) and the resource route (routes/resources/event-api.ts, used
 * by the dev server): validates one beacon event and queues it. Records nothing for bots, for
 * `DNT: 1` or `Sec-GPC: 1`, for another origin; sets no cookie; answers 204 at once.
 */
export const COLLECT_PATH = "/api/event";
export const EVENT_TYPES = ["pageview", "cta", "audit_open", "audit_sent", "work_open", "booking"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A beacon body is a few hundred bytes; anything much larger is not one (http/request-limits.server.ts). */
export const MAX_BODY_BYTES = BODY_LIMITS.beacon;
const LIMITS = { path: 300, label: 80, referrer: 253, utm: 100 } as const;

export type CollectInput = {
  headers: { get(name: string): string | null };
  /** The client address as the server decided it (TRUST_PROXY). */
  ip: string;
  /** The Host the request reached. */
  host: string | null;
  body: string;
};

/**
 * Events per client address per minute: far above what a person clicks, low enough to stop a flood
 * from one address. Counted in memory and added to the database every second (request_limits), so
 * the limit holds across processes without a write per event.
 */
const EVENTS_PER_MINUTE = 300;
const LIMITER_KEY = Symbol.for("studio.collect-limiter");
type GlobalWithLimiter = typeof globalThis & { [LIMITER_KEY]?: BatchedLimiter };
function collectLimiter() {
  const g = globalThis as GlobalWithLimiter;
  g[LIMITER_KEY] ??= createBatchedLimiter({ name: "events", limit: EVENTS_PER_MINUTE, windowMs: 60_000 }, { database: db });
  return g[LIMITER_KEY];
}

/** On shutdown, before the database closes: the counted events are written. */
export async function stopCollectLimiter() {
  const g = globalThis as GlobalWithLimiter;
  const limiter = g[LIMITER_KEY];
  delete g[LIMITER_KEY];
  await limiter?.stop();
}

function text(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed.slice(0, max);
}

/** A site path ('/blog/x'), without query or fragment; null when it is not one. */
function sitePath(value: unknown): string | null {
  const raw = text(value, 2000);
  if (!raw || !raw.startsWith("/") || raw.startsWith("//")) return null;
  const path = raw.split(/[?#]/)[0]!;
  return path.slice(0, LIMITS.path);
}

function hostOf(value: string | null): string | null {
  if (!value) return null;
  try {
    return new URL(value).host.toLowerCase();
  } catch {
    return null;
  }
}

/** The hosts this site answers on: APP_URL's and the one the request reached. */
function siteHosts(host: string | null) {
  const hosts = new Set([new URL(config().appUrl).host.toLowerCase()]);
  if (host) hosts.add(host.toLowerCase());
  return hosts;
}

/** The referring domain ('news.ycombinator.com', 'www.' dropped), or null for none and for this site. */
export function referrerDomain(referrer: unknown, host: string | null): string | null {
  const full = text(referrer, 2000);
  if (!full) return null;
  let url: URL;
  try {
    url = new URL(full);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (siteHosts(host).has(url.host.toLowerCase())) return null;
  return (
    url.hostname
      .toLowerCase()
      .replace(/^www\./, "")
      .slice(0, LIMITS.referrer) || null
  );
}

/** The text fields of an event (as the beacon names them); each one holds printable text or is refused. */
const TEXT_FIELDS = ["path", "label", "referrer", "utm_source", "utm_medium", "utm_campaign", "landing"] as const;

/**
 * Control characters (C0, DEL, C1: NUL among them, which PostgreSQL cannot store in text) or a lone
 * UTF-16 surrogate (not a character at all): no field of an event holds them, so an event that
 * does is refused whole rather than cleaned up.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/u;

/** One event as the beacon sends it, checked and cut to size; null when it is not a valid event. */
export function parseEvent(body: string, host: string | null): Omit<AnalyticsEvent, "visitor" | "day"> | null {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return null;
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return null;
  const fields = data as Record<string, unknown>;
  if (TEXT_FIELDS.some((name) => typeof fields[name] === "string" && UNPRINTABLE.test(fields[name]))) return null;
  const type = EVENT_TYPES.find((t) => t === fields.type);
  const path = sitePath(fields.path);
  if (!type || !path || /^\/admin(\/|$)/.test(path)) return null;
  const label = type === "cta" ? text(fields.label, LIMITS.label) : null;
  if (type === "cta" && !label) return null;
  const pageview = type === "pageview";
  const utmSource = pageview ? text(fields.utm_source, LIMITS.utm) : null;
  return {
    type,
    path,
    label,
    referrer: pageview ? referrerDomain(fields.referrer, host) : null,
    utmSource,
    utmMedium: pageview ? text(fields.utm_medium, LIMITS.utm) : null,
    utmCampaign: pageview ? text(fields.utm_campaign, LIMITS.utm) : null,
    landing: sitePath(fields.landing) ?? (pageview ? path : null),
    // From the full referrer (Bing's Copilot is told apart by its path) before it is cut to a domain.
    engine: pageview ? classifyAnswerEngine(text(fields.referrer, 2000), utmSource) : null,
  };
}

/** The origin check of a write: the Origin header (else the Referer) names this site. */
function sameOrigin(input: CollectInput) {
  const hosts = siteHosts(input.host);
  const origin = input.headers.get("origin");
  const from = origin && origin !== "null" ? hostOf(origin) : hostOf(input.headers.get("referer"));
  return from !== null && hosts.has(from);
}

/** Handles one collect request; returns the HTTP status to answer with (204 whenever the request was acceptable, stored or not). */
export async function collectEvent(input: CollectInput): Promise<number> {
  const settings = config();
  if (!sameOrigin(input)) return 403;
  if (input.body.length > MAX_BODY_BYTES) return 413;
  const traits = traitsOf(input.headers, input.ip);
  // Opted out, a crawler, or analytics switched off: accepted, and nothing is recorded.
  if (!settings.analytics || traits.optedOut || isBotAgent(traits.userAgent)) return 204;
  const event = parseEvent(input.body, input.host);
  if (!event) return 400;
  if (!collectLimiter().hit(input.ip).allowed) return 429;
  const day = utcDay();
  queueEvent({ ...event, day, visitor: await visitorHash(traits, day) });
  return 204;
}

/** The parts of Node's request and response the fast path uses. */
type NodeRequest = NodeJS.ReadableStream & {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
};
type NodeResponse = { statusCode: number; setHeader(name: string, value: string): unknown; end(): unknown };

/**
 * The Node fast path (server/main.js calls it before Express): answers POST /api/event itself,
 * so a page view costs a few microseconds rather than a trip through Express and React Router.
 * The client address is the one server/main.js decided (x-client-ip, client-address.server.ts).
 * Returns false for every other request.
 */
export function collectFromNode(req: NodeRequest, res: NodeResponse): boolean {
  if (!req.url || (req.url !== COLLECT_PATH && !req.url.startsWith(`${COLLECT_PATH}?`))) return false;
  let answered = false;
  const answer = (status: number) => {
    if (answered) return;
    answered = true;
    res.statusCode = status;
    res.setHeader("Cache-Control", "no-store");
    if (status === 405) res.setHeader("Allow", "POST");
    res.end();
  };
  if (req.method !== "POST") {
    answer(405);
    return true;
  }
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
  };
  const ip = header("x-client-ip") ?? "unknown";
  const chunks: Buffer[] = [];
  let size = 0;
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
    // Answered at once; server/main.js drains what is still coming.
    req.removeListener("data", onData);
    req.removeListener("end", onEnd);
    answer(413);
  };
  const onEnd = () => {
    collectEvent({ headers: { get: header }, ip, host: header("host"), body: Buffer.concat(chunks).toString("utf8") }).then(answer, () => answer(500));
  };
  req.on("data", onData);
  req.on("end", onEnd);
  req.on("error", () => answer(400));
  return true;
}

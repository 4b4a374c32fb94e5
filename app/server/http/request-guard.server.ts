import { hasControlCharacter } from "~/lib/text";
import { BODY_LIMITS, bodyClass, decodeLeniently, describeBytes } from "./request-limits.server";

/**
 * The boundary every request crosses before the site reads it (server/main.js, then
 * router-handler.server.ts): a method the site answers, an address without stray bytes, a body
 * within its limit and without characters that no field may hold. What fails is answered here
 * with a clear 4xx and never reaches a loader, an action or the database.
 */

/** The methods the site answers; any other (TRACE, PUT, PROPFIND…) is a 405. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST"] as const;

/** Tab, line feed and carriage return: the control characters a text area holds. */
const FIELD_WHITESPACE = new Set([0x09, 0x0a, 0x0d]);

export const MESSAGES = {
  method: "This method is not allowed here.",
  address: "The address holds characters that are not allowed (such as a NUL byte) or is not valid.",
  field: "The request holds characters that no field may hold (such as a NUL byte).",
  tooLarge: (limit: number) => `The request is too large (${describeBytes(limit)} at most).`,
} as const;

export type Refusal = { status: 400 | 405 | 413; message: string; headers?: Record<string, string> };

/** A field's text holds a character no field may hold. */
export function hasForbiddenCharacter(text: string) {
  return hasControlCharacter(text, FIELD_WHITESPACE);
}

/** The path and query, percent-decoded as the site reads them, hold no control character. */
export function isCleanAddress(url: string) {
  const at = url.indexOf("?");
  const path = at === -1 ? url : url.slice(0, at);
  const query = at === -1 ? "" : url.slice(at + 1);
  return [path, ...query.split(/[&=]/)].every((part) => !hasControlCharacter(decodeLeniently(part)));
}

type Head = { method?: string; url?: string; headers: Record<string, string | string[] | undefined> };

/**
 * What can be refused before a byte of the body is read: the method, the address and a declared
 * length past the limit of a body anyone may send. (An admin form or upload declared too large
 * reaches its screen, which answers with its own message without reading it.) Null: go on.
 */
export function refuseEarly(req: Head): Refusal | null {
  const method = (req.method ?? "").toUpperCase();
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
    return { status: 405, message: MESSAGES.method, headers: { Allow: ALLOWED_METHODS.join(", ") } };
  }
  const url = req.url ?? "/";
  if (!isCleanAddress(url)) return { status: 400, message: MESSAGES.address };
  const pathname = url.split("?")[0]!;
  const kind = bodyClass(pathname);
  const declared = Number(req.headers["content-length"] ?? 0);
  if ((kind === "public" || kind === "beacon") && declared > BODY_LIMITS[kind]) {
    return { status: 413, message: MESSAGES.tooLarge(BODY_LIMITS[kind]) };
  }
  return null;
}

function walk(value: unknown): boolean {
  if (typeof value === "string") return hasForbiddenCharacter(value);
  if (Array.isArray(value)) return value.some(walk);
  if (value && typeof value === "object") return Object.entries(value).some(([key, v]) => hasForbiddenCharacter(key) || walk(v));
  return false;
}

/**
 * Whether a whole body (read within its limit) holds a character no field may hold, by its type:
 * form fields (URL-encoded or multipart: the text fields, not the files' bytes), JSON strings,
 * plain text. A body that does not parse is left to its handler, which answers its own 400.
 */
export async function bodyHasForbiddenCharacter(body: Buffer, contentType: string | undefined): Promise<boolean> {
  const type = (contentType ?? "").toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded")) {
    for (const [key, value] of new URLSearchParams(body.toString("utf8"))) if (hasForbiddenCharacter(key) || hasForbiddenCharacter(value)) return true;
    return false;
  }
  if (type.startsWith("multipart/form-data")) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType! } }).formData();
    } catch {
      return false;
    }
    for (const [key, value] of form) {
      if (hasForbiddenCharacter(key) || hasForbiddenCharacter(typeof value === "string" ? value : value.name)) return true;
    }
    return false;
  }
  const text = body.toString("utf8");
  if (type.includes("json")) {
    try {
      return walk(JSON.parse(text));
    } catch {
      return hasForbiddenCharacter(text);
    }
  }
  return type.startsWith("text/") ? hasForbiddenCharacter(text) : false;
}

/** How a refusal is written: JSON ({ ok: false, message }, the shape the site's APIs answer with) for a client that asks for it, else text. */
export function refusalBody(refusal: Refusal, accept: string | undefined): { type: string; body: string } {
  const wantsJson = /\bapplication\/json\b/.test(accept ?? "") && !/\btext\/html\b/.test(accept ?? "");
  return wantsJson
    ? { type: "application/json; charset=utf-8", body: JSON.stringify({ ok: false, message: refusal.message }) }
    : { type: "text/plain; charset=utf-8", body: refusal.message };
}

type Writable = {
  headersSent: boolean;
  writableEnded: boolean;
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(body?: string): unknown;
};

/** Answers a refusal (nothing when an answer is already under way). The unread body is drained by server/main.js. */
export function sendRefusal(req: Head, res: Writable, refusal: Refusal) {
  if (res.headersSent || res.writableEnded) return;
  const accept = req.headers.accept;
  const { type, body } = refusalBody(refusal, Array.isArray(accept) ? accept.join(",") : accept);
  res.statusCode = refusal.status;
  res.setHeader("Content-Type", type);
  res.setHeader("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(refusal.headers ?? {})) res.setHeader(name, value);
  res.end(body);
}

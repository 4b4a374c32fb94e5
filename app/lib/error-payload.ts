import { data, isRouteErrorResponse } from "react-router";

/**
 * The one body every thrown error response carries (loaders and actions), and how an error
 * boundary reads it back. Isomorphic: no server imports here.
 */
export type ErrorPayload = {
  /** Safe to show: written for visitors, never a raw exception text. */
  message: string;
  /** The admin screens' destructive load-error toast title (e.g. 'Error loading post'). */
  toastTitle?: string;
  /** Why a 403 was answered: a signed-in account without the admin role, or a cross-site write. */
  reason?: "waiting-for-access" | "cross-origin";
  /** The signed-in address on the "waiting for access" screen. */
  email?: string;
};

/** What a boundary shows for an error that is not a response (a bug or a raw exception). */
export const GENERIC_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

/** Throws an error response with the payload; every loader and action error goes through here. */
export function throwError(status: number, payload: ErrorPayload, init: { statusText?: string; headers?: HeadersInit } = {}): never {
  throw data(payload, { status, ...init });
}

/**
 * Reads a thrown response's body back as a payload (a bare string is the message). Tolerant: a
 * field of the wrong type is dropped, never a crash in the boundary. Written by hand rather than
 * with Zod, which would put its parser into every public page's JavaScript (this module is in
 * the boundaries that every page loads) and probe `new Function`, which the CSP refuses.
 */
export function payloadFrom(body: unknown): ErrorPayload {
  if (typeof body === "string") return { message: body };
  if (typeof body !== "object" || body === null) return { message: "" };
  const field = (key: string) => {
    const value: unknown = (body as Record<string, unknown>)[key];
    return typeof value === "string" ? value : undefined;
  };
  const reason = field("reason");
  return {
    message: field("message") ?? "",
    toastTitle: field("toastTitle"),
    reason: reason === "waiting-for-access" || reason === "cross-origin" ? reason : undefined,
    email: field("email"),
  };
}

/** A route error as boundaries see it. `unexpected` errors were not responses: their text is never shown. */
export type RouteErrorInfo = { status: number; statusText: string; payload: ErrorPayload; unexpected: boolean; error: unknown };

export function routeErrorInfo(error: unknown): RouteErrorInfo {
  if (isRouteErrorResponse(error)) {
    return { status: error.status, statusText: error.statusText, payload: payloadFrom(error.data), unexpected: false, error };
  }
  return { status: 500, statusText: "", payload: { message: GENERIC_ERROR_MESSAGE }, unexpected: true, error };
}

import { createCookie } from "react-router";
import { config } from "~/server/core/env.server";
import type { Toast } from "~/lib/form-result";

/** Carries a success toast across the redirect after a save (read once by the admin layout). */
let cookie: ReturnType<typeof createCookie> | undefined;
function flashCookie() {
  cookie ??= createCookie("admin_flash", { path: "/admin", httpOnly: true, sameSite: "lax", maxAge: 60, secrets: [config().authSecret] });
  return cookie;
}

const secure = () => config().appUrl.startsWith("https:");

export async function flashHeader(message: Toast) {
  return { "Set-Cookie": await flashCookie().serialize(message, { secure: secure() }) };
}

function isToast(value: unknown): value is Toast {
  return typeof value === "object" && value !== null && "id" in value && "title" in value && typeof value.title === "string";
}

/** The flash toast, if any, and the header that clears it. */
export async function readFlash(request: Request): Promise<{ flash: Toast | null; headers?: HeadersInit }> {
  const value: unknown = await flashCookie().parse(request.headers.get("Cookie"));
  if (!isToast(value)) return { flash: null };
  return { flash: value, headers: { "Set-Cookie": await flashCookie().serialize("", { maxAge: 0, secure: secure() }) } };
}

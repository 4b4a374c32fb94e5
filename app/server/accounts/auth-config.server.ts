import type { Mail } from "~/server/core/mail.server";

/**
 * The settings better-auth is made with in auth.server.ts that are not wiring: its rate limits and
 * what a page says when one is hit, how often a session is renewed, the admin plugin's endpoints
 * that stay closed, and the two mails it sends (reset a password, confirm an address).
 */

/** Per-client limit of every other auth endpoint: `max` requests per `window` seconds. */
export const AUTH_DEFAULT_RATE_LIMIT = { window: 60, max: 100 } as const;

/** Per-client limits of the endpoints that guess or send mail (better-auth's own limiter; windows in seconds). */
export const AUTH_RATE_LIMITS = {
  "/sign-in/email": { window: 60, max: 30 },
  "/sign-up/email": { window: 60 * 10, max: 20 },
  "/request-password-reset": { window: 60 * 10, max: 5 },
  "/reset-password": { window: 60 * 10, max: 10 },
  "/send-verification-email": { window: 60 * 10, max: 5 },
  // Two-factor sign-in (the plugin's own rule is 3 per 10 s); each sign-in challenge also ends
  // after 5 wrong codes, and 10 in a row lock the account's second factor for 15 minutes.
  "/two-factor/verify-totp": { window: 60, max: 10 },
  "/two-factor/verify-backup-code": { window: 60, max: 10 },
  "/two-factor/enable": { window: 60, max: 10 },
  "/two-factor/disable": { window: 60, max: 10 },
} as const;

/** How often a session's expiry (and so its 'last active' time on /admin/account) is renewed, in seconds. */
export const SESSION_UPDATE_AGE = 60 * 10;

export const ADMIN_PLUGIN_WRITES = [
  "/admin/set-role",
  "/admin/create-user",
  "/admin/update-user",
  "/admin/remove-user",
  "/admin/ban-user",
  "/admin/unban-user",
  "/admin/set-user-password",
  "/admin/impersonate-user",
  "/admin/revoke-user-session",
  "/admin/revoke-user-sessions",
] as const;

/** "a minute", "10 minutes", "1 hour", "90 seconds": a rate-limit window in words. */
function windowText(seconds: number) {
  if (seconds === 60) return "a minute";
  if (seconds % 3600 === 0) return seconds === 3600 ? "an hour" : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

/**
 * What a page says when an auth endpoint refuses a client for sending too much: the wait is that
 * endpoint's own window (AUTH_RATE_LIMITS, else the default), after which the count starts again.
 */
export function rateLimitMessage(path: string) {
  const rule = (AUTH_RATE_LIMITS as Record<string, { window: number } | undefined>)[path] ?? AUTH_DEFAULT_RATE_LIMIT;
  return `Too many attempts. Please wait ${windowText(rule.window)} and try again.`;
}

/** The mail with the link to choose a new password. */
export function resetPasswordMail(brand: string, to: string, url: string): Mail {
  return {
    to,
    subject: `Reset your ${brand} password`,
    text: `Someone asked to reset the password of your ${brand} account.\n\nChoose a new password here:\n${url}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
    html: mailHtml(
      `Reset your ${brand} password`,
      "Choose a new password with the button below. If you did not ask for this, ignore this mail.",
      url,
      "Choose a new password",
    ),
  };
}

/** The mail with the link that confirms a new account's address. */
export function confirmAddressMail(brand: string, to: string, url: string): Mail {
  return {
    to,
    subject: `Confirm your ${brand} account`,
    text: `Confirm your e-mail address to finish signing up:\n${url}\n\nIf you did not sign up, ignore this mail.`,
    html: mailHtml(`Confirm your ${brand} account`, "Confirm your e-mail address to finish signing up.", url, "Confirm my address"),
  };
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function mailHtml(title: string, text: string, url: string, action: string) {
  const href = escapeHtml(url);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="${href}" style="display:inline-block;background:#5b3df5;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#555">Or paste this address into your browser: ${href}</p>
</body></html>`;
}

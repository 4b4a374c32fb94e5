import { callAuthEndpoint, type Auth } from "./auth.server";
import { twoFactorMessage } from "./account.server";

export type SecondFactorResult = { ok: true; headers: Headers } | { ok: false; status: number; message: string };

/**
 * The second step of a sign-in: a 6-digit code from the authenticator app ('totp') or one of the
 * recovery codes ('recovery', each good once). better-auth's two-factor plugin checks it against
 * the pending sign-in its cookie names and, when right, opens the session (its Set-Cookie comes back).
 */
export async function verifySecondFactor(request: Request, method: string, rawCode: string, instance?: Auth): Promise<SecondFactorResult> {
  const recovery = method === "recovery";
  const code = recovery ? rawCode.trim() : rawCode.replace(/\s+/g, "");
  if (!code) return { ok: false, status: 400, message: recovery ? "Enter one of your recovery codes." : "Enter the 6-digit code from your authenticator app." };
  if (!recovery && !/^\d{6}$/.test(code)) return { ok: false, status: 400, message: "The code has 6 digits." };
  const result = await callAuthEndpoint(request, recovery ? "/two-factor/verify-backup-code" : "/two-factor/verify-totp", { code }, instance);
  if (!result.ok) return { ok: false, status: result.status >= 500 ? 503 : result.status, message: twoFactorMessage(result.message) };
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  return { ok: true, headers };
}

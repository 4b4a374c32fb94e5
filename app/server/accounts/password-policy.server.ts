import { newPasswordLengthProblem, PASSWORD_MESSAGES } from "~/lib/admin-validation";

/**
 * Whether a new password may be used (PRODUCT.md: at least 12 characters, not in a shipped list of
 * common passwords). The list is @zxcvbn-ts/language-common's "passwords-common" (about 49,000
 * lower-case entries, see docs/decisions/0026-passwords-common-list.md), read from the package on
 * the first check and kept in a Set: no network call, nothing loaded for a page that sets no password.
 */

let commonPasswords: Promise<ReadonlySet<string>> | null = null;

function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"].map((p) => p.toLowerCase())));
  commonPasswords.catch(() => {
    commonPasswords = null;
  });
  return commonPasswords;
}

/** True when the password, in any case, is on the common-passwords list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}

/**
 * Why `password` is refused as a new password (one of PASSWORD_MESSAGES), or null when it is
 * acceptable: its length, then the common list, then the account's own e-mail address or the part
 * before its "@" (any case), when `email` is known.
 */
export async function passwordProblem(password: string, email?: string | null): Promise<string | null> {
  const length = newPasswordLengthProblem(password);
  if (length) return length;
  if (await isCommonPassword(password)) return PASSWORD_MESSAGES.common;
  if (email) {
    const lower = password.toLowerCase();
    const address = email.trim().toLowerCase();
    const local = address.split("@")[0];
    if (lower === address || (local && lower === local)) return PASSWORD_MESSAGES.email;
  }
  return null;
}

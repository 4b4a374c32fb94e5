import { describe, expect, it } from "vitest";
import { isCommonPassword, passwordProblem } from "./password-policy.server";
import { isPasswordMessage, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, newPasswordLengthProblem, PASSWORD_MESSAGES } from "~/lib/admin-validation";

describe("password policy", () => {
  it("says exactly what the forms show", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(12);
    expect(MAX_PASSWORD_LENGTH).toBe(128);
    expect(PASSWORD_MESSAGES.tooShort).toBe("Use at least 12 characters.");
    expect(PASSWORD_MESSAGES.common).toBe("This password is too common. Choose another.");
    expect(isPasswordMessage("This password is too common. Choose another.")).toBe(true);
    expect(isPasswordMessage("Invalid email or password")).toBe(false);
  });

  it("needs 12 to 128 characters", async () => {
    expect(await passwordProblem("tr0ub4dor&3")).toBe("Use at least 12 characters."); // 11
    expect(await passwordProblem("")).toBe("Use at least 12 characters.");
    expect(await passwordProblem("tr0ub4dor&3x")).toBeNull(); // 12
    expect(await passwordProblem("x".repeat(128) + "y")).toBe(PASSWORD_MESSAGES.tooLong);
    expect(newPasswordLengthProblem("eleven-char")).toBe("Use at least 12 characters.");
    expect(newPasswordLengthProblem("twelve-chars")).toBeNull();
  });

  it("refuses the shipped common passwords in any case", async () => {
    for (const common of ["password1234", "Password1234", "QWERTY123456", "1q2w3e4r5t6y", "administrator"]) {
      expect(await passwordProblem(common), common).toBe("This password is too common. Choose another.");
    }
    expect(await isCommonPassword("password")).toBe(true);
    expect(await isCommonPassword("a lantern by the quiet canal")).toBe(false);
    expect(await passwordProblem("a lantern by the quiet canal")).toBeNull();
  });

  it("refuses the account's own e-mail address or the part before its @", async () => {
    const email = "Marguerite.Yourcenar@studio.test";
    expect(await passwordProblem("marguerite.yourcenar@studio.test", email)).toBe(PASSWORD_MESSAGES.email);
    expect(await passwordProblem("MARGUERITE.YOURCENAR", email)).toBe(PASSWORD_MESSAGES.email);
    expect(await passwordProblem("marguerite.yourcenar!", email)).toBeNull();
    expect(await passwordProblem("marguerite.yourcenar")).toBeNull();
  });
});

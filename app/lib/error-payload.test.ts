import { describe, expect, it } from "vitest";
import { payloadFrom } from "./error-payload";

describe("payloadFrom", () => {
  it("reads every known field of a thrown payload", () => {
    expect(payloadFrom({ message: "Post not found.", toastTitle: "Error loading post", reason: "waiting-for-access", email: "a@b.c" })).toEqual({
      message: "Post not found.",
      toastTitle: "Error loading post",
      reason: "waiting-for-access",
      email: "a@b.c",
    });
  });

  it("takes a bare string as the message", () => {
    expect(payloadFrom("No article slug provided").message).toBe("No article slug provided");
  });

  it("drops fields of the wrong type or unknown reasons instead of failing", () => {
    expect(payloadFrom({ message: 42, toastTitle: ["x"], reason: "because", email: null })).toEqual({
      message: "",
      toastTitle: undefined,
      reason: undefined,
      email: undefined,
    });
    expect(payloadFrom(null)).toEqual({ message: "" });
    expect(payloadFrom(undefined)).toEqual({ message: "" });
  });
});

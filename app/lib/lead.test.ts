import { describe, expect, it } from "vitest";
import { leadFieldErrors, leadSchema } from "./lead";

describe("leadSchema", () => {
  it("accepts a complete request and trims it", () => {
    const parsed = leadSchema.parse({ name: " Ada ", email: "ada@example.com", company: "Engines", message: "Our weekly reporting" });
    expect(parsed.name).toBe("Ada");
  });

  it("names every missing or wrong field", () => {
    const result = leadSchema.safeParse({ name: "", email: "nope", company: " ", message: "short" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(leadFieldErrors(result.error)).toEqual({
      name: "Please enter your name.",
      email: "Please enter a valid email address, like jane@company.com.",
      company: "Please enter your company.",
      message: "Please tell us a little more about what you want to automate (at least 10 characters).",
    });
  });
});

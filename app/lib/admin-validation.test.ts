import { describe, expect, it } from "vitest";
import { credentialsSchema, fieldErrors, postSchema, teamMemberSchema, testimonialSchema } from "./admin-validation";

const post = { title: "A title", slug: "a-title", category: "Automation", content: "Body", excerpt: "", imageUrl: "", tagIds: [] };

describe("admin form validation", () => {
  it("accepts a valid post and reads switches", () => {
    const parsed = postSchema.parse({ ...post, published: "on" });
    expect(parsed).toMatchObject({ title: "A title", published: true, featured: false, imageUrl: null, excerpt: "" });
  });

  it("rejects bad slugs, long titles, foreign images and unknown tag ids with clear messages", () => {
    const result = postSchema.safeParse({ ...post, slug: "Not A Slug!", title: "x".repeat(201), imageUrl: "javascript:alert(1)", tagIds: ["1 OR 1=1"] });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(errors.slug).toMatch(/lower-case letters/);
    expect(errors.title).toBe("Title must be at most 200 characters.");
    expect(errors.imageUrl).toBe("Cover image must be an uploaded image.");
    expect(errors.tagIds).toBe("Unknown tag.");
  });

  it("accepts uploaded image paths and http(s) addresses", () => {
    expect(postSchema.parse({ ...post, imageUrl: "/uploads/blog-images/3f1c.png" }).imageUrl).toBe("/uploads/blog-images/3f1c.png");
    expect(postSchema.parse({ ...post, imageUrl: "https://cdn.example/x.png" }).imageUrl).toBe("https://cdn.example/x.png");
    expect(postSchema.safeParse({ ...post, imageUrl: "/uploads/../../etc/passwd" }).success).toBe(false);
  });

  it("parses display order as a whole number only", () => {
    const member = { name: "N", position: "P", photoUrl: "", linkedinUrl: "" };
    expect(teamMemberSchema.parse({ ...member, displayOrder: " 3 " }).displayOrder).toBe(3);
    expect(teamMemberSchema.parse({ ...member, displayOrder: "-2" }).displayOrder).toBe(-2);
    for (const bad of ["1.5", "abc", "1e3", "", "99999999999"]) {
      expect(teamMemberSchema.safeParse({ ...member, displayOrder: bad }).success, bad).toBe(false);
    }
    expect(teamMemberSchema.parse({ ...member, displayOrder: "1" }).active).toBe(false);
    expect(teamMemberSchema.safeParse({ ...member, displayOrder: "1", linkedinUrl: "linkedin.com/in/x" }).success).toBe(false);
  });

  it("requires every testimonial field but the avatar", () => {
    const errors = fieldErrors(testimonialSchema.safeParse({}).error!);
    expect(Object.keys(errors).sort()).toEqual(["company", "displayOrder", "name", "quote"]);
  });

  it("checks credentials: email format and a password", () => {
    expect(credentialsSchema.safeParse({ email: "a@b.co", password: "x" }).success).toBe(true);
    expect(fieldErrors(credentialsSchema.safeParse({ email: "nope", password: "" }).error!)).toEqual({
      email: "Enter a valid email address.",
      password: "Password is required.",
    });
  });
});

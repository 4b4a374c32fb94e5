import { describe, expect, it } from "vitest";
import * as base from "./admin-validation";
import { credentialsSchema, fieldErrors, isUploadedImageUrl } from "./admin-validation";

const STORE = "https://cdn.example/blog-images/";
const postSchema = base.postSchema([STORE]);
const teamMemberSchema = base.teamMemberSchema([STORE]);
const testimonialSchema = base.testimonialSchema([STORE]);
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

  it("accepts uploaded images only: /uploads/ paths and addresses in the image store", () => {
    expect(postSchema.parse({ ...post, imageUrl: "/uploads/blog-images/3f1c.png" }).imageUrl).toBe("/uploads/blog-images/3f1c.png");
    expect(postSchema.parse({ ...post, imageUrl: "https://cdn.example/blog-images/team/x.png" }).imageUrl).toBe("https://cdn.example/blog-images/team/x.png");
    for (const bad of ["/uploads/../../etc/passwd", "/etc/passwd", "javascript:alert(1)", "data:image/png;base64,AAAA", "//evil.example/x.png"]) {
      expect(fieldErrors(postSchema.safeParse({ ...post, imageUrl: bad }).error!).imageUrl, bad).toBe("Cover image must be an uploaded image.");
    }
  });

  it.each([
    ["another site", "https://images.example.org/me.jpg"],
    ["the store's host outside its folder", "https://cdn.example/other/x.png"],
    ["a look-alike host", "https://cdn.example.evil.test/blog-images/x.png"],
    ["a path that climbs out of the store", "https://cdn.example/blog-images/../secret.png"],
    ["this site's address without the store", "http://localhost:3000/og-image.png"],
  ])("refuses an image from %s, saying why", (_, url) => {
    const photo = fieldErrors(teamMemberSchema.safeParse({ name: "N", position: "P", displayOrder: "1", photoUrl: url }).error!).photoUrl;
    expect(photo).toBe(
      "Photo must be uploaded here: images from other websites are blocked by this site's security policy. Choose the file to upload it instead.",
    );
    const avatar = fieldErrors(testimonialSchema.safeParse({ name: "N", company: "C", quote: "Q", displayOrder: "1", avatarUrl: url }).error!).avatarUrl;
    expect(avatar).toMatch(/^Avatar must be uploaded here: images from other websites are blocked/);
  });

  it("without an image store, only /uploads/ paths are uploads", () => {
    expect(isUploadedImageUrl("/uploads/blog-images/team/a.webp", [])).toBe(true);
    expect(isUploadedImageUrl("https://cdn.example/blog-images/a.webp", [])).toBe(false);
    expect(
      base.teamMemberSchema([]).safeParse({ name: "N", position: "P", displayOrder: "1", photoUrl: "https://cdn.example/blog-images/a.webp" }).success,
    ).toBe(false);
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

  it("keeps a bio and a role optional (empty is null) and refuses them past their limits with the field's name", () => {
    const member = { name: "N", position: "P", displayOrder: "1" };
    expect(teamMemberSchema.parse({ ...member, bio: "  " }).bio).toBeNull();
    expect(teamMemberSchema.parse(member).bio).toBeNull();
    expect(teamMemberSchema.parse({ ...member, bio: " Builds agents. " }).bio).toBe("Builds agents.");
    expect(fieldErrors(teamMemberSchema.safeParse({ ...member, bio: "x".repeat(601) }).error!).bio).toBe("Bio must be at most 600 characters.");
    const quote = { name: "N", company: "C", quote: "Q", displayOrder: "1" };
    expect(testimonialSchema.parse({ ...quote, role: "" }).role).toBeNull();
    expect(testimonialSchema.parse({ ...quote, role: "COO" }).role).toBe("COO");
    expect(fieldErrors(testimonialSchema.safeParse({ ...quote, role: "x".repeat(121) }).error!).role).toBe("Role must be at most 120 characters.");
  });

  it("checks credentials: email format and a password", () => {
    expect(credentialsSchema.safeParse({ email: "a@b.co", password: "x" }).success).toBe(true);
    expect(fieldErrors(credentialsSchema.safeParse({ email: "nope", password: "" }).error!)).toEqual({
      email: "Enter a valid email address.",
      password: "Password is required.",
    });
  });
});

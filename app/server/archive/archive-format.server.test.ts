import { describe, expect, it } from "vitest";
import { contentTypeFor, isExcludedTable } from "./archive-format.server";
import { uploadUrlRewriter } from "./site-import.server";

describe("site archive helpers", () => {
  it("moves this site's image addresses to the new store in a row's JSON text, and leaves other sites' alone", () => {
    const move = uploadUrlRewriter({ from: "/uploads/blog-images/", to: "https://cdn.example/site/blog-images/" });
    const row = JSON.stringify({
      image_url: "/uploads/blog-images/a.png",
      content: "![x](/uploads/blog-images/team/b.jpg) and https://elsewhere.example/uploads/blog-images/c.png",
    });
    expect(JSON.parse(move(row))).toEqual({
      image_url: "https://cdn.example/site/blog-images/a.png",
      content: "![x](https://cdn.example/site/blog-images/team/b.jpg) and https://elsewhere.example/uploads/blog-images/c.png",
    });
    expect(uploadUrlRewriter(null)(row)).toBe(row);
  });

  it("leaves out sessions, tokens and every rate-limit table, nothing else", () => {
    expect(["sessions", "verifications", "rate_limits", "auth_rate_limit_hits"].filter(isExcludedTable)).toHaveLength(4);
    expect(["users", "accounts", "blog_posts", "audit_log", "two_factors", "invitations", "settings"].filter(isExcludedTable)).toEqual([]);
  });

  it("stores files on S3 with their image type", () => {
    expect(contentTypeFor("team/a.JPG")).toBe("image/jpeg");
    expect(contentTypeFor("b-960.webp")).toBe("image/webp");
    expect(contentTypeFor("notes.bin")).toBe("application/octet-stream");
  });
});

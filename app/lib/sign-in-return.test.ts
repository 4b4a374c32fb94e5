import { describe, expect, it } from "vitest";
import { isGuardDetour, pageOfDataRequest, safeReturnPath, signInPath, withReturn } from "./sign-in-return";

describe("pageOfDataRequest", () => {
  it("is the page a save or a navigation of the app was made on", () => {
    expect(pageOfDataRequest(new URL("http://x/admin/blog/edit/abc.data"))).toBe("/admin/blog/edit/abc");
    expect(pageOfDataRequest(new URL("http://x/admin/blog.data?index&q=seo&_routes=routes%2Fadmin%2Fposts"))).toBe("/admin/blog?q=seo");
    expect(pageOfDataRequest(new URL("http://x/admin/team/_.data"))).toBe("/admin/team/");
  });
});

describe("safeReturnPath", () => {
  it("keeps a back-office page with its query", () => {
    expect(safeReturnPath("/admin/blog/edit/abc")).toBe("/admin/blog/edit/abc");
    expect(safeReturnPath("/admin/blog?q=a%20b&page=2")).toBe("/admin/blog?q=a%20b&page=2");
    expect(safeReturnPath("/admin")).toBe("/admin");
  });

  it("refuses anything that could leave the site or is no back-office page", () => {
    for (const value of [
      "//evil.example/admin",
      "/\\evil.example",
      "/admin\\..\\evil",
      "https://evil.example/admin",
      "https:evil.example",
      "javascript:alert(1)",
      "/admin/../evil",
      "/administrator",
      "/blog",
      "/admin/auth",
      "/admin/auth?redirectTo=/admin",
      "/admin/\u0000x",
      "/admin/\nx",
      "",
      null,
      42,
      `/admin/${"x".repeat(2001)}`,
    ]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });
});

describe("signInPath and withReturn", () => {
  it("name the page to return to only when it is one", () => {
    expect(signInPath("/admin/blog/new")).toBe("/admin/auth?redirectTo=%2Fadmin%2Fblog%2Fnew");
    expect(signInPath("//evil.example")).toBe("/admin/auth");
    expect(signInPath(null)).toBe("/admin/auth");
    expect(withReturn("/admin/auth?two-factor=code", "/admin/team/new")).toBe("/admin/auth?two-factor=code&redirectTo=%2Fadmin%2Fteam%2Fnew");
    expect(withReturn("/admin/auth", null)).toBe("/admin/auth");
  });
});

describe("isGuardDetour", () => {
  it("is the sign-in page and the two-factor set-up page, not a list a save leads to", () => {
    expect(isGuardDetour("/admin/auth")).toBe(true);
    expect(isGuardDetour("/admin/account")).toBe(true);
    expect(isGuardDetour("/admin/blog")).toBe(false);
    expect(isGuardDetour("/admin/team")).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { bodyHasForbiddenCharacter, isCleanAddress, refuseEarly } from "./request-guard.server";
import { bodyClass } from "./request-limits.server";

const head = (method: string, url: string, headers: Record<string, string> = {}) => ({ method, url, headers });

describe("the request boundary", () => {
  it("answers only GET, HEAD and POST", () => {
    for (const method of ["GET", "HEAD", "POST"]) expect(refuseEarly(head(method, "/"))).toBeNull();
    for (const method of ["TRACE", "PUT", "DELETE", "OPTIONS", "PROPFIND", ""]) {
      expect(refuseEarly(head(method, "/")), method).toMatchObject({ status: 405, headers: { Allow: "GET, HEAD, POST" } });
    }
  });

  it("refuses an address that decodes to a control character or does not decode", () => {
    for (const url of ["/blog?category=%00", "/blog?tag=a%0Ab", "/blog/%00x", "/%7F", "/?q=%00%E9", "/?a%00=1"]) expect(isCleanAddress(url), url).toBe(false);
    // Sloppy links stay pages: a stray '%' or a byte that is not UTF-8 is read as browsers read it.
    for (const url of [
      "/",
      "/blog?q=caf%C3%A9+au+lait&page=2",
      "/blog/a-post",
      "/?utm_source=news%20letter",
      "/?utm_content=50%off",
      "/blog?q=100%",
      "/?q=%E9",
      "/blog/%E0%A4",
    ]) {
      expect(isCleanAddress(url), url).toBe(true);
    }
    expect(refuseEarly(head("GET", "/blog?category=%00"))).toMatchObject({ status: 400 });
  });

  it("refuses at once a body anyone may send declared past its limit; an admin form is left to its screen's own message", () => {
    expect(refuseEarly(head("POST", "/api/leads", { "content-length": String(65 * 1024) }))).toMatchObject({ status: 413 });
    expect(refuseEarly(head("POST", "/api/event", { "content-length": "4096" }))).toMatchObject({ status: 413 });
    expect(refuseEarly(head("POST", "/api/leads", { "content-length": "2000" }))).toBeNull();
    expect(refuseEarly(head("POST", "/admin/blog/new", { "content-length": String(3 * 1024 * 1024) }))).toBeNull();
  });

  it("puts each path under its limit: the sign-in screen is anyone's, the rest of /admin is an admin's", () => {
    expect(bodyClass("/admin/auth")).toBe("public");
    // Spelled as React Router still matches it: the sign-in screen's limit, not an admin form's.
    for (const path of ["/admin/auth/", "/admin/AUTH", "/admin/%61uth", "/Admin/Auth.data"]) expect(bodyClass(path), path).toBe("public");
    for (const path of ["/ADMIN/blog/new", "/admin/blog/new/", "/%61dmin/team"]) expect(bodyClass(path), path).toBe("admin");
    expect(bodyClass("/API/Event")).toBe("beacon");
    expect(bodyClass("/admin/auth.data")).toBe("public");
    expect(bodyClass("/admin/blog/new")).toBe("admin");
    expect(bodyClass("/admin.data")).toBe("admin");
    expect(bodyClass("/administrator")).toBe("public");
    expect(bodyClass("/api/admin/upload")).toBe("upload");
    expect(bodyClass("/api/event")).toBe("beacon");
    expect(bodyClass("/audit.data")).toBe("public");
  });

  it("finds a control character in a form's, JSON's or text's fields, and lets tabs and line breaks through", async () => {
    const check = (body: string, type: string) => bodyHasForbiddenCharacter(Buffer.from(body), type);
    expect(await check("title=a%00b", "application/x-www-form-urlencoded")).toBe(true);
    expect(await check("title=a%0D%0Ab%09c", "application/x-www-form-urlencoded")).toBe(false);
    expect(await check(JSON.stringify({ email: "a\u0000@b.co" }), "application/json")).toBe(true);
    expect(await check(JSON.stringify({ list: [{ deep: "x\u001b" }] }), "application/json")).toBe(true);
    expect(await check(JSON.stringify({ text: "line\nbreak" }), "application/json")).toBe(false);
    expect(await check("plain\u0007text", "text/plain")).toBe(true);
    const multipart = async (value: string) => {
      const form = new FormData();
      form.append("name", value);
      form.append("file", new Blob([new Uint8Array([0, 1, 2, 0x7f])], { type: "image/png" }), "a.png");
      const encoded = new Response(form);
      return bodyHasForbiddenCharacter(Buffer.from(await encoded.arrayBuffer()), encoded.headers.get("content-type")!);
    };
    expect(await multipart("Ann\u0000")).toBe(true);
    // A file's bytes are not text: only its name and the text fields are looked at.
    expect(await multipart("Ann")).toBe(false);
  });
});

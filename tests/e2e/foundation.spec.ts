import { expect, test } from "@playwright/test";

test.describe("foundation", () => {
  test("the home page renders on the server @phone", async ({ page, request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
    // A public page allows its inline scripts by their hashes; a streamed page (the back-office) by this request's nonce.
    expect(response.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
    const signIn = await request.get("/admin/auth");
    expect(signIn.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'sha256-/);
    expect(await signIn.text()).toMatch(/<script nonce="[^"]+"/);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Smarter Systems. Better Outcomes." })).toBeVisible();
  });

  test("an unknown path shows the not-found screen with a 404 and logs the path @phone", async ({ page }) => {
    const logged: string[] = [];
    page.on("console", (message) => logged.push(message.text()));
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await expect.poll(() => logged.some((line) => line.includes("/no/such/page"))).toBe(true);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("healthz reports the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(await response.json()).toMatchObject({ status: "ok", database: "ok" });
  });

  test("hashed assets are compressed and cached for a year", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset!, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("immutable");
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
    expect(response.headers()["content-encoding"]).toBe("gzip");
  });

  test("demo content is seeded on first start and uploads are served with long caching", async ({ request }) => {
    const health = await request.get("/healthz");
    expect(health.ok()).toBe(true);
    const { readdirSync } = await import("node:fs");
    const dir = `${process.env.E2E_DATA_DIR}/uploads/blog-images`;
    const cover = readdirSync(dir).find((f) => /^[0-9a-f-]{36}\.png$/.test(f));
    expect(cover).toBeTruthy();
    const response = await request.get(`/uploads/blog-images/${cover}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    expect(response.headers()["cache-control"]).toContain("immutable");
    expect((await request.get("/uploads/blog-images/missing.png")).status()).toBe(404);
  });

  test("an unhandled routing error shows the default error screen with its status", async ({ request, baseURL }) => {
    // A same-origin form post to a page without an action is a 405 from the router itself.
    const response = await request.post("/privacy", { form: { anything: "x" }, headers: { Origin: new URL(baseURL!).origin } });
    expect(response.status()).toBe(405);
    const html = await response.text();
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("405");
  });
});

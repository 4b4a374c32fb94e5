import { expect, test } from "@playwright/test";
import { residentBytes, sendChunked, withPeakResident } from "../../scripts/lib/hostile";
import { ownServerForSpec } from "./support/own-server";

/**
 * What anyone may send the built server, refused at its boundary (app/server/http/): bodies past
 * their limit answered 413 while they stream, stray bytes and unknown methods answered 400/405
 * before a loader, an action or the database sees them, and a client address that a proxy's
 * appended X-Forwarded-For cannot forge. A server of its own: TRUST_PROXY=1 and a low lead limit.
 */
test.describe.configure({ mode: "serial" });

const ADMIN = { email: "boundary-admin@example.com", password: "Boundary admin passphrase 1" };
const MB = 1024 * 1024;
/**
 * Past every limit these endpoints have (2 MB at most): the client sends this much, then waits for
 * the answer before sending the rest of the 50 MB. Whatever the load on the machine, a server that
 * refuses while the body streams answers during that wait; one that reads the whole body gets it.
 */
const HOLD_AT = 8 * MB;
const own = ownServerForSpec("boundary", ADMIN, { startTimeout: 180_000, env: { TRUST_PROXY: "1", LEADS_RATE_LIMIT: "3" } });

test("a 50 MB chunked body to each endpoint anyone may post to is answered 413 while it streams, the server's memory flat", async () => {
  const origin = own.url;
  for (const [path, type] of [
    ["/api/leads", "multipart/form-data; boundary=x"],
    ["/audit", "application/x-www-form-urlencoded"],
    ["/admin/auth", "application/x-www-form-urlencoded"],
    ["/api/auth/sign-in/email", "application/json"],
    ["/api/event", "text/plain"],
  ] as const) {
    const before = residentBytes(own.server.pid);
    const { result, peakBytes } = await withPeakResident(own.server.pid, () =>
      sendChunked(`${own.url}${path}`, 50 * MB, { Origin: origin, "Content-Type": type }, { holdAt: HOLD_AT }),
    );
    expect(result.status, path).toBe(413);
    // Answered while the client held the body unfinished: nothing waited for the whole body.
    expect(result.sentBytes, path).toBeLessThanOrEqual(HOLD_AT);
    // Not read into memory (it was, whole, before: +50 MB and more per request).
    expect(peakBytes - before, path).toBeLessThan(20 * MB);
  }
  // The server still answers.
  expect((await fetch(`${own.url}/healthz`)).status).toBe(200);
});

test("an admin form sent in chunks past 2 MB is refused while it streams, as one with a Content-Length is", async ({ browser }) => {
  const { context } = await own.signedIn(browser);
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const result = await sendChunked(
    `${own.url}/admin/blog/new`,
    50 * MB,
    { Origin: own.url, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    { fill: "b", holdAt: HOLD_AT },
  );
  expect(result.status).toBe(413);
  expect(result.body).toBe("The request is too large (2 MB at most).");
  expect(result.sentBytes).toBeLessThanOrEqual(HOLD_AT);
  await context.close();
});

test("a NUL byte is answered 400 with a clear message on every way in, and TRACE is 405", async ({ browser }) => {
  const { context, page } = await own.signedIn(browser);
  const address = "The address holds characters that are not allowed (such as a NUL byte) or is not valid.";
  const field = "The request holds characters that no field may hold (such as a NUL byte).";
  const anonymous = await browser.newContext({ baseURL: own.url });

  for (const path of ["/blog?category=%00x", "/blog?tag=a%00", "/blog/%00", "/?q=%00"]) {
    const response = await anonymous.request.get(path);
    expect(response.status(), path).toBe(400);
    expect(await response.text(), path).toBe(address);
  }
  // Signed in: the admin's own searches and filters.
  for (const path of ["/admin/users?q=a%00b", "/admin/audit-log?person=%00", "/admin/blog?q=%00"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(400);
  }

  const lead = await anonymous.request.post("/api/leads", {
    headers: { Origin: own.url, Accept: "application/json" },
    multipart: { name: "Nul\u0000Person", email: "nul@example.com", company: "Nul Co", message: "Please automate our invoices." },
  });
  expect(lead.status()).toBe(400);
  expect(await lead.json()).toEqual({ ok: false, message: field });

  const signIn = await anonymous.request.post("/api/auth/sign-in/email", {
    headers: { Origin: own.url, Accept: "application/json" },
    data: { email: "someone\u0000@example.com", password: "whatever passphrase" },
  });
  expect(signIn.status()).toBe(400);
  expect(await signIn.json()).toEqual({ ok: false, message: field });

  const title = "Nul title \u0000 here";
  const save = await page.request.post("/admin/blog/new", {
    headers: { Origin: own.url },
    form: { intent: "save", title, slug: "nul-title-here", category: "Automation", content: "Body.", excerpt: "" },
    maxRedirects: 0,
  });
  expect(save.status()).toBe(400);
  expect(await save.text()).toBe(field);
  // Nothing reached the database.
  await page.goto("/admin/blog?q=Nul%20title");
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await expect(page.getByText("No posts match “Nul title”")).toBeVisible();

  const trace = await anonymous.request.fetch("/", { method: "TRACE" });
  expect(trace.status()).toBe(405);
  expect(trace.headers().allow).toBe("GET, HEAD, POST");
  await anonymous.close();
  await context.close();
});

test("behind a proxy that appends to X-Forwarded-For, a forged left-most address does not escape the per-address limit", async () => {
  const send = (forwardedFor: string) =>
    fetch(`${own.url}/api/leads`, {
      method: "POST",
      headers: { Origin: own.url, Accept: "application/json", "X-Forwarded-For": forwardedFor },
      body: new URLSearchParams({ name: "Proxy Person", email: "proxy@example.com", company: "Proxy Co", message: "We want to automate our reporting." }),
    });
  // The client writes a new address each time; the proxy (this test, 127.0.0.1) appends the one it saw.
  const statuses: number[] = [];
  for (let i = 0; i < 5; i++) statuses.push((await send(`198.51.100.${i + 1}, 203.0.113.77`)).status);
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
  // Another client behind the same proxy is counted on its own.
  expect((await send("198.51.100.9, 203.0.113.78")).status).toBe(200);
});

test("without a trusted proxy, X-Forwarded-Host cannot make another origin pass as this site's", async ({ request, baseURL }) => {
  // The suite's own server runs without TRUST_PROXY: a client naming a host of its choosing is not believed.
  const forged = `${new URL(baseURL!).hostname}:4444`;
  const response = await request.post("/api/leads", {
    headers: { Origin: `http://${forged}`, "X-Forwarded-Host": forged, Accept: "application/json" },
    form: { name: "Forged Host", email: "forged@example.com", company: "Forged Co", message: "A request from another origin." },
  });
  expect(response.status()).toBe(403);
});

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import autocannon from "autocannon";
import sharp from "sharp";
import { createPostThrough, signIn, startCluster, type Cluster } from "../../scripts/lib/cluster";
import { publishLandingThrough } from "../../scripts/lib/cluster-landing";
import { ROOT } from "../../scripts/lib/server-process";
import { calSignature, schedulerDelivery } from "../support/scheduler-fixtures";

/**
 * Issue #15's topology without containers: two app processes (the build in BUILD_DIR) on one real
 * PostgreSQL (DATABASE_URL) behind Debian's nginx, with s3rver for files. scripts/test-all.mjs runs
 * it when PostgreSQL and nginx are there: `BUILD_DIR=build DATABASE_URL=… npx vitest run -c vitest.cluster.config.ts`.
 * CLUSTER_PORT_BASE pins its four ports (nginx, s3rver, A, B).
 */
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error("The cluster test needs DATABASE_URL (a PostgreSQL server).");

let cluster: Cluster;
const SCHEDULER_SECRET = "cluster-scheduler-secret-0123456789";
let cookie = "";
const unique = (stem: string) => `${stem}-${crypto.randomBytes(4).toString("hex")}`;

beforeAll(async () => {
  cluster = await startCluster({
    buildDir: path.resolve(ROOT, process.env.BUILD_DIR ?? "build"),
    serverUrl,
    env: { LEADS_RATE_LIMIT: "3", SCHEDULER_WEBHOOK_SECRET: SCHEDULER_SECRET },
    portBase: process.env.CLUSTER_PORT_BASE ? Number(process.env.CLUSTER_PORT_BASE) : undefined,
  });
  // Signed in through process A only.
  cookie = await signIn(cluster.a.url, cluster.url, cluster.admin.email, cluster.admin.password);
});
afterAll(async () => {
  await cluster?.stop();
});

/** A page as an anonymous reader gets it from one process (kept pages included). */
async function page(base: string, pathname: string) {
  const response = await fetch(`${base}${pathname}`);
  return { status: response.status, text: await response.text(), timing: response.headers.get("server-timing") ?? "" };
}

/** Polls `check` until it holds or `withinMs` passed; returns the milliseconds it took, or null. */
async function within(withinMs: number, check: () => Promise<boolean>) {
  const start = Date.now();
  do {
    if (await check()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 25));
  } while (Date.now() - start <= withinMs);
  return null;
}

describe("two processes behind nginx on one PostgreSQL", () => {
  it("a post saved through process A is served fresh by process B within a second", async () => {
    const title = unique("Cluster fresh post");
    const slug = title.toLowerCase().replaceAll(" ", "-");
    // B renders and keeps its blog list before the post exists (the page cache holds it a minute).
    expect((await page(cluster.b.url, "/blog")).text).not.toContain(title);
    await expect.poll(async () => (await page(cluster.b.url, "/blog")).timing, { timeout: 10_000 }).toContain("page-cache;desc=hit");
    expect(await createPostThrough(cluster.a.url, cluster.a.url, cookie, { title, slug })).toBe(302);
    const tookMs = await within(1000, async () => (await page(cluster.b.url, "/blog")).text.includes(title));
    expect(tookMs, "B still served its kept blog list a second after A's write").not.toBeNull();
    expect((await page(cluster.b.url, `/blog/${slug}`)).status).toBe(200);
  });

  it("a landing page published through process A is served by process B within a second", async () => {
    const headline = unique("Published on A");
    // B keeps its home page before the publish.
    expect((await page(cluster.b.url, "/")).text).not.toContain(headline);
    await expect.poll(async () => (await page(cluster.b.url, "/")).timing, { timeout: 10_000 }).toContain("page-cache;desc=hit");
    expect(await publishLandingThrough(cluster.a.url, cluster.a.url, cookie, headline)).toBe(302);
    const tookMs = await within(1000, async () => (await page(cluster.b.url, "/")).text.includes(headline));
    expect(tookMs, "B still served its kept home page a second after A's publish").not.toBeNull();
  });

  it("a session cookie from process A is valid on process B", async () => {
    const session = await fetch(`${cluster.b.url}/api/auth/get-session`, { headers: { cookie } });
    expect(((await session.json()) as { user?: { email: string } } | null)?.user?.email).toBe(cluster.admin.email);
    const admin = await fetch(`${cluster.b.url}/admin/blog`, { headers: { cookie }, redirect: "manual" });
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain("Blog Posts");
    // Without the cookie B sends the reader to sign in.
    expect((await fetch(`${cluster.b.url}/admin/blog`, { redirect: "manual" })).status).toBe(302);
  });

  it("an image uploaded through process A is shown by process B, from the S3 store", async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366cc" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("folder", "");
    form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "cover.png");
    const upload = await fetch(`${cluster.a.url}/api/admin/upload`, { method: "POST", headers: { cookie, origin: cluster.url }, body: form });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    expect(url.startsWith(cluster.s3Endpoint)).toBe(true);

    const title = unique("Cluster cover post");
    const slug = title.toLowerCase().replaceAll(" ", "-");
    expect(await createPostThrough(cluster.a.url, cluster.a.url, cookie, { title, slug, imageUrl: url })).toBe(302);
    const shown = await page(cluster.b.url, `/blog/${slug}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(url);
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
  });

  it("shares the audit-request limit: 2 on A and 2 on B, the 4th is refused with 429 (LEADS_RATE_LIMIT=3)", async () => {
    const client = `10.77.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 255)}`;
    const lead = (base: string, n: number) =>
      fetch(`${base}/api/leads`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: cluster.url, "x-forwarded-for": client },
        body: new URLSearchParams({ name: `Cluster Lead ${n}`, email: `lead${n}@example.com`, company: "Shared Ltd", message: "Counting across processes" }),
      });
    const statuses = [];
    for (const [base, n] of [
      [cluster.a.url, 1],
      [cluster.a.url, 2],
      [cluster.b.url, 3],
      [cluster.b.url, 4],
    ] as const) {
      statuses.push((await lead(base, n)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Still refused on A, and for another address both are open.
    expect((await lead(cluster.a.url, 5)).status).toBe(429);
  });

  it("the scheduler's webhook on process B books the lead that process A stored, once: a replay on either process changes nothing", async () => {
    const email = `${unique("booked")}@example.com`;
    const stored = await fetch(`${cluster.a.url}/api/leads`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", origin: cluster.url, "x-forwarded-for": "10.78.0.1" },
      body: new URLSearchParams({ name: "Cluster Booker", email, company: "Booked Ltd", message: "A call across processes" }),
    });
    const { bookingRef } = (await stored.json()) as { bookingRef: string };
    const uid = unique("cluster-booking");
    const deliver = async (base: string, event: string) => {
      const body = schedulerDelivery(event, { uid, start: "2026-12-10T10:00:00Z", ref: bookingRef });
      const response = await fetch(`${base}/api/webhooks/scheduler`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-cal-signature-256": calSignature(SCHEDULER_SECRET, body) },
        body,
      });
      return `${response.status} ${((await response.json()) as { outcome?: string }).outcome}`;
    };
    expect(await deliver(cluster.b.url, "BOOKING_CREATED")).toBe("200 applied");
    expect(await deliver(cluster.a.url, "BOOKING_CREATED")).toBe("200 replay");
    expect(await deliver(cluster.a.url, "MEETING_ENDED")).toBe("200 applied");
    expect(await deliver(cluster.b.url, "MEETING_ENDED")).toBe("200 replay");
    // The admin on A finds the lead under 'Call held'.
    const held = await fetch(`${cluster.a.url}/admin/leads?status=held&q=${encodeURIComponent(email)}`, { headers: { cookie } });
    expect(await held.text()).toContain("Cluster Booker");
  });

  it("SIGTERM of one process while a load runs through nginx loses no request, GET or POST", async () => {
    // nginx passes a GET that failed on one process to the other, never a POST (it may have been
    // acted on): a POST sent on a kept-alive connection the stopping process closed is a 502.
    const beacon = { "content-type": "text/plain", origin: cluster.url };
    const load = autocannon({
      url: cluster.url,
      connections: 16,
      duration: 6,
      timeout: 10,
      requests: [
        { path: "/" },
        { path: "/blog" },
        { method: "POST", path: "/api/event", headers: beacon, body: JSON.stringify({ type: "pageview", path: "/" }) },
        { path: "/team" },
        { path: "/healthz" },
      ],
    });
    const requestErrors: string[] = [];
    load.on("reqError", (error: Error & { code?: string }) => requestErrors.push(`${error.code ?? ""} ${error.message}`));
    await new Promise((r) => setTimeout(r, 2000));
    const exited = new Promise<number | null>((resolve) => cluster.b.process.child.once("exit", (code) => resolve(code)));
    cluster.b.process.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    const result = await load;
    const nginxLog = fs.readFileSync(path.join(cluster.work, "nginx", "error.log"), "utf8");
    expect(
      { errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx },
      `request errors: ${requestErrors.join("; ")}\nnginx's error log:\n${nginxLog}`,
    ).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
    // Answered ones: the load ran on through the stop (and was not cut short by a refusal).
    expect(result["2xx"]).toBe(result.requests.total);
    // The beacon's POSTs were among them (204), not only GETs.
    expect(result.statusCodeStats["204"]?.count ?? 0).toBeGreaterThan(0);
    expect(result.requests.total).toBeGreaterThanOrEqual(16);
    // Back for the cluster's stop().
    await cluster.b.restart();
  });
});

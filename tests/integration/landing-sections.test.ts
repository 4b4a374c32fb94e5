import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { freshTestDatabase } from "../support/test-db";
import { sectionCases } from "../support/landing-section-cases";
import type * as DbClient from "~/server/db/client.server";
import type { DbHandle } from "~/server/db/client.server";
import { users } from "~/server/db/schema.server";
import { landingEditorState } from "~/server/site/landing-content.server";
import { DEFAULT_LANDING_CONTENT } from "~/lib/landing-content";
import { landingFormValues } from "~/lib/landing-form";
import type { FormValues } from "~/lib/form-result";
import { LandingPage } from "~/components/landing/landing-page";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

/**
 * The landing sections made editable after the first five (docs/decisions/0050), through the real
 * /admin/site action as the editor's form posts it: a bad value is refused with its message on its
 * field and nothing is stored; a good one, published, is what the home page's loader renders.
 */
vi.mock("~/server/db/client.server", async (original) => ({
  ...(await original<typeof DbClient>()),
  db: () => Promise.resolve(handle.db),
}));
const signInScreen = await import("~/routes/admin/auth");
const sitePage = await import("~/routes/admin/site");
const homePage = await import("~/routes/site/home");

const BASE = "http://localhost:3000";
const EMAIL = "sections-admin@studio.test";
const PASSWORD = "sections-test-password-1";
let handle: DbHandle;
let cookie = "";

function post(route: { action: (args: never) => unknown }, path: string, fields: FormValues, withCookie = "") {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) body.append(key, one);
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", origin: BASE, "x-client-ip": "10.9.0.1" });
  if (withCookie) headers.set("cookie", withCookie);
  return Promise.resolve(route.action({ request: new Request(`${BASE}${path}`, { method: "POST", headers, body }), params: {}, context: {} } as never));
}

/** The home page as a visitor gets it: its loader's content rendered by the landing page (with a testimonial, so their heading shows). */
async function homeHtml() {
  const data = await homePage.loader({ request: new Request(`${BASE}/`), params: {}, context: {} } as never);
  const testimonials = [{ id: "t1", name: "Ada", company: "Engines", role: null, quote: "Great.", initials: "A" }];
  return renderToStaticMarkup(createElement(LandingPage, { content: data.content, testimonials, communityUrl: "https://c.example" }));
}

beforeAll(async () => {
  handle = await freshTestDatabase();
  await post(signInScreen, "/admin/auth", { intent: "sign-up", email: EMAIL, password: PASSWORD });
  await handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, EMAIL));
  const signedIn = (await post(signInScreen, "/admin/auth", { intent: "sign-in", email: EMAIL, password: PASSWORD })) as Response;
  cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});

afterAll(async () => {
  await handle.close();
});

describe("each new landing section through /admin/site", () => {
  for (const section of sectionCases) {
    for (const [n, refusal] of [section, ...(section.refusals ?? [])].entries())
      it(`${section.name}: a bad value (${n + 1}, ${refusal.field}) is refused on its field and nothing is stored`, async () => {
        const before = await landingEditorState(handle.db);
        const values = refusal.bad({ ...landingFormValues(before.draft) });
        const result = (await post(sitePage, "/admin/site", { ...values, intent: "publish" }, cookie)) as {
          data: { ok: boolean; errors: Record<string, string>; values: FormValues };
          init: { status: number };
        };
        expect(result.init.status).toBe(400);
        expect(result.data.errors).toEqual({ [refusal.field]: refusal.message });
        // What was typed comes back to the form (a list's own message is on no field of its own), and the stored draft and page are as they were.
        const name = refusal.field.split(".")[0]!;
        if (name in values) expect(result.data.values[name]).toEqual(values[name]);
        const after = await landingEditorState(handle.db);
        expect(after.draft).toEqual(before.draft);
        expect(after.published).toEqual(before.published);
      });

    it(`${section.name}: published, the home page shows it and every other section is unchanged`, async () => {
      const before = await landingEditorState(handle.db);
      expect(await homeHtml()).not.toContain(section.shows);
      const result = await post(sitePage, "/admin/site", { ...section.good({ ...landingFormValues(before.draft) }), intent: "publish" }, cookie);
      expect(result).toBeInstanceOf(Response);
      expect((result as Response).status).toBe(302);
      expect(await homeHtml()).toContain(section.shows);
      const after = await landingEditorState(handle.db);
      for (const name of Object.keys(DEFAULT_LANDING_CONTENT) as (keyof typeof DEFAULT_LANDING_CONTENT)[])
        if (name !== section.section) expect(after.published[name], name).toEqual(before.published[name]);
    });
  }
});

describe("hostile input to /admin/site", () => {
  /** Posts `values` as a publish; answers the refusal, after checking nothing was stored. */
  async function refused(values: FormValues) {
    const before = await landingEditorState(handle.db);
    const result = (await post(sitePage, "/admin/site", { ...values, intent: "publish" }, cookie)) as {
      data: { ok: boolean; errors: Record<string, string> };
      init: { status: number };
    };
    expect(result.init.status).toBe(400);
    const after = await landingEditorState(handle.db);
    expect(after.draft).toEqual(before.draft);
    expect(after.published).toEqual(before.published);
    return result.data.errors;
  }

  it("10,000 FAQ items are refused with the list's limit, nothing stored", async () => {
    const values = landingFormValues((await landingEditorState(handle.db)).draft);
    const many = Array.from({ length: 10_000 }, (_, i) => `Question ${i}?`);
    const errors = await refused({ ...values, faqQuestion: many, faqAnswer: many });
    expect(Object.values(errors)).toContain("At most 20 questions.");
  });

  it("a 1 MB headline is refused on its field", async () => {
    const values = landingFormValues((await landingEditorState(handle.db)).draft);
    const errors = await refused({ ...values, heroHeadline: "A".repeat(1024 * 1024) });
    expect(Object.keys(errors)).toEqual(["heroHeadline"]);
  });

  it("an illustration outside the upload store (a path that climbs out, a data: or javascript: address) is refused on its field", async () => {
    const values = landingFormValues((await landingEditorState(handle.db)).draft);
    const images = values.stepImage as string[];
    for (const bad of ["/uploads/../../etc/passwd", "data:image/svg+xml,<svg onload=alert(1)>", "javascript:alert(1)", "//evil.example/x.png"]) {
      const errors = await refused({ ...values, stepImage: [bad, ...images.slice(1)] });
      expect(Object.keys(errors), bad).toEqual(["stepImage.0"]);
    }
  });
});

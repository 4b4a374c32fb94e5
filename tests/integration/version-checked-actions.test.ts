import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { freshTestDatabase } from "../support/test-db";
import { answer, form } from "../support/action-answer";
import type * as DbClient from "~/server/db/client.server";
import type { DbHandle } from "~/server/db/client.server";
import { auditLog, caseStudies, siteContent, siteContentRevisions, users } from "~/server/db/schema.server";
import { landingEditorState } from "~/server/site/landing-content.server";
import { DEFAULT_LANDING_CONTENT } from "~/lib/landing-content";
import { landingFormValues } from "~/lib/landing-form";
import type { FormValues } from "~/lib/form-result";

process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";

/**
 * The actions that change a stored document without a typed form (decision 0055, amended): the
 * landing page's 'Discard draft' and 'Restore this version', a case study's 'Copy preview link' and
 * 'Revoke preview link'. Through the real route actions, signed in: sent from a page opened on an
 * older version they are refused (409, the version saved now named) and nothing changes; sent from
 * the current version they go through.
 */
vi.mock("~/server/db/client.server", async (original) => ({
  ...(await original<typeof DbClient>()),
  db: () => Promise.resolve(handle.db),
}));
const signInScreen = await import("~/routes/admin/auth");
const sitePage = await import("~/routes/admin/site");
const siteHistory = await import("~/routes/admin/site-history");
const caseStudyForm = await import("~/routes/admin/case-study-form");
const { LANDING_ACTION_CONFLICT_MESSAGE } = await import("~/server/site/landing-conflict.server");
const { PREVIEW_LINK_CONFLICT_MESSAGE } = await import("~/server/case-studies/case-study-preview.server");
const { saveCaseStudy } = await import("~/server/case-studies/case-study-save.server");

const BASE = "http://localhost:3000";
const EMAIL = "versions-admin@studio.test";
const PASSWORD = "versions-test-password-1";
let handle: DbHandle;
let cookie = "";

function post(route: { action: (args: never) => unknown }, path: string, fields: FormValues, params: Record<string, string> = {}, withCookie = cookie) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) body.append(key, one);
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", origin: BASE, "x-client-ip": "10.9.0.2" });
  if (withCookie) headers.set("cookie", withCookie);
  return Promise.resolve(route.action({ request: new Request(`${BASE}${path}`, { method: "POST", headers, body }), params, context: {} } as never));
}

type Refusal = { toast: { description: string }; conflict: { version: number; authorName: string | null } };
const refusal = (result: unknown) => {
  const { status, body } = answer(result);
  return { status, body: body as unknown as Refusal };
};

const landingRow = async () => (await handle.db.select().from(siteContent).where(eq(siteContent.page, "landing")))[0]!;
const revisionCount = async () => (await handle.db.select().from(siteContentRevisions)).length;
const auditCount = async () => (await handle.db.select().from(auditLog)).length;
const withHeadline = (headline: string) => ({ ...landingFormValues(DEFAULT_LANDING_CONTENT), heroHeadline: headline });

beforeAll(async () => {
  handle = await freshTestDatabase();
  await post(signInScreen, "/admin/auth", { intent: "sign-up", email: EMAIL, password: PASSWORD }, {}, "");
  await handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, EMAIL));
  const signedIn = (await post(signInScreen, "/admin/auth", { intent: "sign-in", email: EMAIL, password: PASSWORD }, {}, "")) as Response;
  cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});

afterAll(async () => {
  await handle.close();
});

describe("'Discard draft' on /admin/site", () => {
  it("sent from a page opened before someone else's draft save, is refused: the draft they did not see stays", async () => {
    // Published at version 1; then another editor saves a draft (version 2).
    expect(await post(sitePage, "/admin/site", { ...withHeadline("Published headline"), intent: "publish", version: "0" })).toBeInstanceOf(Response);
    expect(await post(sitePage, "/admin/site", { ...withHeadline("Someone else's draft"), intent: "draft", version: "1" })).toBeInstanceOf(Response);
    const before = await landingRow();
    expect(before.version).toBe(2);
    const audits = await auditCount();

    const { status, body } = refusal(await post(sitePage, "/admin/site", { intent: "discard", version: "1" }));
    expect(status).toBe(409);
    expect(body.toast.description).toBe(LANDING_ACTION_CONFLICT_MESSAGE.discard);
    expect(body.conflict).toMatchObject({ version: 2, authorName: EMAIL });
    expect(await landingRow()).toEqual(before);
    expect((await landingEditorState(handle.db)).draft.hero.headline).toBe("Someone else's draft");
    expect(await auditCount()).toBe(audits);
  });

  it("sent from the current version, discards the draft and raises the version", async () => {
    const result = (await post(sitePage, "/admin/site", { intent: "discard", version: "2" })) as Response;
    expect(result.status).toBe(302);
    const state = await landingEditorState(handle.db);
    expect(state.draft.hero.headline).toBe("Published headline");
    expect(state.unpublished).toBe(false);
    expect(state.version).toBe(3);
  });
});

describe("'Restore this version' on /admin/site/history", () => {
  it("sent from a history page opened before a later save, is refused: nothing published, no revision, no audit entry", async () => {
    const shipped = (await landingEditorState(handle.db)).revisions.at(-1)!;
    expect(await post(sitePage, "/admin/site", { ...withHeadline("A newer draft"), intent: "draft", version: "3" })).toBeInstanceOf(Response);
    const before = await landingRow();
    const [revisions, audits] = [await revisionCount(), await auditCount()];

    const { status, body } = refusal(await post(siteHistory, "/admin/site/history", { intent: "restore", revisionId: shipped.id, version: "3" }));
    expect(status).toBe(409);
    expect(body.toast.description).toBe(LANDING_ACTION_CONFLICT_MESSAGE.restore);
    expect(body.conflict.version).toBe(4);
    expect(await landingRow()).toEqual(before);
    expect(await revisionCount()).toBe(revisions);
    expect(await auditCount()).toBe(audits);
  });

  it("sent from the current version, publishes that version again", async () => {
    const shipped = (await landingEditorState(handle.db)).revisions.at(-1)!;
    const result = (await post(siteHistory, "/admin/site/history", { intent: "restore", revisionId: shipped.id, version: "4" })) as Response;
    expect(result.status).toBe(302);
    const state = await landingEditorState(handle.db);
    expect(state.published.hero.headline).toBe(DEFAULT_LANDING_CONTENT.hero.headline);
    expect(state.version).toBe(5);
  });
});

describe("a case study's preview link buttons", () => {
  let id: string;
  const path = () => `/admin/case-studies/edit/${id}`;
  const stored = async () => (await handle.db.select().from(caseStudies).where(eq(caseStudies.id, id)))[0]!;
  const linkAudits = async () =>
    (
      await handle.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetType, "case-study"), eq(auditLog.targetId, id)))
    ).length;

  beforeAll(async () => {
    const fields = {
      intent: "save",
      title: "Quotes in minutes",
      slug: "quotes-in-minutes",
      client: "A 12-person joinery",
      industry: "Manufacturing",
      summary: "Quotes drafted from the enquiry.",
      problem: "Every quote took an evening.",
      solution: "A workflow that drafts them.",
      tools: "n8n",
      hoursBefore: "10",
      hoursAfter: "2",
      timeZone: "UTC",
    };
    await saveCaseStudy(handle.db, null, form(fields), { name: "Ada", email: "ada@studio.test" });
    id = (await handle.db.select({ id: caseStudies.id }).from(caseStudies).where(eq(caseStudies.slug, "quotes-in-minutes")))[0]!.id;
    // Someone else saves it: version 2.
    await saveCaseStudy(handle.db, id, form({ ...fields, version: "1", summary: "Quotes drafted while the customer is on the phone." }), {
      name: "Bo",
      email: "bo@studio.test",
    });
    expect((await stored()).version).toBe(2);
  });

  it("'Copy preview link' from a page opened on an older version is refused: no link made", async () => {
    const audits = await linkAudits();
    const { status, body } = refusal(await post(caseStudyForm, path(), { intent: "create-preview-link", version: "1" }, { id }));
    expect(status).toBe(409);
    expect(body.toast.description).toBe(PREVIEW_LINK_CONFLICT_MESSAGE);
    expect(body.conflict).toMatchObject({ version: 2, authorName: "Bo" });
    expect((await stored()).previewToken).toBeNull();
    expect(await linkAudits()).toBe(audits);
  });

  it("from the current version makes the link (the version stays: the link is not the content)", async () => {
    const result = (await post(caseStudyForm, path(), { intent: "create-preview-link", version: "2" }, { id })) as { previewLink: string };
    expect(result.previewLink).toMatch(/\/case-studies\/quotes-in-minutes\?preview=/);
    expect(await stored()).toMatchObject({ version: 2, previewToken: expect.any(String) as string });
  });

  it("'Revoke preview link' from an older version is refused: the link keeps working; from the current one it is revoked", async () => {
    const token = (await stored()).previewToken;
    const audits = await linkAudits();
    const { status, body } = refusal(await post(caseStudyForm, path(), { intent: "revoke-preview-link", version: "1" }, { id }));
    expect(status).toBe(409);
    expect(body.toast.description).toBe(PREVIEW_LINK_CONFLICT_MESSAGE);
    expect((await stored()).previewToken).toBe(token);
    expect(await linkAudits()).toBe(audits);

    const revoked = (await post(caseStudyForm, path(), { intent: "revoke-preview-link", version: "2" }, { id })) as { previewLink: null };
    expect(revoked.previewLink).toBeNull();
    expect((await stored()).previewToken).toBeNull();
  });
});

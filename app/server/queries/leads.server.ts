import { desc, eq } from "drizzle-orm";
import type { Queryable } from "../db/client.server";
import { leads, type ComparisonFigures } from "../db/schema.server";

export type LeadInput = {
  name: string;
  email: string;
  company: string;
  message: string;
  beforeFigures: ComparisonFigures | null;
  afterFigures: ComparisonFigures | null;
  source: string | null;
  /** Attribution (app/server/analytics/attribution.server.ts); absent: unknown. */
  landingPage?: string | null;
  convertedOn?: string | null;
  referrer?: string | null;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
};

export async function createLead(db: Queryable, input: LeadInput) {
  const [row] = await db.insert(leads).values(input).returning({ id: leads.id, createdAt: leads.createdAt });
  return row!;
}

/** Audit requests, newest first (/admin/leads). */
export async function listLeads(db: Queryable, limit = 500) {
  return db
    .select({
      id: leads.id,
      name: leads.name,
      email: leads.email,
      company: leads.company,
      message: leads.message,
      beforeFigures: leads.beforeFigures,
      afterFigures: leads.afterFigures,
      source: leads.source,
      handled: leads.handled,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(limit);
}

export async function setLeadHandled(db: Queryable, id: string, handled: boolean) {
  const rows = await db.update(leads).set({ handled }).where(eq(leads.id, id)).returning({ id: leads.id });
  return rows.length > 0;
}

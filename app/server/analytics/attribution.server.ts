import { and, asc, desc, eq, isNotNull, or } from "drizzle-orm";
import { config } from "~/server/core/env.server";
import { db } from "../db/client.server";
import { analyticsEvents } from "../db/schema.server";
import { flushAnalytics, utcDay } from "./store.server";
import { isBotAgent, traitsOf, visitorHash } from "./visitor.server";
import type { LeadAttribution } from "~/server/leads/lead-queries.server";

/** Where a lead came from, as stored on it (the leads table's attribution columns). */
export type { LeadAttribution };

export const NO_ATTRIBUTION: LeadAttribution = {
  landingPage: null,
  convertedOn: null,
  referrer: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  answerEngine: null,
  lastReferrer: null,
  lastUtmSource: null,
  lastUtmMedium: null,
  lastUtmCampaign: null,
  lastAnswerEngine: null,
};

/**
 * The attribution of the visitor sending this request: their first page view today (the landing
 * page, referrer, UTM and answer engine it came with: first touch), the path of their last page view
 * (where they converted), and the last page view that came with a referrer, UTM tags or an answer
 * engine (last touch; a later page view without any is a click inside the site or a typed address,
 * which credits nobody). All null when the visitor opted out (DNT, Sec-GPC), is a bot, or has no page
 * view today.
 */
export async function attributionFor(request: Request): Promise<LeadAttribution> {
  // The client address server/main.js decided (as clientAddress() in lead-intake.server.ts reads it).
  const traits = traitsOf(request.headers, request.headers.get("x-client-ip") ?? "unknown");
  if (!config().analytics || traits.optedOut || isBotAgent(traits.userAgent)) return NO_ATTRIBUTION;
  try {
    await flushAnalytics();
    const day = utcDay();
    const visitor = await visitorHash(traits, day);
    const handle = await db();
    const ofVisitor = and(eq(analyticsEvents.visitor, visitor), eq(analyticsEvents.day, day), eq(analyticsEvents.type, "pageview"));
    const [first] = await handle.select().from(analyticsEvents).where(ofVisitor).orderBy(asc(analyticsEvents.id)).limit(1);
    if (!first) return NO_ATTRIBUTION;
    const [last] = await handle.select({ path: analyticsEvents.path }).from(analyticsEvents).where(ofVisitor).orderBy(desc(analyticsEvents.id)).limit(1);
    const came = or(
      isNotNull(analyticsEvents.referrer),
      isNotNull(analyticsEvents.utmSource),
      isNotNull(analyticsEvents.utmMedium),
      isNotNull(analyticsEvents.utmCampaign),
      isNotNull(analyticsEvents.engine),
    );
    const [touch = first] = await handle.select().from(analyticsEvents).where(and(ofVisitor, came)).orderBy(desc(analyticsEvents.id)).limit(1);
    return {
      landingPage: first.landing ?? first.path,
      convertedOn: last?.path ?? first.path,
      referrer: first.referrer,
      utmSource: first.utmSource,
      utmMedium: first.utmMedium,
      utmCampaign: first.utmCampaign,
      answerEngine: first.engine,
      lastReferrer: touch.referrer,
      lastUtmSource: touch.utmSource,
      lastUtmMedium: touch.utmMedium,
      lastUtmCampaign: touch.utmCampaign,
      lastAnswerEngine: touch.engine,
    };
  } catch {
    // Attribution is a nice-to-have: a lead is never lost over it.
    return NO_ATTRIBUTION;
  }
}

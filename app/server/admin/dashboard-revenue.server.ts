import type { Queryable } from "../db/client.server";
import { revenueTotal, type Money } from "../analytics/revenue.server";

export type DashboardRevenue = { calls: number; won: Money; otherCurrencies: Money[] };

/**
 * This month's (UTC) booked calls and won value, as /admin/analytics counts them
 * (app/server/analytics/revenue.server.ts): the value in `currency` (the settings'), and apart
 * the deals recorded in another currency before the setting changed.
 */
export async function dashboardRevenue(db: Queryable, currency: string, now: Date = new Date()): Promise<DashboardRevenue> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const total = await revenueTotal(db, { start, end });
  return {
    calls: total.calls,
    won: total.won.find((m) => m.currency === currency) ?? { currency, value: "0" },
    otherCurrencies: total.won.filter((m) => m.currency !== currency),
  };
}
